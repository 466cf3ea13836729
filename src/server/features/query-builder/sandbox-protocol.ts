/**
 * What the query runners share: the settings user SQL runs under, how a result cell travels as
 * JSON, and the messages between the server and the embedded sandbox worker (sandbox-worker.ts).
 */

/** A result cell: numbers and booleans as themselves, everything else as the database writes it. */
export type Cell = number | string | boolean | null;

export interface QueryRun {
  readonly columns: readonly string[];
  readonly rows: readonly (readonly Cell[])[];
  /** More rows than the cap: the rows stop at the cap. */
  readonly truncated: boolean;
}

/** How long user SQL may run, and what it may use while it does. */
export interface RunLimits {
  readonly deadlineMs: number;
  /** Rows read at most (one more is fetched to know whether there were more). */
  readonly rowCap: number;
}

/** work_mem of user SQL: enough to sort years of months, small enough for many at once. */
export const QUERY_WORK_MEM = "16MB";
/** Temporary files user SQL may write (a sort larger than work_mem spills to them). */
export const QUERY_TEMP_FILE_LIMIT = "256MB";
/** How long user SQL may wait for a lock; it reads only, so it never needs to wait long. */
export const QUERY_LOCK_TIMEOUT = "1s";

/** The user's SQL, wrapped so that at most rowCap + 1 rows come back (the cap is a bind parameter). */
export const cappedSql = (checkedSql: string) => `SELECT * FROM (${checkedSql}) AS "qb_result" LIMIT $1`;

/**
 * PostgreSQL type ids whose text form is parsed: booleans and numbers that JSON carries exactly.
 * Everything else (dates, timestamps, numeric, intervals) stays the text the database wrote, so
 * both engines answer the same cells.
 */
const BOOL = 16;
const INT8 = 20;
const INT2 = 21;
const INT4 = 23;
const FLOAT4 = 700;
const FLOAT8 = 701;

export function parseCell(typeId: number, text: string): Cell {
  switch (typeId) {
    case BOOL:
      return text === "t" || text === "true";
    case INT2:
    case INT4:
      return Number(text);
    case INT8: {
      const value = Number(text);
      return Number.isSafeInteger(value) ? value : text;
    }
    case FLOAT4:
    case FLOAT8: {
      const value = Number(text);
      return Number.isFinite(value) ? value : text;
    }
    default:
      return text;
  }
}

/** Every type id parseCell decides; the rest keep their text. */
export const PARSED_TYPE_IDS = [BOOL, INT8, INT2, INT4, FLOAT4, FLOAT8] as const;

/** Type ids the engines would otherwise turn into objects (dates, JSON, intervals): kept as text. */
export const TEXT_TYPE_IDS = [1082, 1083, 1114, 1184, 1186, 1266, 1700, 114, 3802, 17] as const;

// ── the embedded sandbox ────────────────────────────────────────────────────

/** A view's rows as the server read them through the qb views, for the sandbox's own copy. */
export interface SandboxView {
  readonly name: string;
  readonly columns: readonly { readonly name: string; readonly type: string }[];
  readonly rows: readonly Record<string, unknown>[];
}

export interface SandboxRequest {
  readonly id: number;
  readonly views: readonly SandboxView[];
  readonly sql: string;
  readonly rowCap: number;
}

export type SandboxAnswer =
  | { readonly kind: "ready" }
  | { readonly kind: "done"; readonly id: number; readonly run: QueryRun }
  | { readonly kind: "failed"; readonly id: number; readonly message: string };
