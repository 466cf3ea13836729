import { PGlite } from "@electric-sql/pglite";
import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import { mkdirSync } from "node:fs";
import { PGliteDialect } from "./dialects/pglite-dialect";
import type { DatabaseSchema } from "./schema";

/** Which engine a Database runs on: embedded PGlite (the default) or a PostgreSQL server. */
export type DatabaseEngine = "pglite" | "postgres";

export interface Database {
  readonly engine: DatabaseEngine;
  /**
   * The owner connection. Use it only for work that is not one tenant's: migrations, the tenant
   * registry, sign-in lookups by e-mail, jobs. Tenant work goes through `withTenant`.
   */
  readonly system: Kysely<DatabaseSchema>;
  /** A dedicated client for LISTEN on PostgreSQL; null on PGlite, where one process is all there is. */
  openListener(): Promise<pg.Client | null>;
  /**
   * A dedicated connection outside the pool (PostgreSQL; null on PGlite): for work that must not
   * share a pooled session, such as query-builder SQL. The caller ends it.
   */
  openClient(): Promise<pg.Client | null>;
  close(): Promise<void>;
}

// Same JavaScript values on both engines: calendar dates stay 'YYYY-MM-DD' strings (a month is
// not an instant in a time zone), and int8 ids come back as numbers (they stay far below 2^53).
const DATE_OID = 1082;
const INT8_OID = 20;
const keepDate = (value: string) => value;
const int8ToNumber = (value: string) => Number(value);

/** Opens embedded PGlite persisted in `dataDir`, or in memory when `dataDir` is null. */
export async function openPGlite(dataDir: string | null): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const pglite = await PGlite.create(dataDir ?? undefined, {
    parsers: { [DATE_OID]: keepDate, [INT8_OID]: int8ToNumber },
  });
  const system = new Kysely<DatabaseSchema>({ dialect: new PGliteDialect(pglite) });
  return {
    engine: "pglite",
    system,
    openListener: async () => null,
    openClient: async () => null,
    close: () => system.destroy(),
  };
}

/** Where a connection that fails while idle is reported (the server restarted, an operator ended it). */
export type OnConnectionError = (error: Error) => void;

const reportToConsole: OnConnectionError = (error) => console.error("a database connection failed while idle:", error.message);

/** Opens a pool on a PostgreSQL server. */
export async function openPostgres(connectionString: string, poolSize = 10, onConnectionError: OnConnectionError = reportToConsole): Promise<Database> {
  const types = {
    getTypeParser: (oid: number, format?: "text" | "binary") => {
      if (oid === DATE_OID) return keepDate;
      if (oid === INT8_OID) return int8ToNumber;
      return pg.types.getTypeParser(oid, format);
    },
  };
  // allowExitOnIdle: an idle pool never keeps a finished script or test run alive.
  const pool = new pg.Pool({ connectionString, max: poolSize, types, allowExitOnIdle: true });
  // An idle client whose connection ends (a database restart, `drop database … with (force)`)
  // emits 'error' on the pool; unheard, that event ends the process. The pool drops the client
  // and opens a new one on the next query, so a report is all it needs.
  pool.on("error", onConnectionError);
  const dedicatedClient = async () => {
    const client = new pg.Client({ connectionString, types });
    client.on("error", onConnectionError);
    await client.connect();
    return client;
  };
  const system = new Kysely<DatabaseSchema>({ dialect: new PostgresDialect({ pool }) });
  return {
    engine: "postgres",
    system,
    openListener: dedicatedClient,
    openClient: dedicatedClient,
    close: () => system.destroy(),
  };
}

export function openDatabase(options: { databaseUrl: string | undefined; dataDir: string | null; onConnectionError?: OnConnectionError }) {
  return options.databaseUrl ? openPostgres(options.databaseUrl, 10, options.onConnectionError) : openPGlite(options.dataDir);
}
