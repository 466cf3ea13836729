import { existsSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { join, resolve } from "node:path";
import { pino } from "pino";
import { PRINT_DEFAULTS, PRINT_ORIENTATIONS, type PrintOrientation, type PrintTheme } from "../../src/contracts/print";
import { printRouteOf } from "../../src/domain/navigation/print-routes";
import { buildApp } from "../../src/server/app";
import { openServices } from "../../src/server/bootstrap";
import { ConfigError, loadConfig } from "../../src/server/config";
import { checkPrintable } from "../../src/server/features/print/printable";
import { permissionsOf } from "../../src/server/platform/auth/permissions";
import { HttpError } from "../../src/server/platform/http/errors";
import { mintPrintToken } from "../../src/server/platform/print/print-tokens";

const USAGE = `usage: node scripts/render-print.mjs ROUTE --user EMAIL --out FILE.pdf [--theme light|dark] [--orientation landscape|portrait] [--tenant NAME|ID]
  ROUTE: /export/custom-dashboard/{id} or /print/reporting/custom-dashboard/{id}`;

interface Arguments {
  readonly route: string;
  readonly user: string;
  readonly out: string;
  readonly theme: PrintTheme | undefined;
  readonly orientation: PrintOrientation | undefined;
  readonly tenant: string | undefined;
}

/**
 * The operator's PDF (DESIGN.md "PDF"): the app on a loopback port of this process over the
 * configured database, a print token for the user (their permissions, this one record), and the
 * same Chromium pool the server uses. Answers the exit code: 0 written, 1 failed, 2 bad usage.
 */
export async function main(argv: readonly string[]): Promise<number> {
  const parsed = parseArguments(argv);
  if (typeof parsed === "string") {
    console.error(`${parsed}\n${USAGE}`);
    return 2;
  }
  const printRoute = printRouteOf(parsed.route);
  if (!printRoute) {
    console.error(`${parsed.route} is not a print route.\n${USAGE}`);
    return 2;
  }
  const clientDir = resolve("dist/client");
  if (!existsSync(join(clientDir, "index.html"))) {
    console.error("The client is not built: run npm run build first.");
    return 1;
  }
  let config;
  try {
    config = { ...loadConfig(process.env, []), clientDir, port: 0, host: "127.0.0.1", seedDemo: false, logLevel: "warn" };
  } catch (error) {
    console.error(error instanceof ConfigError ? `Configuration error: ${error.message}` : error);
    return 1;
  }
  const log = pino({ level: "warn" });
  const services = await openServices(config, log);
  const app = await buildApp(services, { logger: log });
  try {
    const user = await services.database.system.selectFrom("login_emails").select(["tenant_id", "user_id"]).where("email", "=", parsed.user.toLowerCase()).executeTakeFirst();
    if (!user) throw new UsageError(`No user signs in as ${parsed.user}.`);
    if (parsed.tenant) {
      const tenant = await services.database.system.selectFrom("tenants").select(["id", "name"]).where("id", "=", user.tenant_id).executeTakeFirst();
      if (tenant?.id !== parsed.tenant && tenant?.name !== parsed.tenant) throw new UsageError(`${parsed.user} is a user of "${tenant?.name}", not of ${parsed.tenant}.`);
    }
    const subject = { tenantId: user.tenant_id, userId: user.user_id };
    // The user's own access: what they cannot read is not printed for them either.
    await services.withTenant(subject.tenantId, { kind: "user", userId: subject.userId }, async (context) => checkPrintable(context, printRoute.resource, await permissionsOf(context, subject.userId)));
    const { token } = await mintPrintToken(services.signer, subject, printRoute.resource);
    await app.listen({ port: 0, host: "127.0.0.1" });
    const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const defaults = PRINT_DEFAULTS[printRoute.purpose];
    const started = performance.now();
    const pdf = await services.printer.print({
      baseUrl,
      path: parsed.route,
      handoff: { token, theme: parsed.theme ?? defaults.theme, orientation: parsed.orientation ?? defaults.orientation },
    });
    writeFileSync(parsed.out, pdf);
    console.log(`Wrote ${parsed.out} (${Math.round(pdf.length / 1024)} KB) in ${Math.round(performance.now() - started)} ms.`);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) console.error(error.message);
    else if (error instanceof HttpError) console.error(`${error.statusCode === 404 ? "Not found, or not readable by this user" : `Failed (${error.statusCode})`}: ${String(error.body.detail ?? JSON.stringify(error.body))}`);
    else console.error(error);
    return 1;
  } finally {
    await app.close();
    await services.close();
  }
}

class UsageError extends Error {}

export function parseArguments(argv: readonly string[]): Arguments | string {
  const values = new Map<string, string>();
  let route: string | undefined;
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index]!;
    if (arg.startsWith("--")) {
      const value = argv[index + 1];
      if (value === undefined || value.startsWith("--")) return `${arg} needs a value.`;
      values.set(arg.slice(2), value);
      index++;
    } else if (route === undefined) route = arg;
    else return `Unexpected argument ${arg}.`;
  }
  const known = new Set(["user", "out", "theme", "orientation", "tenant"]);
  const unknown = [...values.keys()].find((key) => !known.has(key));
  if (unknown) return `Unknown option --${unknown}.`;
  if (!route) return "Name the print route to render.";
  const user = values.get("user");
  const out = values.get("out");
  if (!user) return "--user EMAIL: the user the PDF is printed for (their permissions apply).";
  if (!out) return "--out FILE.pdf: where to write the PDF.";
  const theme = values.get("theme");
  if (theme !== undefined && theme !== "light" && theme !== "dark") return "--theme is light or dark.";
  const orientation = values.get("orientation");
  if (orientation !== undefined && !(PRINT_ORIENTATIONS as readonly string[]).includes(orientation)) return "--orientation is landscape or portrait.";
  return { route, user, out, theme: theme as PrintTheme | undefined, orientation: orientation as PrintOrientation | undefined, tenant: values.get("tenant") };
}
