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
import type { AppServices } from "../../src/server/services";
import { testDatabase } from "./database";

const quietLog = pino({ level: "silent" });

export const TEST_SECRET_KEY = "test-secret-key-of-enough-length-0123456789";

/** The real app over the shared test database, with quiet logs and no client unless given one. */
export async function testApp(overrides: Partial<ServerConfig> = {}, serviceOverrides: Partial<AppServices> = {}) {
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
    ...overrides,
  };
  const services: AppServices = {
    config,
    ...shared,
    signer: createTokenSigner(config.secretKey),
    mailer: createMailer({ smtpUrl: config.smtpUrl, from: "Meridian <no-reply@test.example>", log: quietLog, withTenant: shared.withTenant }),
    throttle: createThrottle(shared.database),
    totpSealer: createSealer(config.secretKey, "totp"),
    ...serviceOverrides,
  };
  const app = await buildApp(services, { logger: false });
  return { app, services };
}
