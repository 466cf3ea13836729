import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { API_ROOT_NAMES } from "../../src/contracts/api-roots";
import { buildApp } from "../../src/server/app";
import type { ServerConfig } from "../../src/server/config";
import { pino } from "pino";
import { createSealer } from "../../src/server/platform/auth/sealing";
import { createThrottle } from "../../src/server/platform/auth/throttle";
import { createTokenSigner } from "../../src/server/platform/auth/tokens";
import { createMailer } from "../../src/server/platform/mail/mailer";
import { defineJobs } from "../../src/server/jobs";
import { inProcessQueue } from "../../src/server/platform/jobs/in-process-queue";
import { createJobRunner } from "../../src/server/platform/jobs/job-runner";
import type { JobClock } from "../../src/server/platform/jobs/clock";
import type { AppServices } from "../../src/server/services";
import { testDatabase } from "./database";
import { recordingPrinter } from "./printer";

const quietLog = pino({ level: "silent" });

export const TEST_SECRET_KEY = "test-secret-key-of-enough-length-0123456789";

/** The real app over the shared test database, with quiet logs and no client unless given one. */
export async function testApp(overrides: Partial<ServerConfig> = {}, serviceOverrides: Partial<AppServices> = {}, options: { clock?: JobClock } = {}) {
  const shared = await testDatabase();
  const config: ServerConfig = {
    port: 0,
    host: "127.0.0.1",
    dataDir: mkdtempSync(join(tmpdir(), "meridian-test-")),
    databaseUrl: undefined,
    smtpUrl: undefined,
    publicUrl: "http://localhost:3000",
    secretKey: TEST_SECRET_KEY,
    seedDemo: false,
    roots: [...API_ROOT_NAMES],
    clientDir: null,
    logLevel: "silent",
    development: false,
    autoLogoutMinutes: 30,
    trustProxy: false,
    ssoProviders: [],
    embedOrigins: ["http://localhost:3000"],
    integrationDatabaseHosts: [],
    integrationCsvHosts: [],
    ...overrides,
  };
  const { database, withTenant, wakeups } = shared;
  const services: AppServices = {
    config,
    database,
    withTenant,
    wakeups,
    signer: createTokenSigner(config.secretKey),
    mailer: createMailer({ smtpUrl: config.smtpUrl, from: "Meridian <no-reply@test.example>", log: quietLog, withTenant: shared.withTenant }),
    throttle: createThrottle(shared.database),
    totpSealer: createSealer(config.secretKey, "totp"),
    // The in-process queue, not started: a test that wants its jobs to run starts it (and stops
    // it); other suites' requests only leave queued runs behind, never work running in between.
    // With a clock (test/support/manual-clock.ts) the app's time, the runner's and the queue's
    // timers are that clock: schedules and retries fall due when the test moves it.
    jobs: createJobRunner(inProcessQueue(options.clock ? { clock: options.clock } : {}), { database, withTenant, log: quietLog, ...(options.clock ? { now: () => new Date(options.clock!.now()) } : {}) }),
    ...(options.clock ? { now: () => new Date(options.clock!.now()) } : {}),
    printer: serviceOverrides.printer ?? recordingPrinter(),
    ...serviceOverrides,
  };
  if (!serviceOverrides.jobs) defineJobs(services);
  const app = await buildApp(services, { logger: false });
  return { app, services };
}
