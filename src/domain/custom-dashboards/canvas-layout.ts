import { CANVAS_COLUMNS, CANVAS_MAX_ROWS } from "../../contracts/canvas-grid";
import type { CardLayout } from "../../contracts/custom-dashboards";

/**
 * The canvas dashboard's placement rules (issue 13), pure so the reducer, the keyboard handling
 * and the tests share them. A card is placed freely on the 12-column grid; cards never overlap:
 * a card that a move or a resize would cover is pushed down below it (and what that one then
 * covers, in turn), the way people expect from dashboard canvases.
 */

/** A card's place on a dashboard: its order (grid, paper) and its layout (canvas). */
export interface CardPlacement {
  readonly id: number;
  readonly position: number;
  readonly layout: CardLayout;
}

export const MAX_CARD_ROWS = 24;

/** Keeps a layout inside the canvas: at least 1×1, within the 12 columns and the rows. */
export function clampLayout(layout: CardLayout): CardLayout {
  const w = Math.min(Math.max(1, Math.round(layout.w)), CANVAS_COLUMNS);
  const h = Math.min(Math.max(1, Math.round(layout.h)), MAX_CARD_ROWS);
  const x = Math.min(Math.max(0, Math.round(layout.x)), CANVAS_COLUMNS - w);
  const y = Math.min(Math.max(0, Math.round(layout.y)), CANVAS_MAX_ROWS - h);
  return { x, y, w, h };
}

/** A new size for a card that stays where it is: within the columns right of it and the row limit. */
export function clampSize(layout: CardLayout, w: number, h: number): CardLayout {
  return { ...layout, w: Math.min(Math.max(1, Math.round(w)), CANVAS_COLUMNS - layout.x), h: Math.min(Math.max(1, Math.round(h)), MAX_CARD_ROWS, CANVAS_MAX_ROWS - layout.y) };
}

export const overlaps = (a: CardLayout, b: CardLayout) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

/**
 * Puts card `id` at `layout` (clamped) and pushes every card it then covers down below it,
 * repeating for the pushed cards. The moved card keeps its place; the others keep their columns.
 * Positions follow the reading order afterwards (row, then column).
 */
export function placeCard(cards: readonly CardPlacement[], id: number, layout: CardLayout): CardPlacement[] {
  const placed = new Map(cards.map((card) => [card.id, card.layout] as const));
  if (!placed.has(id)) return [...cards];
  placed.set(id, clampLayout(layout));
  const queue = [id];
  while (queue.length > 0) {
    const moverId = queue.shift()!;
    const mover = placed.get(moverId)!;
    for (const card of cards) {
      if (card.id === moverId || card.id === id) continue;
      const other = placed.get(card.id)!;
      if (!overlaps(mover, other)) continue;
      placed.set(card.id, { ...other, y: Math.min(mover.y + mover.h, CANVAS_MAX_ROWS - other.h) });
      queue.push(card.id);
    }
  }
  return inReadingOrder(cards.map((card) => ({ ...card, layout: placed.get(card.id)! })));
}

/** The cards with positions 0… in reading order: by row, then by column, then by id. */
export function inReadingOrder(cards: readonly CardPlacement[]): CardPlacement[] {
  const sorted = [...cards].sort((a, b) => a.layout.y - b.layout.y || a.layout.x - b.layout.x || a.id - b.id);
  const positionOf = new Map(sorted.map((card, index) => [card.id, index] as const));
  return cards.map((card) => ({ ...card, position: positionOf.get(card.id)! }));
}

/** Grid dashboards: card `id` moved to `position` (clamped), the others closing up in order. */
export function reorderCard(cards: readonly CardPlacement[], id: number, position: number): CardPlacement[] {
  const ordered = [...cards].sort((a, b) => a.position - b.position);
  const from = ordered.findIndex((card) => card.id === id);
  if (from < 0) return [...cards];
  const [moved] = ordered.splice(from, 1);
  ordered.splice(Math.min(Math.max(0, position), ordered.length), 0, moved!);
  const positionOf = new Map(ordered.map((card, index) => [card.id, index] as const));
  return cards.map((card) => ({ ...card, position: positionOf.get(card.id)! }));
}

export type Direction = "left" | "right" | "up" | "down";
const STEP: Readonly<Record<Direction, { readonly dx: number; readonly dy: number }>> = { left: { dx: -1, dy: 0 }, right: { dx: 1, dy: 0 }, up: { dx: 0, dy: -1 }, down: { dx: 0, dy: 1 } };

/** One keyboard step: the layout moved one cell, or null at the canvas's edge. */
export function steppedMove(layout: CardLayout, direction: Direction): CardLayout | null {
  const { dx, dy } = STEP[direction];
  const next = clampLayout({ ...layout, x: layout.x + dx, y: layout.y + dy });
  return next.x === layout.x && next.y === layout.y ? null : next;
}

/** One keyboard step of resizing (right/down grow, left/up shrink), or null at a limit. */
export function steppedResize(layout: CardLayout, direction: Direction): CardLayout | null {
  const { dx, dy } = STEP[direction];
  const next = clampSize(layout, layout.w + dx, layout.h + dy);
  return next.w === layout.w && next.h === layout.h ? null : next;
}

/** "column 3, row 2, 4 columns wide and 3 rows high": what the live region says after a change. */
export function describeLayout(layout: CardLayout): string {
  return `column ${layout.x + 1}, row ${layout.y + 1}, ${layout.w} ${layout.w === 1 ? "column" : "columns"} wide and ${layout.h} ${layout.h === 1 ? "row" : "rows"} high`;
}

/** The rows the canvas needs to show every card (at least `minimum`). */
export const canvasRows = (cards: readonly { readonly layout: CardLayout }[], minimum = 6) => Math.max(minimum, ...cards.map((card) => card.layout.y + card.layout.h));

/**
 * Paper: canvas cards in reading order, grouped into rows of cards that share vertical space,
 * each card keeping its width in columns, so a row never splits and a card is never cut.
 */
export function paperRows<C extends { readonly layout: CardLayout; readonly id: number }>(cards: readonly C[]): C[][] {
  const sorted = [...cards].sort((a, b) => a.layout.y - b.layout.y || a.layout.x - b.layout.x || a.id - b.id);
  const rows: C[][] = [];
  let bottom = -1;
  for (const card of sorted) {
    const current = rows.at(-1);
    if (current && card.layout.y < bottom) {
      current.push(card);
      bottom = Math.max(bottom, card.layout.y + card.layout.h);
    } else {
      rows.push([card]);
      bottom = card.layout.y + card.layout.h;
    }
  }
  return rows.map((row) => row.sort((a, b) => a.layout.x - b.layout.x || a.layout.y - b.layout.y));
}
