import { pino } from "pino";
import { buildApp } from "./app";
import { openServices } from "./bootstrap";
import { ConfigError, loadConfig } from "./config";
import { readDemoInfo } from "./db/seed/demo-info";
import { seedDemoData } from "./db/seed/seed-demo";
import { connectionSealer } from "./features/integrations/integration-sources";
import { resealConnections } from "./features/integrations/reseal-connections";

const SHUTDOWN_GRACE_MS = 2_000;

/**
 * Process entry. `--roots main,auth` serves a subset of the API roots; `--migrate-only`
 * migrates the database and exits (npm run migrate); `--reseal-connections` seals every stored
 * integration connection again with the current connection key and exits (npm run reseal-connections).
 */
async function main(argv: readonly string[]) {
  const config = loadConfig(process.env, argv);
  const log = pino({ level: config.logLevel });
  const services = await openServices(config, log);
  const engine = config.databaseUrl ? "PostgreSQL" : `embedded PostgreSQL (PGlite) in ${config.dataDir}`;
  if (argv.includes("--migrate-only")) {
    const applied = services.migrationsApplied;
    console.log(applied.length ? `Applied migrations: ${applied.join(", ")}` : "The database schema is up to date.");
    await services.close();
    return;
  }
  if (argv.includes("--reseal-connections")) {
    const outcome = await resealConnections(services.database, connectionSealer(config));
    console.log(`Sealed again with the current key: ${outcome.resealed}. Already current: ${outcome.current}. Unreadable with every key: ${outcome.unreadable.length}.`);
    for (const row of outcome.unreadable) console.log(`  needs a reconnect: integration ${row.id} "${row.name}" of company ${row.tenantId}`);
    await services.close();
    if (outcome.unreadable.length > 0) process.exitCode = 2;
    return;
  }
  if (config.seedDemo && (await seedDemoData(services.database, services.withTenant))) {
    console.log("Created the demo companies.");
  }

  const app = await buildApp(services, { logger: log });
  await services.wakeups.listen(services.database, app.log);
  // Jobs start before the first request can ask for one.
  await services.jobs.start();
  await app.listen({ port: config.port, host: config.host });
  if (config.pdf?.warm) void services.printer.warm().catch((error) => app.log.error({ err: error }, "the PDF renderer could not start"));

  const demo = await readDemoInfo(services.database);
  const lines = [`Meridian is running at ${config.publicUrl}`, `  database: ${engine}`, `  API roots: ${config.roots.join(", ")}`];
  if (demo) {
    lines.push(`  demo logins (password "${demo.password}"):`);
    for (const login of demo.logins) lines.push(`    ${login.email.padEnd(34)} ${login.role} · ${login.company}`);
  }
  console.log(lines.join("\n"));

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, "shutting down");
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    // In-flight requests get a grace period; then sockets that stay open (browser keep-alive and
    // pre-connects, which Node does not count as idle) are cut so the process can exit.
    const cut = setTimeout(() => app.server.closeAllConnections(), SHUTDOWN_GRACE_MS);
    cut.unref();
    await app.close();
    await services.close();
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}

main(process.argv.slice(2)).catch((error) => {
  console.error(error instanceof ConfigError ? `Configuration error: ${error.message}` : error);
  process.exit(1);
});
