/**
 * A PostgreSQL connection string as a person pastes it: postgres://user:password@host:5432/db.
 * It is taken apart here and never handed to the driver whole: libpq-style parameters would let
 * it point elsewhere (`?host=/var/run/postgresql`, a socket on this server) or read this server's
 * files (`sslrootcert=`, `sslkey=`). Only `sslmode` may be set.
 */
export interface DatabaseConnection {
  readonly host: string;
  readonly port: number;
  readonly user: string;
  readonly password: string;
  readonly database: string;
  readonly sslmode: SslMode;
}

export type SslMode = "disable" | "require" | "verify-full";
const SSL_MODES: readonly SslMode[] = ["disable", "require", "verify-full"];

export const CONNECTION_STRING_FORMAT = "Enter a connection string such as postgres://user:password@db.example.com:5432/database.";
export const ONLY_SSLMODE = "The connection string may only set sslmode (disable, require or verify-full).";

export type ParsedConnection = { readonly ok: true; readonly connection: DatabaseConnection } | { readonly ok: false; readonly message: string };

export function parseConnectionString(text: string): ParsedConnection {
  const trimmed = text.trim();
  if (!/^postgres(ql)?:\/\//i.test(trimmed) || !URL.canParse(trimmed)) return { ok: false, message: CONNECTION_STRING_FORMAT };
  const url = new URL(trimmed);
  const decode = (part: string) => {
    try {
      return decodeURIComponent(part);
    } catch {
      return null;
    }
  };
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  const user = decode(url.username);
  const password = decode(url.password);
  const database = decode(url.pathname.replace(/^\//, ""));
  const port = url.port === "" ? 5432 : Number(url.port);
  if (!host || !user || password === null || !database || database.includes("/") || !Number.isInteger(port) || port < 1 || port > 65535 || url.hash) {
    return { ok: false, message: CONNECTION_STRING_FORMAT };
  }
  const keys = [...url.searchParams.keys()];
  if (keys.some((key) => key !== "sslmode") || keys.length > 1) return { ok: false, message: ONLY_SSLMODE };
  const sslmode = (url.searchParams.get("sslmode") ?? "disable") as SslMode;
  if (!SSL_MODES.includes(sslmode)) return { ok: false, message: ONLY_SSLMODE };
  return { ok: true, connection: { host, port, user, password, database, sslmode } };
}

/** What people may see of a connection: user, host, port and database — never the password. */
export function describeConnection(connection: DatabaseConnection): string {
  const host = connection.host.includes(":") ? `[${connection.host}]` : connection.host;
  return `${connection.user}@${host}:${connection.port}/${connection.database}`;
}
