import type { UploadState } from "../../contracts/uploads";
import { describeDimensions } from "../kpi/dimension-key";
import { monthDateOf } from "../months";
import type { CheckedRow } from "./check-parts";

/**
 * Spec section 4, "Upload result": 'successful' without problems, 'contains warnings' with only
 * warnings, 'partially successful with errors' when some rows have errors (those stay out when
 * the person imports the valid rows; importing all rows is refused).
 */
export function uploadState(found: ProblemCounts): UploadState {
  if (found.errors > 0) return "partially successful with errors";
  if (found.warnings > 0) return "contains warnings";
  return "successful";
}

/** How many errors and warnings a check found (the list of problems may stop before them all). */
export interface ProblemCounts {
  readonly errors: number;
  readonly warnings: number;
}

export interface UploadCounts {
  /** Data rows with anything in them. */
  readonly rows: number;
  readonly validRows: number;
  /** Changes the valid rows would write. */
  readonly values: number;
  readonly unchanged: number;
  readonly errors: number;
  readonly warnings: number;
}

export function uploadCounts(rows: readonly CheckedRow[], found: ProblemCounts): UploadCounts {
  const valid = rows.filter((row) => row.valid);
  return {
    rows: rows.length,
    validRows: valid.length,
    values: valid.reduce((sum, row) => sum + row.values.length, 0),
    unchanged: valid.reduce((sum, row) => sum + row.unchanged, 0),
    errors: found.errors,
    warnings: found.warnings,
  };
}

/** The rows an import writes: all of them (only when none has an error) or the valid ones. */
export type ImportChoice = "all" | "valid";

export type ImportDecision = { readonly kind: "import"; readonly rows: readonly CheckedRow[] } | { readonly kind: "refused"; readonly reason: "has-errors" | "nothing-valid" };

/** All or nothing by default; only the valid rows when the person chooses so. */
export function rowsToImport(rows: readonly CheckedRow[], errors: number, choice: ImportChoice): ImportDecision {
  const valid = rows.filter((row) => row.valid);
  if (choice === "all" && errors > 0) return { kind: "refused", reason: "has-errors" };
  if (valid.length === 0) return { kind: "refused", reason: "nothing-valid" };
  return { kind: "import", rows: valid };
}

/** The first rows as the preview shows them, in file order. */
export function previewOf(rows: readonly CheckedRow[], limit: number) {
  return rows.slice(0, limit).map((row) => ({
    row: row.row,
    label: row.label,
    dimension: row.dimensionKey === "" ? null : describeDimensions(row.dimensionKey),
    valid: row.valid,
    values: row.values.map((value) => ({ date: monthDateOf(value.month), value: value.value })),
    ...(row.createsRate ? { createsRate: row.createsRate } : {}),
  }));
}
