import { CANVAS_COLUMNS, CANVAS_MAX_ROWS } from "../../contracts/canvas-grid";
import type { CardLayout, CardType } from "../../contracts/custom-dashboards";

/**
 * Where a new card goes on a canvas when nobody placed it: the left edge of the first row below
 * every card, at its type's usual size (a figure is small, a chart wide). On a grid dashboard the
 * layout is kept too, so the dashboard can become a canvas without piling its cards up.
 */
export const DEFAULT_CARD_SIZE: Readonly<Record<CardType, { w: number; h: number }>> = {
  text: { w: 4, h: 4 },
  kpi: { w: 3, h: 4 },
  kpiChart: { w: 6, h: 8 },
  chart: { w: 6, h: 8 },
};

/** The first free place below `taken` for a card of `type`, or null when the canvas has no rows left. */
export function placeBelow(taken: readonly CardLayout[], type: CardType): CardLayout | null {
  const y = taken.reduce((bottom, layout) => Math.max(bottom, layout.y + layout.h), 0);
  const { w, h } = DEFAULT_CARD_SIZE[type];
  if (y > CANVAS_MAX_ROWS - 1) return null;
  return { x: 0, y, w: Math.min(w, CANVAS_COLUMNS), h };
}
