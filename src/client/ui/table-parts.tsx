import type { ComponentPropsWithoutRef, ReactNode } from "react";
import { css, styled } from "styled-components";
import { Icon } from "./icons";
import { numeric } from "./numeric";
import { ScrollArea } from "./scroll-area";
import { FONT_WEIGHT, LAYER, RADIUS, SPACE, TYPE_SCALE } from "./tokens";

/*
 * The parts DataTable is made of, for tables DataTable does not cover: the P&L tree (TableFrame,
 * Table, Th, Td, RowToggle) and virtualized lists laid out as grids (headerCell / bodyCell /
 * tableRow styles on divs, with role="table"/"row"/"cell" semantics supplied by the list).
 */

/** A cell's deviation colour: good / bad in the KPI's direction, neutral otherwise. */
export type CellTone = "good" | "bad" | "neutral";

/** Header cell look: small, muted, semibold, on the raised surface. For grid-based tables too. */
export const headerCell = css`
  padding: ${SPACE.sm} ${SPACE.md};
  background: ${(p) => p.theme.surfaceRaised};
  color: ${(p) => p.theme.textMuted};
  font-size: ${TYPE_SCALE.sm.size};
  line-height: ${TYPE_SCALE.sm.lineHeight};
  font-weight: ${FONT_WEIGHT.semibold};
  text-align: left;
  white-space: nowrap;
  border-bottom: 1px solid ${(p) => p.theme.border};
`;

/** Body cell look: dense (32 px rows), one line, a rule below. */
export const bodyCell = css`
  height: 32px;
  padding: ${SPACE.xs} ${SPACE.md};
  color: ${(p) => p.theme.text};
  background: ${(p) => p.theme.surface};
  border-bottom: 1px solid ${(p) => p.theme.border};
  white-space: nowrap;
  text-align: left;
`;

/** A numeric column: right-aligned tabular figures. */
export const numericCell = css`
  ${numeric}
  text-align: right;
`;

/** The scroll container with the table's frame; keyboard-reachable when it overflows (ScrollArea). */
export function TableFrame({ label, maxHeight = "70vh", children, ...props }: { label: string; maxHeight?: string; children: ReactNode } & Omit<ComponentPropsWithoutRef<"div">, "aria-label">) {
  return (
    <Frame label={label} maxHeight={maxHeight} {...props}>
      {children}
    </Frame>
  );
}

const Frame = styled(ScrollArea)`
  /* Sticky headers stack inside the frame only, so a menu or popover never slides under them. */
  isolation: isolate;
  border: 1px solid ${(p) => p.theme.border};
  background: ${(p) => p.theme.surface};
`;

/**
 * A dense table with a sticky header (inside TableFrame), hover rows, and cells styled by
 * attributes: `data-numeric` (right-aligned tabular figures), `data-tone` (good/bad/neutral).
 */
export const Table = styled.table`
  width: 100%;
  border-collapse: separate;
  border-spacing: 0;
  font-size: ${TYPE_SCALE.md.size};
  line-height: ${TYPE_SCALE.md.lineHeight};
  caption { padding: ${SPACE.sm} ${SPACE.md}; text-align: left; font-weight: ${FONT_WEIGHT.semibold}; caption-side: top; }
  thead th { ${headerCell} position: sticky; top: 0; z-index: ${LAYER.sticky}; }
  tbody th, tbody td { ${bodyCell} }
  tbody th { font-weight: ${FONT_WEIGHT.regular}; }
  tbody tr:last-child > * { border-bottom: 0; }
  tbody tr:hover > * { background: ${(p) => p.theme.surfaceHover}; }
  [data-numeric] { ${numericCell} }
  [data-tone="good"] { color: ${(p) => p.theme.good}; }
  [data-tone="bad"] { color: ${(p) => p.theme.bad}; }
  [data-tone="neutral"] { color: ${(p) => p.theme.neutral}; }
  [data-sticky-column] { position: sticky; left: 0; z-index: ${LAYER.sticky - 1}; }
  thead [data-sticky-column] { z-index: ${LAYER.sticky + 1}; }
  td.empty { padding: ${SPACE.xl} ${SPACE.md}; height: auto; text-align: center; color: ${(p) => p.theme.textMuted}; white-space: normal; }
`;

export interface CellProps {
  /** Right-aligned tabular figures. */
  readonly numeric?: boolean | undefined;
  /** Colour of a deviation. Pair it with words for screen readers ("favourable") where it carries meaning. */
  readonly tone?: CellTone | undefined;
  /** Stays in view while the table scrolls sideways (the first column of a wide table). */
  readonly sticky?: boolean | undefined;
}

/** A header cell; `scope` is required so every cell knows its header ("col" in thead, "row" for row headers). */
export function Th({ numeric: isNumeric, tone, sticky, scope, ...props }: CellProps & ComponentPropsWithoutRef<"th"> & { scope: "col" | "row" }) {
  return <th scope={scope} data-numeric={isNumeric || undefined} data-tone={tone} data-sticky-column={sticky || undefined} {...props} />;
}

/** A body cell. */
export function Td({ numeric: isNumeric, tone, sticky, ...props }: CellProps & ComponentPropsWithoutRef<"td">) {
  return <td data-numeric={isNumeric || undefined} data-tone={tone} data-sticky-column={sticky || undefined} {...props} />;
}

export interface RowToggleProps {
  readonly expanded: boolean;
  readonly onToggle: () => void;
  /** The row's name: the toggle's visible text and accessible name. */
  readonly children: ReactNode;
  /** Nesting depth, 0 for roots: indents the row. */
  readonly depth?: number;
}

/** The expand/collapse button of a tree row (P&L): chevron and name, `aria-expanded`. */
export function RowToggle({ expanded, onToggle, children, depth = 0 }: RowToggleProps) {
  return (
    <ToggleButton type="button" aria-expanded={expanded} onClick={onToggle} style={{ marginLeft: depth * 20 }}>
      <span className={expanded ? "chevron open" : "chevron"} aria-hidden="true">
        <Icon name="chevronRight" size={12} />
      </span>
      {children}
    </ToggleButton>
  );
}

/** Indents a tree row without children so its name lines up with its toggling siblings. */
export const TreeLeaf = styled.span<{ $depth?: number }>`
  display: inline-block;
  padding-left: ${(p) => (p.$depth ?? 0) * 20 + 18}px;
`;

const ToggleButton = styled.button`
  display: inline-flex;
  align-items: center;
  gap: ${SPACE.xs};
  padding: 0 ${SPACE.xs} 0 0;
  border: 0;
  border-radius: ${RADIUS.sm};
  background: none;
  color: inherit;
  font: inherit;
  font-weight: inherit;
  cursor: pointer;
  .chevron { display: inline-flex; width: 14px; color: ${(p) => p.theme.textMuted}; transition: transform 120ms; }
  .chevron.open { transform: rotate(90deg); }
`;
