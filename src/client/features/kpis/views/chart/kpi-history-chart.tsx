import { autoUpdate, flip, FloatingPortal, offset, shift, useFloating } from "@floating-ui/react";
import { useId, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type SyntheticEvent } from "react";
import { styled, useTheme } from "styled-components";
import type { HistoryBucket } from "../../../../../contracts/kpis";
import { formatKpiValue } from "../../../../../domain/kpi/number-format";
import { chartPalette, type ChartPalette } from "../../../../ui/chart-palette";
import { partialBucketText, withoutLeadingEmptyBuckets } from "../../../../../domain/kpi/figure-coverage";
import { VisuallyHidden } from "../../../../ui/visually-hidden";
import { bucketName, describeHistory, deviationFromLastYear, deviationFromPlan, seriesCoverage } from "./chart-format";
import { ChartLegend } from "./chart-legend";
import { BucketTooltip } from "./chart-tooltip";
import { drawHistoryChart, type ChartMarker, type ChartBand, type HistoryChartGeometry } from "./draw-history-chart";
import { ALL_SERIES_VISIBLE, hasAnyValue, SERIES_KEYS, SERIES_LABEL, type SeriesKey, type SeriesVisibility } from "./series";
import { useElementWidth } from "./use-element-width";

export interface KpiHistoryChartProps {
  readonly buckets: readonly HistoryBucket[];
  /** The KPI's unit (currency, percentage, days, …), for axis ticks and tooltips. */
  readonly unit: string;
  /** The currency code money is shown in. */
  readonly currency: string;
  readonly title: string;
  readonly height?: number;
  /** Which series are shown; the legend toggles them from here. */
  readonly visible?: SeriesVisibility;
  /** Told of every legend toggle, e.g. to keep the choice; the chart follows `visible` when it changes. */
  readonly onVisibleChange?: (visible: SeriesVisibility) => void;
  /** Notes on months (comments), marked at the foot of their buckets. */
  readonly markers?: readonly ChartMarker[];
  /** Value ranges behind the bars (the KPI detail's benchmark bands), with a line that says what they are. */
  readonly bands?: { readonly bands: readonly ChartBand[]; readonly note: string };
}

export const DEFAULT_CHART_HEIGHT = 300;
/** The width drawn until the container is measured, and where nothing lays out. */
export const DEFAULT_CHART_WIDTH = 640;

/**
 * A KPI's history in buckets: actual as bars, planning as a line, last year dashed, forecast
 * dotted. d3 draws into the svg; hovering a bucket, or focusing the chart and moving with the
 * arrow keys, shows the bucket's values in a tooltip. The svg's accessible name summarizes the
 * series, and a visually hidden table holds every value. Buckets before the first value are
 * left out; a bucket whose actual covers only part of its months is hatched and says so.
 */
export function KpiHistoryChart({ buckets: allBuckets, unit, currency, title, height = DEFAULT_CHART_HEIGHT, visible: visibleProp, onVisibleChange, markers, bands }: KpiHistoryChartProps) {
  const buckets = useMemo(() => withoutLeadingEmptyBuckets(allBuckets), [allBuckets]);
  const theme = useTheme();
  const colours = useMemo(() => chartPalette(theme), [theme]);
  const [visible, setVisible] = useVisibility(visibleProp ?? ALL_SERIES_VISIBLE);
  const toggle = (key: SeriesKey) => {
    const next = { ...visible, [key]: !visible[key] };
    setVisible(next);
    onVisibleChange?.(next);
  };
  const empty = !hasAnyValue(buckets);
  return (
    <Figure>
      <figcaption>
        <span className="title">{title}</span>
        {!empty && <ChartLegend buckets={buckets} colours={colours} visible={visible} onToggle={toggle} />}
      </figcaption>
      {empty ? (
        <Empty style={{ minHeight: height }}>No values in this period.</Empty>
      ) : (
        <HistoryPlot buckets={buckets} unit={unit} currency={currency} title={title} height={height} visible={visible} colours={colours} markers={markers ?? NO_MARKERS} bands={bands?.bands} />
      )}
      {!empty && bands ? <Note data-testid="benchmark-note">{bands.note}</Note> : null}
    </Figure>
  );
}

interface HistoryPlotProps {
  readonly buckets: readonly HistoryBucket[];
  readonly unit: string;
  readonly currency: string;
  readonly title: string;
  readonly height: number;
  readonly visible: SeriesVisibility;
  readonly colours: ChartPalette;
  readonly markers: readonly ChartMarker[];
  readonly bands?: readonly ChartBand[] | undefined;
}

const NO_MARKERS: readonly ChartMarker[] = [];

function HistoryPlot({ buckets, unit, currency, title, height, visible, colours, markers, bands }: HistoryPlotProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const svgRef = useRef<SVGSVGElement>(null);
  const geometryRef = useRef<HistoryChartGeometry | null>(null);
  const width = useElementWidth(containerRef, DEFAULT_CHART_WIDTH);
  const [active, setActive] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const activeIndex = active !== null && active < buckets.length ? active : null;
  const activeBucket = activeIndex === null ? undefined : buckets[activeIndex];
  const tooltipId = useId();
  const hatchId = `partial-hatch-${useId().replace(/\W/g, "")}`;
  const anyPartial = buckets.some((bucket) => partialBucketText(bucket) !== null || SERIES_KEYS.some((key) => bucket.monthCounts.period > 1 && seriesCoverage(bucket, key) !== null));

  useLayoutEffect(() => {
    if (svgRef.current) geometryRef.current = drawHistoryChart(svgRef.current, { buckets, unit, currency, width, height, colours, visible, activeIndex, hatchId, markers, ...(bands ? { bands } : {}) });
  }, [buckets, unit, currency, width, height, colours, visible, activeIndex, hatchId, markers, bands]);

  const { refs, floatingStyles } = useFloating({
    open: activeIndex !== null,
    placement: "top",
    strategy: "fixed",
    middleware: [offset(10), flip({ fallbackPlacements: ["bottom", "right", "left"] }), shift({ padding: 8 })],
    whileElementsMounted: autoUpdate,
  });
  // The tooltip points at the bucket: a virtual element at the top of its highest value.
  useLayoutEffect(() => {
    const svg = svgRef.current;
    if (activeIndex === null || !svg) return;
    refs.setPositionReference({
      contextElement: svg,
      getBoundingClientRect: () => {
        const box = svg.getBoundingClientRect();
        const geometry = geometryRef.current;
        const x = box.left + (geometry?.bucketCenter(activeIndex) ?? 0);
        const y = box.top + (geometry?.bucketTop(activeIndex) ?? 0);
        return { x, y, left: x, right: x, top: y, bottom: y, width: 0, height: 0 };
      },
    });
  }, [activeIndex, refs, width, height, visible]);

  const summary = useMemo(() => describeHistory(title, buckets, unit, currency), [title, buckets, unit, currency]);

  const pointAt = (event: SyntheticEvent) => {
    const index = bucketIndexOf(event.target);
    if (index !== null) setActive(index);
  };
  const moveTo = (index: number) => {
    const bounded = Math.min(Math.max(index, 0), buckets.length - 1);
    setActive(bounded);
    const bucket = buckets[bounded];
    if (bucket) setAnnouncement(describeBucket(bucket, unit, currency));
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const current = activeIndex ?? 0;
    const target = { ArrowRight: current + 1, ArrowDown: current + 1, ArrowLeft: current - 1, ArrowUp: current - 1, Home: 0, End: buckets.length - 1 }[event.key];
    if (target !== undefined) {
      event.preventDefault();
      moveTo(target);
    } else if (event.key === "Escape") {
      setActive(null);
    }
  };

  return (
    <>
      <Plot ref={containerRef} style={{ height }}>
        <svg
          ref={svgRef}
          role="img"
          aria-label={`${summary} Use the arrow keys to read each period.`}
          aria-describedby={activeBucket ? tooltipId : undefined}
          tabIndex={0}
          onMouseMove={pointAt}
          onClick={pointAt}
          onMouseLeave={() => setActive(null)}
          onFocus={() => moveTo(activeIndex ?? 0)}
          onBlur={() => setActive(null)}
          onKeyDown={onKeyDown}
        />
      </Plot>
      {anyPartial ? (
        <Note>
          <svg width="14" height="14" aria-hidden="true">
            <rect width="14" height="14" fill={`url(#${hatchId})`} stroke={colours.actual} strokeWidth="1.5" />
          </svg>
          Hatched bars and hollow points cover only part of their period&apos;s months (hover for how many).
        </Note>
      ) : null}
      {markers.length > 0 ? (
        <Note>
          <svg width="14" height="14" aria-hidden="true">
            <path d="M7,0 L14,7 L7,14 L0,7 Z" fill={colours.axis} />
          </svg>
          Diamonds mark periods with comments on their months (hover for them; the Comments tab has them all).
        </Note>
      ) : null}
      {activeBucket && (
        <FloatingPortal>
          <BucketTooltip ref={refs.setFloating} id={tooltipId} bucket={activeBucket} unit={unit} currency={currency} colours={colours} style={floatingStyles} />
        </FloatingPortal>
      )}
      <VisuallyHidden aria-live="polite">{announcement}</VisuallyHidden>
      <ValuesTable title={title} buckets={buckets} unit={unit} currency={currency} />
    </>
  );
}

/** Every value of the chart, for screen readers. */
function ValuesTable({ title, buckets, unit, currency }: { title: string; buckets: readonly HistoryBucket[]; unit: string; currency: string }) {
  return (
    <VisuallyHidden as="div">
      <table>
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">Period</th>
            {SERIES_KEYS.map((key) => (
              <th key={key} scope="col">
                {SERIES_LABEL[key]}
              </th>
            ))}
            <th scope="col">Actual vs. plan</th>
            <th scope="col">Actual vs. last year</th>
          </tr>
        </thead>
        <tbody>
          {buckets.map((bucket) => (
            <tr key={bucket.startDate}>
              <th scope="row">
                {bucketName(bucket)}
                {bucket.monthCounts.period > 1 ? `, ${bucket.rangeLabel}` : ""}
              </th>
              {SERIES_KEYS.map((key) => (
                <td key={key}>{formatKpiValue(bucket[key], unit, { currency })}</td>
              ))}
              <td>{deviationFromPlan(bucket)}</td>
              <td>{deviationFromLastYear(bucket)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </VisuallyHidden>
  );
}

/**
 * Series visibility that the legend changes and that follows the prop when the prop changes
 * (compared by value, so an inline object does not reset the legend on every render).
 */
function useVisibility(fromProps: SeriesVisibility) {
  const [visible, setVisible] = useState(fromProps);
  const key = SERIES_KEYS.map((series) => Number(fromProps[series])).join("");
  const [seenKey, setSeenKey] = useState(key);
  if (key !== seenKey) {
    setSeenKey(key);
    setVisible(fromProps);
  }
  return [visible, setVisible] as const;
}

function bucketIndexOf(target: EventTarget): number | null {
  const index = target instanceof Element ? target.closest("[data-index]")?.getAttribute("data-index") : null;
  return index === null || index === undefined ? null : Number(index);
}

const describeBucket = (bucket: HistoryBucket, unit: string, currency: string) =>
  `${bucketName(bucket)}: ${SERIES_KEYS.map((key) => `${SERIES_LABEL[key]} ${formatKpiValue(bucket[key], unit, { currency })}`).join(", ")}, actual vs. plan ${deviationFromPlan(bucket)}, vs. last year ${deviationFromLastYear(bucket)}.`;

const Figure = styled.figure`
  margin: 0;
  display: grid;
  gap: 8px;
  figcaption { display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; gap: 8px; }
  .title { font-weight: 600; }
`;

const Plot = styled.div`
  position: relative;
  width: 100%;
  overflow: hidden;
  svg { display: block; }
  svg:focus-visible { outline: 2px solid ${(p) => p.theme.focus}; outline-offset: -2px; }
`;

const Note = styled.p`
  margin: 0;
  display: flex;
  align-items: center;
  gap: 6px;
  font-size: 13px;
  color: ${(p) => p.theme.textMuted};
`;

const Empty = styled.p`
  margin: 0;
  display: grid;
  place-items: center;
  color: ${(p) => p.theme.textMuted};
  border: 1px dashed ${(p) => p.theme.border};
  border-radius: 8px;
`;
