import type { PGlite } from "@electric-sql/pglite";
import { Mutex } from "async-mutex";
import { insideTenantTransaction } from "../transaction-scope";
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
  type TransactionSettings,
} from "kysely";

/**
 * Kysely over embedded PGlite. PGlite is one session, so a connection is only handed out under a
 * lock: a transaction holds it from BEGIN to COMMIT and no other request's query can slip inside.
 * (kysely-pglite shares the session between concurrent transactions, which is why this exists.)
 */
export class PGliteDialect implements Dialect {
  constructor(private readonly pglite: PGlite) {}

  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new PGliteDriver(this.pglite);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
  createIntrospector(db: Kysely<any>) {
    return new PostgresIntrospector(db);
  }
}

class PGliteDriver implements Driver {
  private readonly lock = new Mutex();
  private readonly connection: PGliteConnection;
  private release: (() => void) | undefined;

  constructor(private readonly pglite: PGlite) {
    this.connection = new PGliteConnection(pglite);
  }

  async init() {
    await this.pglite.waitReady;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    if (insideTenantTransaction.getStore() !== undefined) {
      throw new Error("A query outside the tenant transaction was started inside it; on PGlite this would deadlock. Use the transaction's db, or run the query before or after withTenant.");
    }
    this.release = await this.lock.acquire();
    return this.connection;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    const modes = [settings.isolationLevel && `isolation level ${settings.isolationLevel}`, settings.accessMode]
      .filter(Boolean)
      .join(" ");
    await connection.executeQuery(CompiledQuery.raw(modes ? `begin ${modes}` : "begin"));
  }

  async commitTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw("commit"));
  }

  async rollbackTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw("rollback"));
  }

  async releaseConnection() {
    const release = this.release;
    this.release = undefined;
    release?.();
  }

  async destroy() {
    // Wait for the running transaction, then close: closing mid-transaction would lose it.
    await this.lock.runExclusive(() => this.pglite.close());
  }
}

class PGliteConnection implements DatabaseConnection {
  constructor(private readonly pglite: PGlite) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.pglite.query<R>(query.sql, query.parameters as unknown[], { rowMode: "object" });
    return result.affectedRows === undefined
      ? { rows: result.rows }
      : { rows: result.rows, numAffectedRows: BigInt(result.affectedRows) };
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error("Streaming queries are not supported on embedded PGlite; page with LIMIT instead.");
  }
}
