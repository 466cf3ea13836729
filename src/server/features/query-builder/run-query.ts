import { sql } from "kysely";
import { QB_VIEWS } from "../../../contracts/query-builder";
import type { CheckedQuery } from "../../../domain/query-builder/checked-select";
import { shortMessage } from "../../../domain/query-builder/short-message";
import type { Database } from "../../db/database";
import { QUERY_LEVEL_SETTING, QUERY_ROLE } from "../../db/tenancy-sql";
import { cappedSql, parseCell, PARSED_TYPE_IDS, QUERY_LOCK_TIMEOUT, QUERY_TEMP_FILE_LIMIT, QUERY_WORK_MEM, type QueryRun, type RunLimits, type SandboxView } from "./sandbox-protocol";
import { EmbeddedSandbox } from "./embedded-sandbox";

/** Whose data a run reads: the company, and the highest KPI sensitivity it may see (-1: none). */
export interface RunScope {
  readonly tenantId: string;
  readonly level: number;
}

/** User SQL that failed in the database, or ran out of time: the message (short) says which. */
export class QueryRunFailed extends Error {
  constructor(message: string) {
    super(shortMessage(message));
  }
}

/** How long user SQL may run by default. */
export const QUERY_DEADLINE_MS = 5_000;

/**
 * Runs checked query-builder SQL (never anything else) for one company and level, and answers its
 * rows (docs/decisions.md, "Query builder"):
 * - on PostgreSQL, on a connection of its own, in a READ ONLY transaction with statement_timeout,
 *   lock_timeout, work_mem, search_path and the company and level set locally, as the query role;
 * - on embedded PGlite, in the sandbox worker, which holds only the rows of the views the query
 *   names as the query role reads them here, and is terminated at the deadline.
 * Both send the SQL through the extended protocol as one statement with the row cap as a parameter.
 * Never call it inside a tenant transaction (on PGlite the transaction holds the one connection).
 */
export async function runCheckedQuery(database: Database, checked: CheckedQuery, scope: RunScope, limits: RunLimits): Promise<QueryRun> {
  return database.engine === "postgres" ? runOnPostgres(database, checked, scope, limits) : runInSandbox(database, checked, scope, limits);
}

// ── PostgreSQL ──────────────────────────────────────────────────────────────

/** pg's per-query type parsers: numbers and booleans parsed, everything else as text. */
const CELL_TYPES = {
  getTypeParser: (typeId: number) => ((PARSED_TYPE_IDS as readonly number[]).includes(typeId) ? (text: string) => parseCell(typeId, text) : (text: string) => text),
};

async function runOnPostgres(database: Database, checked: CheckedQuery, scope: RunScope, limits: RunLimits): Promise<QueryRun> {
  const client = await database.openClient();
  if (!client) throw new Error("PostgreSQL without a dedicated connection");
  // statement_timeout stops the query in the server; this stops waiting for a server that does not answer.
  const watchdog = setTimeout(() => client.end().catch(() => {}), limits.deadlineMs + 5_000);
  try {
    await client.query("begin read only");
    await client.query(
      `select set_config('app.tenant_id', $1, true), set_config('${QUERY_LEVEL_SETTING}', $2, true),
              set_config('statement_timeout', $3, true), set_config('lock_timeout', $4, true),
              set_config('idle_in_transaction_session_timeout', $3, true), set_config('work_mem', $5, true),
              set_config('search_path', 'qb', true), set_config('TimeZone', 'UTC', true),
              set_config('standard_conforming_strings', 'on', true)`,
      [scope.tenantId, String(scope.level), `${limits.deadlineMs}ms`, QUERY_LOCK_TIMEOUT, QUERY_WORK_MEM],
    );
    // temp_file_limit keeps a huge sort from filling the disk; only a superuser may set it, so
    // under a BYPASSRLS owner it stays the operator's setting (docs/decisions.md).
    await client.query("savepoint temp_files");
    await client.query("select set_config('temp_file_limit', $1, true)", [QUERY_TEMP_FILE_LIMIT]).then(
      () => client.query("release savepoint temp_files"),
      () => client.query("rollback to savepoint temp_files"),
    );
    await client.query(`set local role ${QUERY_ROLE}`);
    const result = await client.query<unknown[]>({ text: cappedSql(checked.sql), values: [limits.rowCap + 1], rowMode: "array", types: CELL_TYPES });
    return {
      columns: result.fields.map((field) => field.name),
      rows: result.rows.slice(0, limits.rowCap) as QueryRun["rows"],
      truncated: result.rows.length > limits.rowCap,
    };
  } catch (error) {
    throw new QueryRunFailed(databaseMessage(error, limits));
  } finally {
    clearTimeout(watchdog);
    await client.query("rollback").catch(() => {});
    await client.end().catch(() => {});
  }
}

function databaseMessage(error: unknown, limits: RunLimits): string {
  const code = (error as { code?: string }).code;
  if (code === "57014") return `The query ran longer than ${limits.deadlineMs / 1000} seconds and was stopped.`;
  return error instanceof Error ? error.message : String(error);
}

// ── embedded PGlite ─────────────────────────────────────────────────────────

/** Rows the sandbox takes at most: the company's readable data, not a warehouse. */
export const MAX_SANDBOX_ROWS = 200_000;

const sandboxes = new WeakMap<Database, EmbeddedSandbox>();

async function runInSandbox(database: Database, checked: CheckedQuery, scope: RunScope, limits: RunLimits): Promise<QueryRun> {
  const views = await readViews(database, checked.views, scope);
  const sandbox = sandboxes.get(database) ?? new EmbeddedSandbox();
  sandboxes.set(database, sandbox);
  try {
    return await sandbox.run({ views, sql: checked.sql, rowCap: limits.rowCap }, limits.deadlineMs);
  } catch (error) {
    throw new QueryRunFailed(error instanceof Error ? error.message : String(error));
  }
}

/**
 * The rows of the named qb views, read as the query role with the company and level set, so the
 * sandbox gets exactly what the views show the caller (the same policies as on PostgreSQL).
 */
async function readViews(database: Database, names: readonly string[], scope: RunScope): Promise<SandboxView[]> {
  return database.system
    .transaction()
    .setAccessMode("read only")
    .execute(async (db) => {
      await sql`select set_config('app.tenant_id', ${scope.tenantId}, true), set_config(${QUERY_LEVEL_SETTING}, ${String(scope.level)}, true)`.execute(db);
      await sql.raw(`set local role ${QUERY_ROLE}`).execute(db);
      const views: SandboxView[] = [];
      let total = 0;
      for (const name of names) {
        const view = QB_VIEWS.find((candidate) => candidate.name === name);
        if (!view) throw new QueryRunFailed(`qb.${name} is not a view of the query builder.`);
        const rows = (await sql.raw<Record<string, unknown>>(`select * from qb."${view.name}" limit ${MAX_SANDBOX_ROWS + 1}`).execute(db)).rows;
        total += rows.length;
        if (total > MAX_SANDBOX_ROWS) {
          throw new QueryRunFailed(`The views this query reads hold more than ${MAX_SANDBOX_ROWS.toLocaleString("en")} rows, more than the embedded database runs queries over; run Meridian on PostgreSQL for data of this size.`);
        }
        views.push({ name: view.name, columns: view.columns.map((column) => ({ name: column.name, type: column.type })), rows });
      }
      return views;
    });
}

export type { QueryRun, RunLimits } from "./sandbox-protocol";
