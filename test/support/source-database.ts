import { randomUUID } from "node:crypto";
import pg from "pg";

/** The local PostgreSQL server the connector tests read from as a company's own database. */
export const SOURCE_SERVER = process.env["INTEGRATION_TEST_SERVER"] ?? "postgres://postgres@127.0.0.1:5432/postgres";

/**
 * A throwaway database on the local PostgreSQL server, playing a company's own database that an
 * integration reads: made with `setup` SQL, dropped with `drop()`.
 */
export async function sourceDatabase(setup: readonly string[]) {
  const name = `meridian_source_${Date.now()}_${randomUUID().slice(0, 8)}`;
  await asAdmin((client) => client.query(`create database "${name}"`));
  const url = new URL(SOURCE_SERVER);
  url.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  for (const statement of setup) await client.query(statement);
  return {
    name,
    host: url.hostname,
    port: Number(url.port || 5432),
    /** A connection string to it as `user` (the server's own user by default) with `password`. */
    connectionString: (user = url.username || "postgres", password = `pw-${randomUUID()}`) => `postgres://${encodeURIComponent(user)}:${encodeURIComponent(password)}@${url.hostname}:${url.port || 5432}/${name}`,
    query: <R extends pg.QueryResultRow = Record<string, unknown>>(text: string, values: unknown[] = []) => client.query<R>(text, values),
    drop: async () => {
      await client.end().catch(() => {});
      await asAdmin((admin) => admin.query(`drop database if exists "${name}" with (force)`));
    },
  };
}

/** Statements as the server's administrator (roles are per server, not per database). */
export async function asAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: SOURCE_SERVER });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
