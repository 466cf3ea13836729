import { join } from "node:path";
import type { FastifyBaseLogger } from "fastify";
import type { ServerConfig } from "./config";
import { createSealer } from "./platform/auth/sealing";
import { createThrottle } from "./platform/auth/throttle";
import { createMailer, mailSender } from "./platform/mail/mailer";
import { openDatabase } from "./db/database";
import { migrateToLatest } from "./db/migrate";
import { assertTenancyIsSafe, createWithTenant } from "./db/tenancy";
import { createTokenSigner } from "./platform/auth/tokens";
import { EventWakeups } from "./platform/events/wakeups";
import { openJobRunner } from "./platform/jobs/open-job-runner";
import { createPdfPool } from "./platform/print/pdf-pool";
import { defineJobs } from "./jobs";
import type { AppServices } from "./services";

export interface RunningServices extends AppServices {
  readonly migrationsApplied: readonly string[];
  close(): Promise<void>;
}

/**
 * Opens the database, migrates it and checks that tenant isolation holds before anything is
 * served: a server whose app role could bypass row-level security does not start.
 */
export async function openServices(config: ServerConfig, log: FastifyBaseLogger): Promise<RunningServices> {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: join(config.dataDir, "pglite"),
    onConnectionError: (error) => log.warn({ err: error }, "a database connection failed while idle; the pool opens a new one"),
  });
  try {
    const migrationsApplied = await migrateToLatest(database);
    const wakeups = new EventWakeups();
    const withTenant = createWithTenant(database, (tenantId) => wakeups.wake(tenantId));
    await assertTenancyIsSafe(database, withTenant);
    const mailer = createMailer({ smtpUrl: config.smtpUrl, from: mailSender(config.publicUrl), log, withTenant });
    const jobs = openJobRunner({ databaseUrl: config.databaseUrl, database, withTenant, log });
    // Chromium starts at the first PDF (or at start with PDF_WARM=1: main.ts), not before.
    const printer = createPdfPool(config.pdf);
    const services: RunningServices = {
      config,
      database,
      withTenant,
      wakeups,
      signer: createTokenSigner(config.secretKey),
      mailer,
      throttle: createThrottle(database),
      totpSealer: createSealer(config.secretKey, "totp"),
      jobs,
      printer,
      migrationsApplied,
      close: async () => {
        await printer.close();
        // Running jobs finish (or are given up) before the database they write to closes.
        await jobs.stop();
        mailer.close();
        await wakeups.close();
        await database.close();
      },
    };
    defineJobs(services);
    return services;
  } catch (error) {
    await database.close().catch(() => {});
    throw error;
  }
}
