import { DEFAULT_LIST_COLUMNS, LIST_COLUMNS, type ListColumn, type OkrListRow } from "../../contracts/okr-insights";

/**
 * The OKR list view (issue 16, scope 3): a person's columns, rows grouped under their objective,
 * and sorting by a column that keeps the groups together.
 */

/**
 * The columns a person sees from what is stored (okr_user_settings.list_columns): known ids in
 * their order, each once; nothing stored, or nothing left that is known, gives the defaults.
 */
export function storedColumns(stored: unknown): { columns: ListColumn[]; isDefault: boolean } {
  if (!Array.isArray(stored)) return { columns: [...DEFAULT_LIST_COLUMNS], isDefault: true };
  const known = new Set<string>(LIST_COLUMNS);
  const columns = [...new Set(stored.filter((id): id is ListColumn => typeof id === "string" && known.has(id)))];
  return columns.length === 0 ? { columns: [...DEFAULT_LIST_COLUMNS], isDefault: true } : { columns, isDefault: false };
}

/** Moves a column one place up (-1) or down (+1); at an end it stays. */
export function moveColumn(columns: readonly ListColumn[], column: ListColumn, by: -1 | 1): ListColumn[] {
  const result = [...columns];
  const index = result.indexOf(column);
  const target = index + by;
  if (index < 0 || target < 0 || target >= result.length) return result;
  [result[index], result[target]] = [result[target]!, result[index]!];
  return result;
}

/** Shows a hidden column (at the end) or hides a shown one (never the last one shown). */
export function toggleColumn(columns: readonly ListColumn[], column: ListColumn): ListColumn[] {
  if (columns.includes(column)) return columns.length === 1 ? [...columns] : columns.filter((entry) => entry !== column);
  return [...columns, column];
}

/** The columns a list can be sorted by (link is not a value). */
export type SortColumn = Exclude<ListColumn, "link">;
export const SORTABLE: ReadonlySet<ListColumn> = new Set(LIST_COLUMNS.filter((column) => column !== "link"));

/** A row's value in a column, for sorting: a number or text; null sorts last either way. */
export function sortValue(row: OkrListRow, column: SortColumn): number | string | null {
  const keyResult = row.keyResult;
  switch (column) {
    case "name":
      return (keyResult?.title ?? row.objectiveTitle).toLocaleLowerCase();
    case "kpi":
      return keyResult?.kpi?.name.toLocaleLowerCase() ?? null;
    case "start_target_actual":
      return keyResult?.actual ?? null;
    case "progress":
      return keyResult ? keyResult.progress : row.objectiveProgress;
    case "status":
      return row.status?.name.toLocaleLowerCase() ?? null;
    case "updated":
      return row.updatedAt;
    case "responsible":
      return row.responsible[0]?.name.toLocaleLowerCase() ?? null;
    case "level":
      return ["corporate", "team", "employee"].indexOf(row.level);
    case "unit":
      return (row.unit?.name ?? row.owner?.name ?? "").toLocaleLowerCase() || null;
    case "period":
      return row.startsOn;
    case "confidence":
      return keyResult?.confidence ?? null;
  }
}

export interface ObjectiveGroup {
  readonly objectiveId: number;
  readonly rows: readonly OkrListRow[];
}

/** The rows by objective, in the order the objectives first appear. */
export function groupByObjective(rows: readonly OkrListRow[]): ObjectiveGroup[] {
  const groups = new Map<number, OkrListRow[]>();
  for (const row of rows) {
    const group = groups.get(row.objectiveId) ?? [];
    group.push(row);
    groups.set(row.objectiveId, group);
  }
  return [...groups].map(([objectiveId, members]) => ({ objectiveId, rows: members }));
}

function compare(a: number | string | null, b: number | string | null, direction: 1 | -1): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1; // blanks last both ways
  if (typeof a === "number" && typeof b === "number") return (a - b) * direction;
  return String(a).localeCompare(String(b)) * direction;
}

/**
 * Sorted by a column, the groups stay together: the key results sort within their objective, and
 * the objectives by their first row after that. Ties keep the server's order (by level, position).
 */
export function sortRows(rows: readonly OkrListRow[], column: SortColumn | null, direction: "ascending" | "descending"): OkrListRow[] {
  if (column === null) return [...rows];
  const sign = direction === "ascending" ? 1 : -1;
  const groups = groupByObjective(rows).map((group, index) => ({
    index,
    rows: group.rows.map((row, position) => ({ row, position })).sort((a, b) => compare(sortValue(a.row, column), sortValue(b.row, column), sign) || a.position - b.position).map((entry) => entry.row),
  }));
  groups.sort((a, b) => compare(sortValue(a.rows[0]!, column), sortValue(b.rows[0]!, column), sign) || a.index - b.index);
  return groups.flatMap((group) => group.rows);
}

/** The list view's address: its filter and sort (?level=&unitId=&from=&to=&statusId=&responsibleId=&sort=&dir=). */
export interface ListViewAddress {
  readonly level: "corporate" | "team" | "employee" | null;
  readonly unitId: number | null;
  readonly from: string | null;
  readonly to: string | null;
  readonly statusId: number | null;
  readonly responsibleId: number | null;
  readonly sort: SortColumn | null;
  readonly direction: "ascending" | "descending";
}

const idOf = (text: string | null) => (text !== null && /^\d{1,15}$/.test(text) && Number(text) > 0 ? Number(text) : null);
const dateOf = (text: string | null) => (text !== null && /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(Date.parse(`${text}T00:00:00Z`)) ? text : null);

/** The address's filter and sort; anything unknown reads as no filter. */
export function listViewAddressOf(search: string): ListViewAddress {
  const query = new URLSearchParams(search);
  const level = query.get("level");
  const sort = query.get("sort");
  return {
    level: level === "corporate" || level === "team" || level === "employee" ? level : null,
    unitId: idOf(query.get("unitId")),
    from: dateOf(query.get("from")),
    to: dateOf(query.get("to")),
    statusId: idOf(query.get("statusId")),
    responsibleId: idOf(query.get("responsibleId")),
    sort: sort !== null && SORTABLE.has(sort as ListColumn) ? (sort as SortColumn) : null,
    direction: query.get("dir") === "descending" ? "descending" : "ascending",
  };
}

/** The address's query: only what is set. */
export function listViewSearch(address: ListViewAddress): string {
  const query = new URLSearchParams();
  if (address.level !== null) query.set("level", address.level);
  if (address.unitId !== null) query.set("unitId", String(address.unitId));
  if (address.from !== null) query.set("from", address.from);
  if (address.to !== null) query.set("to", address.to);
  if (address.statusId !== null) query.set("statusId", String(address.statusId));
  if (address.responsibleId !== null) query.set("responsibleId", String(address.responsibleId));
  if (address.sort !== null) {
    query.set("sort", address.sort);
    if (address.direction === "descending") query.set("dir", "descending");
  }
  const text = query.toString();
  return text ? `?${text}` : "";
}

/** One line of the list as drawn: an objective's heading above its key results, a key result, or an objective without key results. */
export type ListLine = { readonly kind: "objective"; readonly row: OkrListRow; readonly keyResults: number } | { readonly kind: "key_result"; readonly row: OkrListRow } | { readonly kind: "lone"; readonly row: OkrListRow };

/** The sorted rows as lines: each objective with key results gets a heading line first. */
export function listLines(rows: readonly OkrListRow[]): ListLine[] {
  return groupByObjective(rows).flatMap((group): ListLine[] => {
    const first = group.rows[0]!;
    if (first.keyResult === null) return [{ kind: "lone", row: first }];
    return [{ kind: "objective", row: first, keyResults: group.rows.length }, ...group.rows.map((row): ListLine => ({ kind: "key_result", row }))];
  });
}
