import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { API_ROOT_NAMES, type ApiRootName } from "../contracts/api-roots";
import { parseHostList, type AllowedHost } from "../domain/integrations/host-allow-list";

/** Everything the server reads from its environment; documented one by one in the README. */
export interface ServerConfig {
  readonly port: number;
  readonly host: string;
  readonly dataDir: string;
  /** PostgreSQL server; embedded PGlite in `dataDir` when absent. */
  readonly databaseUrl: string | undefined;
  readonly smtpUrl: string | undefined;
  readonly publicUrl: string;
  readonly secretKey: string;
  /** Create the demo companies on first start (default: yes on PGlite, no on PostgreSQL). */
  readonly seedDemo: boolean;
  readonly roots: readonly ApiRootName[];
  /** Built client (index.html and chunks); null serves no client (an API-only process). */
  readonly clientDir: string | null;
  readonly logLevel: string;
  readonly development: boolean;
  /** Idle minutes until automatic logout: the refresh token's idle lifetime. */
  readonly autoLogoutMinutes: number;
  /** Behind a load balancer: take the client address from X-Forwarded-For (rate limits use it). */
  readonly trustProxy: boolean;
  /**
   * Origins that may frame the app and hand it an embed token (/iframelogin): this installation's
   * own, plus EMBED_ALLOWED_ORIGINS (investor instances elsewhere).
   */
  readonly embedOrigins: readonly string[];
  /** OpenID Connect providers for single sign-on (SSO_PROVIDERS, a JSON array). */
  readonly ssoProviders: readonly SsoProviderConfig[];
  /** Hosts the PostgreSQL connector may connect to (INTEGRATION_DATABASE_HOSTS); none unless set. */
  readonly integrationDatabaseHosts: readonly AllowedHost[];
  /** Hosts the CSV-by-URL connector may fetch from (INTEGRATION_CSV_HOSTS); while empty the connector is off. */
  readonly integrationCsvHosts: readonly AllowedHost[];
  /**
   * The PDF renderer: where its headless browser reaches this installation's app (PRINT_URL;
   * unset: the address this process listens on), and its pool (PDF_CONCURRENCY, PDF_TIMEOUT_MS,
   * PDF_WARM=1 starts the browser with the server instead of at the first PDF).
   */
  readonly printUrl?: string;
  readonly pdf?: { readonly concurrency?: number; readonly timeoutMs?: number; readonly warm?: boolean };
  /** The key that seals stored connection strings (INTEGRATION_CONNECTION_KEY); unset: SECRET_KEY. */
  readonly connectionKey?: string;
  /** Earlier connection keys (INTEGRATION_CONNECTION_OLD_KEYS): they still open, never seal. */
  readonly connectionOldKeys?: readonly string[];
  /**
   * The installation's OpenAI-compatible model for the copilot (AI_BASE_URL, AI_API_KEY,
   * AI_MODEL, AI_TIMEOUT_MS); absent: companies without their own endpoint get the built-in
   * offline analyst.
   */
  readonly ai?: AiModelConfig;
}

export interface AiModelConfig {
  readonly baseUrl: string;
  readonly apiKey: string;
  readonly model: string;
  /** Per model request (each retry has its own): the openai client's timeout. */
  readonly timeoutMs: number;
}

export const DEFAULT_AI_MODEL = "gpt-4o-mini";
export const DEFAULT_AI_TIMEOUT_MS = 60_000;

export interface SsoProviderConfig {
  /** In URLs and links: lower-case letters, digits and dashes. */
  readonly name: string;
  /** On the sign-in button: "Sign in with {label}". */
  readonly label: string;
  readonly issuer: string;
  readonly clientId: string;
  readonly clientSecret: string;
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv, argv: readonly string[]): ServerConfig {
  const port = env["PORT"] ? Number(env["PORT"]) : 3000;
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new ConfigError(`PORT must be a port number, got ${env["PORT"]}`);
  const host = env["HOST"] || "localhost";
  const dataDir = resolve(env["DATA_DIR"] || "./data");
  const databaseUrl = env["DATABASE_URL"] || undefined;
  const seedDemo = env["SEED_DEMO"] === undefined || env["SEED_DEMO"] === "" ? !databaseUrl : env["SEED_DEMO"] === "1";
  const autoLogoutMinutes = env["AUTO_LOGOUT_MINUTES"] ? Number(env["AUTO_LOGOUT_MINUTES"]) : 30;
  if (!Number.isInteger(autoLogoutMinutes) || autoLogoutMinutes < 1 || autoLogoutMinutes > 720) {
    throw new ConfigError(`AUTO_LOGOUT_MINUTES must be a whole number of minutes from 1 to 720, got ${env["AUTO_LOGOUT_MINUTES"]}`);
  }
  const shownHost = host === "0.0.0.0" || host === "::" ? "localhost" : host;
  return {
    port,
    host,
    dataDir,
    databaseUrl,
    smtpUrl: parseSmtpUrl(env["SMTP_URL"]),
    publicUrl: (env["PUBLIC_URL"] || `http://${shownHost}:${port}`).replace(/\/$/, ""),
    secretKey: env["SECRET_KEY"] || loadOrCreateSecretKey(dataDir),
    seedDemo,
    roots: parseRoots(argv),
    clientDir: defaultClientDir(),
    logLevel: env["LOG_LEVEL"] || "info",
    development: env["NODE_ENV"] === "development",
    autoLogoutMinutes,
    trustProxy: env["TRUST_PROXY"] === "1",
    ssoProviders: parseSsoProviders(env["SSO_PROVIDERS"]),
    embedOrigins: parseEmbedOrigins(env["PUBLIC_URL"] || `http://${shownHost}:${port}`, env["EMBED_ALLOWED_ORIGINS"]),
    integrationDatabaseHosts: hostList("INTEGRATION_DATABASE_HOSTS", env["INTEGRATION_DATABASE_HOSTS"]),
    integrationCsvHosts: hostList("INTEGRATION_CSV_HOSTS", env["INTEGRATION_CSV_HOSTS"]),
    ...connectionKeys(env),
    ...printSettings(env),
    ...aiSettings(env),
  };
}

/** PRINT_URL, PDF_CONCURRENCY (1–8), PDF_TIMEOUT_MS (5000–120000), PDF_WARM=1. */
function printSettings(env: NodeJS.ProcessEnv): Pick<ServerConfig, "printUrl" | "pdf"> {
  const printUrl = env["PRINT_URL"]?.trim().replace(/\/$/, "") || undefined;
  if (printUrl && !/^https?:\/\//.test(printUrl)) throw new ConfigError(`PRINT_URL must be an http:// or https:// address, got "${printUrl}"`);
  const whole = (name: string, min: number, max: number) => {
    const value = env[name];
    if (value === undefined || value === "") return undefined;
    const number = Number(value);
    if (!Number.isInteger(number) || number < min || number > max) throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, got ${value}`);
    return number;
  };
  const concurrency = whole("PDF_CONCURRENCY", 1, 8);
  const timeoutMs = whole("PDF_TIMEOUT_MS", 5_000, 120_000);
  return {
    ...(printUrl ? { printUrl } : {}),
    pdf: { ...(concurrency ? { concurrency } : {}), ...(timeoutMs ? { timeoutMs } : {}), warm: env["PDF_WARM"] === "1" },
  };
}

/** AI_BASE_URL (an http(s) address of an OpenAI-compatible API), AI_API_KEY, AI_MODEL, AI_TIMEOUT_MS (1000–600000). */
function aiSettings(env: NodeJS.ProcessEnv): Pick<ServerConfig, "ai"> {
  const baseUrl = env["AI_BASE_URL"]?.trim().replace(/\/$/, "") || undefined;
  const timeoutText = env["AI_TIMEOUT_MS"]?.trim() || undefined;
  const timeoutMs = timeoutText === undefined ? DEFAULT_AI_TIMEOUT_MS : Number(timeoutText);
  if (!Number.isInteger(timeoutMs) || timeoutMs < 1_000 || timeoutMs > 600_000) throw new ConfigError(`AI_TIMEOUT_MS must be a whole number from 1000 to 600000, got ${timeoutText}`);
  if (!baseUrl) {
    if (env["AI_API_KEY"] || env["AI_MODEL"]) throw new ConfigError("AI_API_KEY and AI_MODEL need AI_BASE_URL (the OpenAI-compatible API's address, e.g. https://api.openai.com/v1)");
    return {};
  }
  if (!/^https?:\/\//.test(baseUrl) || !URL.canParse(baseUrl)) throw new ConfigError(`AI_BASE_URL must be an http:// or https:// address, got "${baseUrl}"`);
  return { ai: { baseUrl, apiKey: env["AI_API_KEY"]?.trim() || "", model: env["AI_MODEL"]?.trim() || DEFAULT_AI_MODEL, timeoutMs } };
}

/** INTEGRATION_CONNECTION_KEY and INTEGRATION_CONNECTION_OLD_KEYS (comma-separated): key material of at least 32 characters. */
function connectionKeys(env: NodeJS.ProcessEnv): { connectionKey?: string; connectionOldKeys?: readonly string[] } {
  const current = env["INTEGRATION_CONNECTION_KEY"]?.trim() || undefined;
  const old = (env["INTEGRATION_CONNECTION_OLD_KEYS"] ?? "").split(",").map((key) => key.trim()).filter(Boolean);
  for (const [name, key] of [...(current ? [["INTEGRATION_CONNECTION_KEY", current] as const] : []), ...old.map((key) => ["INTEGRATION_CONNECTION_OLD_KEYS", key] as const)]) {
    if (key.length < 32) throw new ConfigError(`${name} takes keys of at least 32 characters (openssl rand -hex 32 makes one)`);
  }
  return { ...(current ? { connectionKey: current } : {}), ...(old.length ? { connectionOldKeys: old } : {}) };
}

/** INTEGRATION_DATABASE_HOSTS=db.example.com,10.0.0.5:6432 — a comma-separated allow-list of host or host:port. */
function hostList(name: string, value: string | undefined): readonly AllowedHost[] {
  const parsed = parseHostList(value);
  if (!parsed.ok) throw new ConfigError(`${name} takes a comma-separated list of host or host:port: ${parsed.message}`);
  return parsed.hosts;
}

function parseEmbedOrigins(publicUrl: string, extra: string | undefined): string[] {
  const origins = [new URL(publicUrl).origin];
  for (const value of (extra ?? "").split(",").map((item) => item.trim()).filter(Boolean)) {
    if (!URL.canParse(value)) throw new ConfigError(`EMBED_ALLOWED_ORIGINS takes origins such as https://investor.example.com, got "${value}"`);
    origins.push(new URL(value).origin);
  }
  return [...new Set(origins)];
}

/** SSO_PROVIDERS='[{"name":"okta","label":"Okta","issuer":"https://…","client_id":"…","client_secret":"…"}]' */
export function parseSsoProviders(value: string | undefined): SsoProviderConfig[] {
  if (!value) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw new ConfigError("SSO_PROVIDERS must be a JSON array of providers");
  }
  if (!Array.isArray(parsed)) throw new ConfigError("SSO_PROVIDERS must be a JSON array of providers");
  return parsed.map((entry: Record<string, unknown>, index) => {
    const text = (key: string) => (typeof entry[key] === "string" && entry[key] ? (entry[key] as string) : null);
    const [name, issuer, clientId, clientSecret] = [text("name"), text("issuer"), text("client_id"), text("client_secret")];
    if (!name || !/^[a-z0-9-]+$/.test(name) || !issuer || !URL.canParse(issuer) || !clientId || !clientSecret) {
      throw new ConfigError(`SSO_PROVIDERS[${index}] needs name (a-z, 0-9, -), issuer (a URL), client_id and client_secret`);
    }
    return { name, label: text("label") ?? name, issuer, clientId, clientSecret };
  });
}

function parseSmtpUrl(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const protocol = URL.canParse(value) ? new URL(value).protocol : "";
  if (protocol !== "smtp:" && protocol !== "smtps:") throw new ConfigError(`SMTP_URL must be an smtp:// or smtps:// URL, got "${value}"`);
  return value;
}

/** `--roots main,auth` serves a subset of the API roots; all four by default. */
export function parseRoots(argv: readonly string[]): ApiRootName[] {
  const index = argv.findIndex((arg) => arg === "--roots" || arg.startsWith("--roots="));
  if (index < 0) return [...API_ROOT_NAMES];
  const arg = argv[index] ?? "";
  const value = arg.includes("=") ? arg.slice(arg.indexOf("=") + 1) : (argv[index + 1] ?? "");
  const roots = value.split(",").map((root) => root.trim()).filter(Boolean);
  const unknown = roots.filter((root) => !(API_ROOT_NAMES as string[]).includes(root));
  if (roots.length === 0 || unknown.length > 0) {
    throw new ConfigError(`--roots takes a comma-separated list of ${API_ROOT_NAMES.join(", ")}; got "${value}"`);
  }
  return roots as ApiRootName[];
}

/**
 * A generated key is kept in DATA_DIR so tokens survive a restart. More than one process must
 * share one SECRET_KEY, set explicitly.
 */
function loadOrCreateSecretKey(dataDir: string): string {
  const file = join(dataDir, "secret.key");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32).toString("hex");
  writeFileSync(file, key + "\n", { mode: 0o600 });
  return key;
}

function defaultClientDir(): string | null {
  // The server bundle lives in dist/server, the client in dist/client.
  const here = dirname(fileURLToPath(import.meta.url));
  const candidate = resolve(here, "../client");
  return existsSync(join(candidate, "index.html")) ? candidate : null;
}
