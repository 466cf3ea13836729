import { styled } from "styled-components";
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
  month: [96, 0],
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
  gap: 12px;
  min-width: 0;
  color: ${(p) => p.theme.text};
  h2 { margin: 0; font-size: 16px; font-weight: 600; }
  p { margin: 0; line-height: 1.5; }
`;

export const Toolbar = styled.div`
  display: flex;
  gap: 12px;
  align-items: center;
  flex-wrap: wrap;
  .count { color: ${(p) => p.theme.textMuted}; font-size: 14px; margin-right: auto; }
`;

export const Notice = styled.div`
  display: grid;
  gap: 12px;
  justify-items: start;
  border: 1px solid ${(p) => p.theme.warning};
  background: ${(p) => p.theme.surface};
  border-radius: 8px;
  padding: 14px 16px;
`;

export const Muted = styled.p`
  color: ${(p) => p.theme.textMuted};
`;

/**
 * The table: a head row and the virtualized body share one grid template and scroll sideways
 * together; the body scrolls down on its own (both reserve the scrollbar's gutter so the
 * columns line up).
 */
export const TableFrame = styled.div`
  border: 1px solid ${(p) => p.theme.border};
  border-radius: 8px;
  background: ${(p) => p.theme.surface};
  overflow-x: auto;
  > * { min-width: ${MIN_WIDTH}px; }
  .head { background: ${(p) => p.theme.surfaceRaised}; overflow: hidden; scrollbar-gutter: stable; }
  .body { scrollbar-gutter: stable; }
  .row { display: grid; grid-template-columns: ${GRID_COLUMNS}; column-gap: ${COLUMN_GAP}px; align-items: center; padding: 0 ${ROW_PADDING}px; }
  .head .row { min-height: 44px; font-size: 13px; color: ${(p) => p.theme.textMuted}; }
  .body .row { height: ${ROW_HEIGHT}px; border-top: 1px solid ${(p) => p.theme.border}; font-size: 14px; }
  .body .row:hover { background: ${(p) => p.theme.surfaceRaised}; }
  .cell { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  .num { text-align: right; font-variant-numeric: tabular-nums; }
  .empty { padding: 14px 12px; color: ${(p) => p.theme.textMuted}; }
`;

export const HeaderCell = styled.div`
  display: flex;
  align-items: center;
  gap: 2px;
  min-width: 0;
  &.num { justify-content: flex-end; }
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
  .sort:hover { color: ${(p) => p.theme.text}; }
  &[aria-sort="ascending"] .sort, &[aria-sort="descending"] .sort { color: ${(p) => p.theme.text}; font-weight: 600; }
`;

export const IconButton = styled.button<{ $active?: boolean }>`
  font: inherit;
  flex: none;
  width: 24px;
  height: 24px;
  display: inline-grid;
  place-items: center;
  border-radius: 4px;
  border: 1px solid ${(p) => (p.$active ? p.theme.accent : "transparent")};
  background: ${(p) => (p.$active ? p.theme.surface : "transparent")};
  color: ${(p) => (p.$active ? p.theme.accent : p.theme.textMuted)};
  cursor: pointer;
  padding: 0;
  &:hover { color: ${(p) => p.theme.text}; border-color: ${(p) => p.theme.border}; }
  &[aria-disabled="true"] { opacity: 0.5; cursor: help; }
`;

export const PopoverPanel = styled.div`
  z-index: 20;
  width: 280px;
  display: grid;
  gap: 12px;
  padding: 14px;
  border-radius: 8px;
  border: 1px solid ${(p) => p.theme.border};
  background: ${(p) => p.theme.surfaceRaised};
  color: ${(p) => p.theme.text};
  box-shadow: 0 8px 24px ${(p) => p.theme.background};
  font-size: 14px;
  h3 { margin: 0; font-size: 14px; font-weight: 600; }
  p { margin: 0; line-height: 1.5; }
  .actions { display: flex; gap: 8px; justify-content: flex-end; }
  .actions button { padding: 4px 10px; font-size: 13px; }
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
  li label:hover { background: ${(p) => p.theme.surfaceRaised}; }
  li span { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
`;
