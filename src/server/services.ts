import type { ServerConfig } from "./config";
import type { Database } from "./db/database";
import type { WithTenant } from "./db/tenancy";
import type { Sealer } from "./platform/auth/sealing";
import type { Throttle } from "./platform/auth/throttle";
import type { TokenSigner } from "./platform/auth/tokens";
import type { Mailer } from "./platform/mail/mailer";
import type { EventWakeups } from "./platform/events/wakeups";
import type { JobRunner } from "./platform/jobs/job-runner";
import type { PdfPrinter } from "./platform/print/pdf-pool";

/** What the routes of every API root are built from; assembled once in main.ts (or a test). */
export interface AppServices {
  readonly config: ServerConfig;
  readonly database: Database;
  readonly withTenant: WithTenant;
  readonly wakeups: EventWakeups;
  readonly signer: TokenSigner;
  readonly mailer: Mailer;
  readonly throttle: Throttle;
  /** Seals TOTP secrets at rest. */
  readonly totpSealer: Sealer;
  /** Work apart from requests, now or later (platform/jobs; the jobs are listed in jobs.ts). */
  readonly jobs: JobRunner;
  /** Renders print routes to PDF (platform/print): the pool of headless Chromium pages. */
  readonly printer: PdfPrinter;
  /** The time; tests move it (the rerun wait, the integration summaries' cache). */
  readonly now?: () => Date;
}
