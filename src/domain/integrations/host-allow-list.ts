/**
 * The operator's allow-list of hosts a connector may reach (INTEGRATION_DATABASE_HOSTS,
 * INTEGRATION_CSV_HOSTS). An entry is `host` or `host:port` (IPv6 in brackets: `[::1]:5432`).
 * An entry without a port allows only the connector's default port, so allowing a database host
 * does not open every other service on it to the connector.
 */
export interface AllowedHost {
  /** Lower case; IPv6 without brackets. */
  readonly host: string;
  /** null: the connector's default port only. */
  readonly port: number | null;
}

export type HostListResult = { readonly ok: true; readonly hosts: readonly AllowedHost[] } | { readonly ok: false; readonly message: string };

export function parseHostList(text: string | undefined): HostListResult {
  const hosts: AllowedHost[] = [];
  for (const entry of (text ?? "").split(",").map((item) => item.trim()).filter(Boolean)) {
    const parsed = parseHostEntry(entry);
    if (!parsed) return { ok: false, message: `"${entry}" is not a host or host:port` };
    hosts.push(parsed);
  }
  return { ok: true, hosts };
}

const HOST_NAME = /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;

function parseHostEntry(entry: string): AllowedHost | null {
  const match = /^\[([0-9a-f:.]+)\](?::(\d{1,5}))?$/i.exec(entry) ?? /^([^:[\]]+)(?::(\d{1,5}))?$/.exec(entry);
  if (!match) return null;
  const host = match[1]!.toLowerCase();
  const port = match[2] === undefined ? null : Number(match[2]);
  if (port !== null && (port < 1 || port > 65535)) return null;
  if (!entry.startsWith("[") && !HOST_NAME.test(host)) return null;
  return { host, port };
}

/** Whether `host:port` is allowed; `defaultPort` is the one an entry without a port allows. */
export function isHostAllowed(hosts: readonly AllowedHost[], host: string, port: number, defaultPort: number): boolean {
  const wanted = normalizeHost(host);
  return hosts.some((allowed) => allowed.host === wanted && (allowed.port ?? defaultPort) === port);
}

/** Whether the allow-list names this very address (a private address is reached only then). */
export function isAddressListed(hosts: readonly AllowedHost[], address: string): boolean {
  const wanted = normalizeHost(address);
  return hosts.some((allowed) => allowed.host === wanted);
}

const normalizeHost = (host: string) => host.toLowerCase().replace(/^\[(.*)\]$/, "$1").replace(/\.$/, "");

/** The list as an operator writes it, for messages ("db.example.com, 10.0.0.5:6432"). */
export const describeHostList = (hosts: readonly AllowedHost[]) =>
  hosts.map((allowed) => `${allowed.host.includes(":") ? `[${allowed.host}]` : allowed.host}${allowed.port === null ? "" : `:${allowed.port}`}`).join(", ");
