/**
 * The canvas dashboard's grid, without any schema: the canvas rules in domain/ (and through them
 * the client's initial read models) need these numbers, and importing them from
 * custom-dashboards.ts would pull @effect/schema and effect into the initial JavaScript.
 */
export const CANVAS_COLUMNS = 12;
export const CANVAS_MAX_ROWS = 400;
