import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { pino } from "pino";
import { API_ROOT_NAMES } from "../../src/contracts/api-roots";
import { buildApp } from "../../src/server/app";
import type { ServerConfig } from "../../src/server/config";
import { openPGlite, openPostgres, type Database } from "../../src/server/db/database";
import type { WithTenant } from "../../src/server/db/tenancy";
import { createSealer } from "../../src/server/platform/auth/sealing";
import { createThrottle } from "../../src/server/platform/auth/throttle";
import { createTokenSigner } from "../../src/server/platform/auth/tokens";
import { EventWakeups } from "../../src/server/platform/events/wakeups";
import { inProcessQueue } from "../../src/server/platform/jobs/in-process-queue";
import { createJobRunner } from "../../src/server/platform/jobs/job-runner";
import { createMailer } from "../../src/server/platform/mail/mailer";
import { createPdfPool } from "../../src/server/platform/print/pdf-pool";

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
  // A short-lived admin connection for each statement: one held idle through a long measurement
  // can be ended by the server (or a test run on the same server) and crash the bench.
  const asAdmin = async (statement: string) => {
    const admin = new pg.Client({ connectionString: adminUrl });
    admin.on("error", () => {});
    await admin.connect();
    try {
      await admin.query(statement);
    } finally {
      await admin.end();
    }
  };
  try {
    await asAdmin(`create database ${name}`);
  } catch {
    return null;
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString());
  return {
    database,
    drop: async () => {
      await database.close();
      await asAdmin(`drop database if exists ${name} with (force)`);
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

const BENCH_SECRET = "bench-secret-key-bench-secret-key-0123456789";

/**
 * The app over `database` as the server builds it (every root, no client files, silent), for
 * benches that measure a route against its bound; with a signer for the access tokens.
 */
export async function benchApp(database: Database, withTenant: WithTenant) {
  const config: ServerConfig = {
    port: 0, host: "127.0.0.1", dataDir: mkdtempSync(join(tmpdir(), "meridian-bench-app-")), databaseUrl: undefined, smtpUrl: undefined, publicUrl: "http://localhost:3000",
    secretKey: BENCH_SECRET, seedDemo: false, roots: [...API_ROOT_NAMES], clientDir: null, logLevel: "silent", development: false, autoLogoutMinutes: 30, trustProxy: false, ssoProviders: [], embedOrigins: ["http://localhost:3000"],
    integrationDatabaseHosts: [], integrationCsvHosts: [],
  };
  const signer = createTokenSigner(BENCH_SECRET);
  const app = await buildApp(
    {
      config, database, withTenant, wakeups: new EventWakeups(), signer, throttle: createThrottle(database), totpSealer: createSealer(BENCH_SECRET, "totp"),
      jobs: createJobRunner(inProcessQueue(), { database, withTenant, log: pino({ level: "silent" }) }),
      mailer: createMailer({ smtpUrl: undefined, from: "Bench <no-reply@bench.example>", log: pino({ level: "silent" }), withTenant }),
      // Starts no browser unless a bench prints.
      printer: createPdfPool(),
    },
    { logger: false },
  );
  return { app, signer, dataDir: config.dataDir };
}
