import { styled } from "styled-components";
import { bodyCell, headerCell, numericCell } from "../../../../ui/table-parts";
import { FONT_WEIGHT, SPACE, TYPE_SCALE } from "../../../../ui/tokens";
import { LIST_VIEW_COLUMNS, type ListViewColumnKey } from "../../../../../domain/kpi/list-view";

/** Every body row has this height, so the list can place rows without measuring them. */
export const ROW_HEIGHT = 36;
/** The body's default viewport: about 13 rows. */
export const DEFAULT_BODY_HEIGHT = 480;

/** Per column: its least width in pixels, and its share of any width left over. */
const COLUMN_SIZES: Record<ListViewColumnKey, readonly [number, number]> = {
  kpi: [180, 2],
  category: [120, 1.2],
  unit: [72, 0],
  month: [150, 0],
  actual: [120, 1],
  planning: [120, 1],
  lastYear: [120, 1],
  forecast: [120, 1],
  deviation: [160, 1],
  deviationPercent: [180, 1],
};
const COLUMN_GAP = 12;
const ROW_PADDING = 12;
/** Room for the body's vertical scrollbar, which the head reserves too. */
const SCROLLBAR_GUTTER = 16;
const GRID_COLUMNS = LIST_VIEW_COLUMNS.map((column) => COLUMN_SIZES[column.key])
  .map(([least, share]) => (share === 0 ? `${least}px` : `minmax(${least}px, ${share}fr)`))
  .join(" ");
/** Below this width the table scrolls sideways instead of squeezing its columns. */
const MIN_WIDTH = LIST_VIEW_COLUMNS.reduce((sum, column) => sum + COLUMN_SIZES[column.key][0], 0) + COLUMN_GAP * (LIST_VIEW_COLUMNS.length - 1) + 2 * ROW_PADDING + SCROLLBAR_GUTTER;

export const Section = styled.section`
  display: grid;
  gap: ${SPACE.md};
  min-width: 0;
  color: ${(p) => p.theme.text};
  h2 { margin: 0; font-size: ${TYPE_SCALE.lg.size}; line-height: ${TYPE_SCALE.lg.lineHeight}; font-weight: ${FONT_WEIGHT.semibold}; }
  p { margin: 0; }
`;

export const Toolbar = styled.div`
  display: flex;
  gap: ${SPACE.md};
  align-items: center;
  flex-wrap: wrap;
  .count { color: ${(p) => p.theme.textMuted}; font-size: ${TYPE_SCALE.md.size}; margin-right: auto; }
`;

export const Notice = styled.div`
  display: grid;
  gap: ${SPACE.md};
  justify-items: start;
  border: 1px solid ${(p) => p.theme.warning};
  background: ${(p) => p.theme.surface};
  border-radius: 8px;
  padding: ${SPACE.md} ${SPACE.lg};
`;

export const Muted = styled.p`
  color: ${(p) => p.theme.textMuted};
  font-size: ${TYPE_SCALE.sm.size};
`;

/**
 * The table: a head row and the virtualized body share one grid template and scroll sideways
 * together inside the ScrollArea around it; the body scrolls down on its own (both reserve the
 * scrollbar's gutter so the columns line up). Cells look like the design system's table cells.
 */
export const TableFrame = styled.div`
  /* Contains the visually hidden texts (absolutely placed), so they scroll with the table and never widen the page. */
  position: relative;
  min-width: ${MIN_WIDTH}px;
  border: 1px solid ${(p) => p.theme.border};
  border-radius: 8px;
  background: ${(p) => p.theme.surface};
  .head { overflow: hidden; scrollbar-gutter: stable; }
  .body { scrollbar-gutter: stable; }
  .row { display: grid; grid-template-columns: ${GRID_COLUMNS}; column-gap: ${COLUMN_GAP}px; align-items: center; padding: 0 ${ROW_PADDING}px; }
  .head .row { ${headerCell} padding: ${SPACE.xs} ${ROW_PADDING}px; min-height: 48px; white-space: normal; }
  .body .row { ${bodyCell} height: ${ROW_HEIGHT}px; padding: 0 ${ROW_PADDING}px; }
  .body .row:hover { background: ${(p) => p.theme.surfaceHover}; }
  .cell { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  .num { ${numericCell} }
  .empty { padding: ${SPACE.md}; color: ${(p) => p.theme.textMuted}; }
`;

export const HeaderCell = styled.div`
  display: flex;
  align-items: center;
  gap: 2px;
  min-width: 0;
  &.num { justify-content: flex-end; }
  .stack { display: inline-grid; justify-items: start; min-width: 0; }
  &.num .stack { justify-items: end; }
  .sort {
    font: inherit;
    color: inherit;
    background: none;
    border: 0;
    padding: 4px 2px;
    cursor: pointer;
    text-align: inherit;
    line-height: 1.25;
    overflow: hidden;
    min-width: 0;
  }
  .sort { white-space: nowrap; text-overflow: ellipsis; }
  .scale { font-weight: ${FONT_WEIGHT.regular}; font-size: ${TYPE_SCALE.xs.size}; line-height: 1; padding: 0 2px; }
  .sort:hover { color: ${(p) => p.theme.text}; }
  &[aria-sort="ascending"] .sort, &[aria-sort="descending"] .sort { color: ${(p) => p.theme.text}; font-weight: ${FONT_WEIGHT.semibold}; }
`;

/** The content of a column's settings or filter panel (the design system's Popover frames it). */
export const PopoverBody = styled.div`
  display: grid;
  gap: ${SPACE.md};
  p { margin: 0; line-height: 1.5; }
  .actions { display: flex; gap: ${SPACE.sm}; justify-content: flex-end; }
`;

export const ChoiceList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  max-height: 240px;
  overflow-y: auto;
  border: 1px solid ${(p) => p.theme.border};
  border-radius: 6px;
  background: ${(p) => p.theme.surface};
  li label { display: flex; gap: 8px; align-items: center; padding: 5px 8px; cursor: pointer; }
  li label:hover { background: ${(p) => p.theme.surfaceHover}; }
  li span { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
`;
