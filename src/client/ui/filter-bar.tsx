import { useLayoutEffect, useRef, useState, type ReactNode } from "react";
import { styled } from "styled-components";
import { Button } from "./button";
import { Icon } from "./icons";
import { Popover } from "./popover";
import { RADIUS, SPACE } from "./tokens";

/**
 * How much a filter matters when room is short:
 * - `essential` stays in the bar at every width (the reporting month: people must see what they look at);
 * - `primary` stays in the bar until only the essential ones fit;
 * - `secondary` moves into "More filters" first.
 */
export type FilterPriority = "essential" | "primary" | "secondary";

export interface FilterBarItem {
  /** Stable key of the control. */
  readonly key: string;
  /** A complete compact control with its label: FilterSelect, MonthInput, CheckboxGroup, SegmentedControl, Checkbox. */
  readonly control: ReactNode;
  readonly priority?: FilterPriority;
  /** The filter differs from its default; counted on the Filters / More filters button. */
  readonly changed?: boolean;
}

/**
 * - `inline`: every control in one line (a dashboard at 1440 px);
 * - `more`: essential and primary controls in the line, secondary ones behind "More filters";
 * - `compact`: essential controls and one "Filters (n)" button with everything else (a phone).
 * `auto` picks the widest layout that fits the bar's own width, and follows resizes.
 */
export type FilterBarLayout = "auto" | "inline" | "more" | "compact";

export interface FilterBarProps {
  /** Names the bar (a form landmark), e.g. "Dashboard filters". */
  readonly label: string;
  readonly items: readonly FilterBarItem[];
  /** Resets every filter the bar shows to its default; shows a "Reset filters" button. */
  readonly onReset?: () => void;
  readonly layout?: FilterBarLayout;
}

const LAYOUTS = ["inline", "more", "compact"] as const;
type ConcreteLayout = (typeof LAYOUTS)[number];

/**
 * The one filter bar above a report: labelled compact controls in one line that give way
 * gracefully on narrower screens (see FilterBarLayout). Changes apply at once; the bar holds no
 * state of its own but its layout.
 */
export function FilterBar({ label, items, onReset, layout = "auto" }: FilterBarProps) {
  const frame = useRef<HTMLFormElement>(null);
  const row = useRef<HTMLDivElement>(null);
  const needed = useRef(new Map<ConcreteLayout, number>());
  const [measured, setMeasured] = useState<ConcreteLayout>("inline");
  const current: ConcreteLayout = layout === "auto" ? measured : layout;

  // After each render in auto mode: remember how wide this layout is; step down if it does not fit.
  useLayoutEffect(() => {
    if (layout !== "auto" || !frame.current || !row.current) return;
    const available = frame.current.clientWidth;
    const width = row.current.scrollWidth;
    needed.current.set(current, width);
    const next = LAYOUTS[LAYOUTS.indexOf(current) + 1];
    if (width > available && next) setMeasured(next);
  });
  // On resize: the widest layout known (or not yet tried) to fit.
  useLayoutEffect(() => {
    if (layout !== "auto" || !frame.current || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(() => {
      const available = frame.current?.clientWidth ?? 0;
      if (available === 0) return;
      const fits = LAYOUTS.find((candidate) => {
        const width = needed.current.get(candidate);
        return width === undefined || width <= available;
      });
      setMeasured(fits ?? "compact");
    });
    observer.observe(frame.current);
    return () => observer.disconnect();
  }, [layout]);

  const priorityOf = (item: FilterBarItem) => item.priority ?? "primary";
  const inBar = items.filter((item) => current === "inline" || priorityOf(item) === "essential" || (current === "more" && priorityOf(item) === "primary"));
  const tucked = items.filter((item) => !inBar.includes(item));
  const changedCount = items.filter((item) => item.changed).length;
  const tuckedChanged = tucked.filter((item) => item.changed).length;
  const tracksChanges = items.some((item) => item.changed !== undefined);
  const reset = onReset ? (
    <Button size="sm" variant="quiet" onClick={onReset} disabled={tracksChanges && changedCount === 0}>
      Reset filters
    </Button>
  ) : null;
  const moreLabel = current === "compact" ? "Filters" : "More filters";

  return (
    <Bar ref={frame} aria-label={label} onSubmit={(event) => event.preventDefault()} data-layout={current} $forced={layout !== "auto"}>
      <div ref={row} className={`row ${current}`}>
        {inBar.map((item) => (
          <div key={item.key} className="item">
            {item.control}
          </div>
        ))}
        {tucked.length > 0 ? (
          <div className="item">
            <Popover
              label={moreLabel}
              placement="bottom-start"
              trigger={(props) => (
                <Button {...props} size="sm" icon={<Icon name="filter" size={14} />}>
                  {tuckedChanged > 0 ? `${moreLabel} (${tuckedChanged})` : moreLabel}
                </Button>
              )}
            >
              <Tucked>
                {tucked.map((item) => (
                  <div key={item.key}>{item.control}</div>
                ))}
                {current === "compact" ? reset : null}
              </Tucked>
            </Popover>
          </div>
        ) : null}
        {current !== "compact" && reset ? <div className="item reset">{reset}</div> : null}
      </div>
    </Bar>
  );
}

const Bar = styled.form<{ $forced: boolean }>`
  min-width: 0;
  /* Auto layout measures and never overflows; a forced layout scrolls sideways if it must. */
  overflow-x: ${(p) => (p.$forced ? "auto" : "hidden")};
  overflow-y: hidden;
  padding: ${SPACE.sm} ${SPACE.md};
  border: 1px solid ${(p) => p.theme.border};
  border-radius: ${RADIUS.lg};
  background: ${(p) => p.theme.surface};
  .row { display: flex; align-items: flex-end; gap: ${SPACE.sm} ${SPACE.md}; }
  .row.inline, .row.more { flex-wrap: nowrap; width: max-content; max-width: none; }
  .row.compact { flex-wrap: wrap; }
  .item { flex: none; min-width: 0; }
  .reset { margin-left: auto; }
`;

/** The controls in the popover, one under the other (the popover renders in a portal, outside Bar). */
const Tucked = styled.div`
  display: grid;
  gap: ${SPACE.md};
  justify-items: start;
  > div { max-width: 100%; }
`;
