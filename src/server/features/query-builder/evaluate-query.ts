import { MAX_RESULT_MONTHS, PREVIEW_ROWS, RUN_PROBLEM, type RunResult } from "../../../contracts/query-builder";
import type { CheckedQuery } from "../../../domain/query-builder/checked-select";
import { monthlyValuesOf, type MonthlyValue } from "../../../domain/query-builder/monthly-result";
import type { Database } from "../../db/database";
import { HttpError } from "../../platform/http/errors";
import { QUERY_DEADLINE_MS, QueryRunFailed, runCheckedQuery, type RunScope } from "./run-query";

export type Evaluation = { readonly ok: true; readonly values: readonly MonthlyValue[] } | { readonly ok: false; readonly message: string };

/** How long user SQL may run; tests shorten it to see the deadline at work. */
export interface EvaluationOptions {
  readonly deadlineMs?: number;
}

/**
 * A query's monthly values: it runs (at most one row more than a KPI can have months) and its
 * result must keep the contract (domain monthlyValuesOf). A failure is a message, not a throw:
 * activation turns it into a 400, saving an active query into a warning.
 */
export async function evaluateQuery(database: Database, checked: CheckedQuery, scope: RunScope, options: EvaluationOptions = {}): Promise<Evaluation> {
  let run;
  try {
    run = await runCheckedQuery(database, checked, scope, { deadlineMs: options.deadlineMs ?? QUERY_DEADLINE_MS, rowCap: MAX_RESULT_MONTHS });
  } catch (error) {
    if (error instanceof QueryRunFailed) return { ok: false, message: error.message };
    throw error;
  }
  if (run.truncated) return { ok: false, message: `The query returns more than ${MAX_RESULT_MONTHS.toLocaleString("en")} rows; a KPI has one value per month.` };
  const result = monthlyValuesOf(run.columns, run.rows);
  return result.problems.length ? { ok: false, message: result.problems.join(" ") } : { ok: true, values: result.values };
}

/**
 * The preview: the first rows as the database answers them, and whether the whole result would
 * make monthly values (so the editor says what activation would do before anyone activates).
 * A failed run answers 400 with the spec's text and the database's reason.
 */
export async function previewQuery(database: Database, checked: CheckedQuery, scope: RunScope, options: EvaluationOptions = {}): Promise<RunResult> {
  let run;
  try {
    run = await runCheckedQuery(database, checked, scope, { deadlineMs: options.deadlineMs ?? QUERY_DEADLINE_MS, rowCap: MAX_RESULT_MONTHS });
  } catch (error) {
    if (error instanceof QueryRunFailed) throw new HttpError(400, { detail: RUN_PROBLEM, sql: [error.message] });
    throw error;
  }
  const monthly = monthlyValuesOf(run.columns, run.rows);
  const problems = run.truncated ? [`The query returns more than ${MAX_RESULT_MONTHS.toLocaleString("en")} rows; a KPI has one value per month.`] : monthly.problems;
  return {
    columns: [...run.columns],
    rows: run.rows.slice(0, PREVIEW_ROWS).map((row) => row.map(shortCell)),
    truncated: run.truncated || run.rows.length > PREVIEW_ROWS,
    monthlyValues: { ok: problems.length === 0, months: problems.length ? 0 : monthly.values.length, problems: [...problems] },
  };
}

/** A preview cell: long text shortened, so a preview answer stays small whatever the query builds. */
const MAX_CELL_TEXT = 500;
const shortCell = (cell: string | number | boolean | null) => (typeof cell === "string" && cell.length > MAX_CELL_TEXT ? `${cell.slice(0, MAX_CELL_TEXT)}…` : cell);
