import { PGlite } from "@electric-sql/pglite";
import { parentPort } from "node:worker_threads";
import { cappedSql, parseCell, PARSED_TYPE_IDS, QUERY_WORK_MEM, TEXT_TYPE_IDS, type SandboxAnswer, type SandboxRequest } from "./sandbox-protocol";

/**
 * The embedded sandbox (docs/decisions.md, "Query builder"): a PGlite of its own in a worker
 * thread, where query-builder SQL runs on the embedded default. PGlite ignores statement_timeout
 * and runs a query synchronously, so user SQL in the server's own PGlite would stop the whole
 * server until it ended. Here the server stops it at its deadline by terminating this thread.
 *
 * The sandbox holds nothing but what one run may read: the server copies the rows of the qb
 * views the query names, read as the query role with the caller's company and level, into
 * tables of the same names, inside a transaction that is rolled back after the run. The SQL then
 * runs as a role without superuser rights, read only, without set_config.
 */
const QUERY_ROLE = "meridian_query";
const port = parentPort;
if (!port) throw new Error("sandbox-worker.ts runs as a worker thread");

const parsers: Record<number, (text: string) => unknown> = {};
for (const typeId of PARSED_TYPE_IDS) parsers[typeId] = (text) => parseCell(typeId, text);
for (const typeId of TEXT_TYPE_IDS) parsers[typeId] = (text) => text;

const db = await PGlite.create(undefined, { parsers });
await db.exec(`
  create role ${QUERY_ROLE} nologin nosuperuser nobypassrls noinherit;
  revoke execute on function pg_catalog.set_config(text, text, boolean) from public;
  revoke all on schema public from public;
  set temp_file_limit = '64MB'; -- in memory here, so lower than on PostgreSQL
`);
port.postMessage({ kind: "ready" } satisfies SandboxAnswer);

port.on("message", (request: SandboxRequest) => {
  void run(request).then(
    (answer) => port.postMessage(answer),
    (error: unknown) => port.postMessage({ kind: "failed", id: request.id, message: error instanceof Error ? error.message : String(error) } satisfies SandboxAnswer),
  );
});

const quoteName = (name: string) => `"${name.replaceAll('"', '""')}"`;

async function run(request: SandboxRequest): Promise<SandboxAnswer> {
  await db.query("begin");
  try {
    await db.query("create schema qb");
    for (const view of request.views) {
      const table = `qb.${quoteName(view.name)}`;
      await db.query(`create table ${table} (${view.columns.map((column) => `${quoteName(column.name)} ${column.type}`).join(", ")})`);
      if (view.rows.length) await db.query(`insert into ${table} select * from json_populate_recordset(null::${table}, $1)`, [JSON.stringify(view.rows)]);
    }
    await db.query(`grant usage on schema qb to ${QUERY_ROLE}`);
    await db.query(`grant select on all tables in schema qb to ${QUERY_ROLE}`);
    await db.query(
      `select set_config('transaction_read_only', 'on', true), set_config('search_path', 'qb', true), set_config('work_mem', $1, true),
              set_config('TimeZone', 'UTC', true), set_config('standard_conforming_strings', 'on', true)`,
      [QUERY_WORK_MEM],
    );
    await db.query(`set local role ${QUERY_ROLE}`);
    // One statement through the extended protocol (query() with a parameter): a second one would be refused.
    const result = await db.query<unknown[]>(cappedSql(request.sql), [request.rowCap + 1], { rowMode: "array" });
    const rows = result.rows.slice(0, request.rowCap).map((row) => row.map((cell) => (cell === undefined ? null : (cell as string | number | boolean | null))));
    return { kind: "done", id: request.id, run: { columns: result.fields.map((field) => field.name), rows, truncated: result.rows.length > request.rowCap } };
  } finally {
    await db.query("rollback");
  }
}
