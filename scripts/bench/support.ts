import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { openPGlite, openPostgres, type Database } from "../../src/server/db/database";

/** Median wall time in ms of `runs` calls (after one warm-up call). */
export async function medianMs(runs: number, work: () => Promise<unknown>): Promise<number> {
  await work();
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    const start = performance.now();
    await work();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

export async function timeMs(work: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await work();
  return performance.now() - start;
}

/**
 * A throw-away database on the PostgreSQL server of BENCH_DATABASE_URL (default: the local
 * server at 127.0.0.1:5432), or null when none answers; dropped by `drop()`.
 */
export async function scratchPostgres(): Promise<{ database: Database; drop(): Promise<void> } | null> {
  const adminUrl = process.env["BENCH_DATABASE_URL"] ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const name = `meridian_bench_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  try {
    await admin.connect();
  } catch {
    return null;
  }
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString());
  return {
    database,
    drop: async () => {
      await database.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/**
 * `measure` on a fresh on-disk PGlite and, when a server answers, a throw-away PostgreSQL
 * database; both are removed afterwards. `postgres` is null without a server.
 */
export async function onBothEngines<T>(measure: (database: Database) => Promise<T>): Promise<{ pglite: T; postgres: T | null }> {
  const dataDir = mkdtempSync(join(tmpdir(), "meridian-bench-"));
  const pglite = await openPGlite(dataDir);
  const onPGlite = await measure(pglite);
  await pglite.close();
  rmSync(dataDir, { recursive: true, force: true });
  const server = await scratchPostgres();
  const onPostgres = server ? await measure(server.database) : null;
  await server?.drop();
  return { pglite: onPGlite, postgres: onPostgres };
}
