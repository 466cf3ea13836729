import pg from "pg";
import { describeHostList, isHostAllowed, type AllowedHost } from "../../../domain/integrations/host-allow-list";
import type { DatabaseConnection } from "./connection-string";
import { scrub, sizeText, SourceError, type SourceLimits, type SourceResult } from "./source";

/**
 * Reads a query's result from a company's PostgreSQL database, as little trusted as possible:
 * - only hosts on the operator's allow-list (INTEGRATION_DATABASE_HOSTS), checked before anything
 *   is sent;
 * - read-only: the session starts with default_transaction_read_only and the query runs inside a
 *   READ ONLY transaction that is rolled back; a statement timeout and a lock timeout are set at
 *   the start of the session;
 * - one statement: the extended protocol takes exactly one, so "select 1; delete …" is refused by
 *   the server itself;
 * - a row cap enforced by the protocol (the portal is asked for at most cap + 1 rows and closed),
 *   and a cap on the bytes received, counted on the socket, so no result fills this server's memory;
 * - every value arrives as text (no driver parsing; the mapping reads text), so a date is the date
 *   written in the source, not an instant moved by a time zone.
 * The database's own user should still be a read-only one; the connect view says so.
 */
export async function readPostgres(connection: DatabaseConnection, query: string, allowList: readonly AllowedHost[], limits: SourceLimits): Promise<SourceResult> {
  if (!isHostAllowed(allowList, connection.host, connection.port, 5432)) {
    const hint = allowList.length ? ` It allows: ${describeHostList(allowList)}.` : " It allows none yet.";
    throw new SourceError("refused", "connection", `This installation does not connect to ${connection.host}:${connection.port}. Ask your operator to add the host to the allow-list for database connections.${hint}`);
  }
  const text = query.trim().replace(/;\s*$/, "");
  if (!text) throw new SourceError("refused", "query", "Enter the query that reads the values.");
  const secrets = [connection.password, encodeURIComponent(connection.password)];

  const statementMs = Math.max(1000, limits.timeoutMs - 2_000);
  const client = new pg.Client({
    host: connection.host,
    port: connection.port,
    user: connection.user,
    password: connection.password,
    database: connection.database,
    ssl: connection.sslmode === "disable" ? false : { rejectUnauthorized: connection.sslmode === "verify-full" },
    connectionTimeoutMillis: limits.connectTimeoutMs,
    query_timeout: limits.timeoutMs,
    application_name: "meridian-integration",
    options: `-c default_transaction_read_only=on -c statement_timeout=${statementMs} -c lock_timeout=5000 -c idle_in_transaction_session_timeout=${limits.timeoutMs}`,
    types: { getTypeParser: () => (value: string) => value },
  });
  // An error on an idle client (the server went away) must not become an uncaught exception.
  client.on("error", () => {});
  let received = 0;
  let tooBig = false;
  try {
    try {
      await client.connect();
    } catch (error) {
      throw classify(error, "connection", secrets, connection);
    }
    const stream = (client as unknown as { connection: { stream: NodeJS.ReadableStream & { destroy(error?: Error): void } } }).connection.stream;
    stream.on("data", (chunk: Buffer) => {
      received += chunk.length;
      if (received > limits.maxBytes && !tooBig) {
        tooBig = true;
        stream.destroy(new Error("result too large"));
      }
    });
    await client.query("begin transaction read only");
    // A callback, not events: the client's read timeout reports through the query's callback.
    let capped: CappedQuery | undefined;
    const result = await new Promise<{ fields: { name: string }[]; rows: unknown[][] }>((resolve, reject) => {
      capped = new CappedQuery({ text, rows: limits.maxRows + 1, rowMode: "array", callback: (error: unknown, value: { fields: { name: string }[]; rows: unknown[][] }) => (error ? reject(error) : resolve(value)) });
      client.query(capped as never);
    }).catch((error: unknown) => {
      if (tooBig) throw new SourceError("read", "query", `The result is larger than ${sizeText(limits.maxBytes)}. Let the query read less, for example by summing per month.`);
      throw classify(error, "query", secrets, connection);
    });
    await client.query("rollback").catch(() => {});
    const truncated = !!capped?.truncated || result.rows.length > limits.maxRows;
    return { columns: result.fields.map((field) => field.name), rows: result.rows.slice(0, limits.maxRows), truncated };
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * A query whose portal delivers at most `rows` rows: where node-postgres would ask for the next
 * page, this one marks the result truncated and ends it, so the server never sends more.
 */
class CappedQuery extends (pg.Query as unknown as new (config: object) => NodeJS.EventEmitter & {
  handlePortalSuspended(connection: unknown): void;
  handleError(error: unknown, connection: unknown): void;
}) {
  truncated = false;
  override handlePortalSuspended(connection: { sync(): void }) {
    this.truncated = true;
    connection.sync();
  }
  /** A query that pages (rows set) sends no Sync of its own: after an error the server waits for one. */
  override handleError(error: unknown, connection: { sync(): void }) {
    try {
      connection.sync();
    } catch {
      // the connection is gone; the error below says why
    }
    super.handleError(error, connection);
  }
}

/** SQLSTATE codes of refused credentials: invalid_password and invalid_authorization_specification. */
const SIGN_IN_CODES = new Set(["28P01", "28000"]);

function classify(error: unknown, field: "connection" | "query", secrets: readonly string[], connection: DatabaseConnection): SourceError {
  const { code, message } = (error ?? {}) as { code?: string; message?: string };
  const said = scrub(message ?? String(error), secrets);
  if (code && SIGN_IN_CODES.has(code)) return new SourceError("sign-in", "connection", `The database refused the sign-in of ${connection.user}: ${said}`);
  if (code === "25006") return new SourceError("read", "query", "The query tried to change data; connections of integrations are read-only.");
  if (code === "57014") return new SourceError("read", "query", "The query took too long and was stopped.");
  if (code === "3D000") return new SourceError("read", "connection", `The database ${connection.database} does not exist.`);
  if (code === "ECONNREFUSED" || code === "ENOTFOUND" || code === "EAI_AGAIN" || code === "ETIMEDOUT" || code === "EHOSTUNREACH" || /timeout/i.test(said)) {
    return new SourceError("read", "connection", `The database at ${connection.host}:${connection.port} could not be reached (${said}).`);
  }
  if (code && /^[0-9A-Z]{5}$/.test(code) && field === "query") return new SourceError("read", "query", `The query failed: ${said}`);
  return new SourceError("read", field, `The database could not be read: ${said}`);
}
