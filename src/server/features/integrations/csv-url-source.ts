import { parse } from "csv-parse/sync";
import { lookup } from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import { BlockList, isIP, type LookupFunction } from "node:net";
import { describeHostList, isAddressListed, isHostAllowed, type AllowedHost } from "../../../domain/integrations/host-allow-list";
import { scrub, sizeText, SourceError, type SourceLimits, type SourceResult } from "./source";

/**
 * Fetches a CSV file of monthly values from an address, for operators who allow it
 * (INTEGRATION_CSV_HOSTS; off while empty). What keeps it from becoming a way into the network
 * this server stands in (SSRF):
 * - only http(s) to hosts on the allow-list, on their listed port (or 443/80);
 * - the host name is resolved once here and the request goes to that very address (no second
 *   lookup that could answer differently); an address in a private, loopback, link-local or other
 *   special range is fetched only when the allow-list names that address itself;
 * - redirects are followed only within the same origin (at most 3); one to another host is refused;
 * - a time limit for the whole fetch and a size limit counted on the bytes received.
 */
export async function readCsvUrl(address: string, allowList: readonly AllowedHost[], limits: SourceLimits, resolve: Resolver = resolveHost): Promise<SourceResult> {
  const url = parseCsvUrl(address);
  const secrets = secretsOf(url);
  const deadline = AbortSignal.timeout(limits.timeoutMs);
  let current = url;
  for (let redirects = 0; ; redirects++) {
    const answer = await fetchOnce(current, allowList, limits, deadline, resolve, secrets);
    if (answer.kind === "body") return parseCsv(answer.body, limits);
    const next = new URL(answer.location, current);
    if (next.origin !== url.origin) throw new SourceError("refused", "connection", "The address redirects to another host; only redirects within the same host are followed.");
    if (redirects >= 3) throw new SourceError("read", "connection", "The address redirects too often.");
    current = next;
  }
}

export const CSV_URL_FORMAT = "Enter the address of a CSV file, such as https://files.example.com/kpis.csv.";

/** An http(s) address, or the input message. */
export function parseCsvUrl(address: string): URL {
  const text = address.trim();
  if (!URL.canParse(text)) throw new SourceError("refused", "connection", CSV_URL_FORMAT);
  const url = new URL(text);
  if ((url.protocol !== "https:" && url.protocol !== "http:") || !url.hostname) throw new SourceError("refused", "connection", CSV_URL_FORMAT);
  url.hash = "";
  return url;
}

/** What people may see of an address: its origin and path, never its query (tokens) or user. */
export const describeCsvUrl = (url: URL) => `${url.origin}${url.pathname}`;

export type Resolver = (host: string) => Promise<readonly string[]>;

async function resolveHost(host: string): Promise<readonly string[]> {
  return (await lookup(host, { all: true, verbatim: true })).map((entry) => entry.address);
}

type Answer = { kind: "body"; body: Buffer } | { kind: "redirect"; location: string };

async function fetchOnce(url: URL, allowList: readonly AllowedHost[], limits: SourceLimits, deadline: AbortSignal, resolve: Resolver, secrets: readonly string[]): Promise<Answer> {
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  const defaultPort = url.protocol === "https:" ? 443 : 80;
  const port = url.port ? Number(url.port) : defaultPort;
  if (!isHostAllowed(allowList, host, port, defaultPort)) {
    const hint = allowList.length ? ` It allows: ${describeHostList(allowList)}.` : " It allows none.";
    throw new SourceError("refused", "connection", `This installation does not fetch files from ${host}${url.port ? `:${url.port}` : ""}.${hint}`);
  }
  const target = await addressOf(host, allowList, resolve);
  const client = url.protocol === "https:" ? https : http;
  return new Promise<Answer>((done, fail) => {
    const request = client.request(
      url,
      {
        method: "GET",
        signal: deadline,
        headers: { accept: "text/csv, text/plain;q=0.9", "user-agent": "Meridian integration" },
        // The address checked above, never a second lookup (DNS rebinding); TLS still checks the name.
        lookup: ((_hostname: string, options: { all?: boolean | undefined }, callback: (...args: unknown[]) => void) =>
          options?.all ? callback(null, [{ address: target, family: isIP(target) }]) : callback(null, target, isIP(target))) as unknown as LookupFunction,
      },
      (response) => {
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400 && response.headers.location) {
          response.resume();
          return done({ kind: "redirect", location: response.headers.location });
        }
        if (status === 401 || status === 403) {
          response.resume();
          return fail(new SourceError("sign-in", "connection", `The address refused access (HTTP ${status}).`));
        }
        if (status < 200 || status >= 300) {
          response.resume();
          return fail(new SourceError("read", "connection", `The address answered HTTP ${status}.`));
        }
        const declared = Number(response.headers["content-length"] ?? 0);
        if (declared > limits.maxBytes) {
          response.destroy();
          return fail(tooLarge(limits));
        }
        const chunks: Buffer[] = [];
        let received = 0;
        response.on("data", (chunk: Buffer) => {
          received += chunk.length;
          if (received > limits.maxBytes) {
            response.destroy();
            fail(tooLarge(limits));
            return;
          }
          chunks.push(chunk);
        });
        response.on("end", () => done({ kind: "body", body: Buffer.concat(chunks) }));
        response.on("error", (error) => fail(readError(error, deadline, secrets)));
      },
    );
    request.on("error", (error) => fail(readError(error, deadline, secrets)));
    request.end();
  });
}

const tooLarge = (limits: SourceLimits) => new SourceError("read", "connection", `The file is larger than ${sizeText(limits.maxBytes)}.`);

function readError(error: unknown, deadline: AbortSignal, secrets: readonly string[]) {
  if (deadline.aborted) return new SourceError("read", "connection", "The address took too long to answer.");
  return new SourceError("read", "connection", `The address could not be read: ${scrub(error instanceof Error ? error.message : String(error), secrets)}`);
}

/**
 * The address to connect to: the host's first public address, or a special-range one only if the
 * allow-list names that address itself. A host that resolves only to refused addresses is refused.
 */
async function addressOf(host: string, allowList: readonly AllowedHost[], resolve: Resolver): Promise<string> {
  let addresses: readonly string[];
  try {
    addresses = isIP(host) ? [host] : await resolve(host);
  } catch {
    throw new SourceError("read", "connection", `The host ${host} could not be found.`);
  }
  const usable = addresses.find((address) => !isSpecialAddress(address) || isAddressListed(allowList, address));
  if (!usable) throw new SourceError("refused", "connection", `${host} is a private or local network address; only addresses the operator lists themselves are fetched.`);
  return usable;
}

/** Private, loopback, link-local, shared, documentation, multicast and reserved ranges (IPv4 and IPv6). */
const SPECIAL_V4 = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8], ["10.0.0.0", 8], ["100.64.0.0", 10], ["127.0.0.0", 8], ["169.254.0.0", 16], ["172.16.0.0", 12], ["192.0.0.0", 24], ["192.0.2.0", 24],
  ["192.88.99.0", 24], ["192.168.0.0", 16], ["198.18.0.0", 15], ["198.51.100.0", 24], ["203.0.113.0", 24], ["224.0.0.0", 4], ["240.0.0.0", 4],
] as const) SPECIAL_V4.addSubnet(network, prefix, "ipv4");
// Apart from the IPv4 list: a BlockList also matches IPv4 addresses against IPv4-mapped IPv6 rules.
const SPECIAL_V6 = new BlockList();
for (const [network, prefix] of [
  ["::", 128], ["::1", 128], ["64:ff9b::", 96], ["64:ff9b:1::", 48], ["100::", 64], ["2001::", 23], ["2001:db8::", 32], ["2002::", 16], ["fc00::", 7], ["fe80::", 10], ["ff00::", 8],
] as const) SPECIAL_V6.addSubnet(network, prefix, "ipv6");

export function isSpecialAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return SPECIAL_V4.check(address, "ipv4");
  if (family !== 6) return true;
  // An IPv4 address written as IPv6 (::ffff:10.0.0.1) is judged as the IPv4 address it is.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return SPECIAL_V4.check(mapped[1]!, "ipv4");
  if (/^::ffff:/i.test(address)) return true;
  return SPECIAL_V6.check(address, "ipv6");
}

/** The first row names the columns; `,` or `;` separate them (whichever the first row uses more); at most the row cap is kept. */
function parseCsv(body: Buffer, limits: SourceLimits): SourceResult {
  // The header decides the separator: a file with ";" may write numbers with "," (1,250.50).
  const firstLine = body.subarray(0, Math.min(body.length, 4096)).toString("utf8").split(/\r?\n/)[0] ?? "";
  const delimiter = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ";" : ",";
  let records: string[][];
  try {
    records = parse(body, { bom: true, delimiter, skip_empty_lines: true, relax_column_count: true, trim: true, to: limits.maxRows + 2 }) as string[][];
  } catch (error) {
    throw new SourceError("read", "connection", `The file is no CSV this connector can read: ${error instanceof Error ? error.message.slice(0, 200) : "unreadable"}`);
  }
  const [header, ...rows] = records;
  if (!header) throw new SourceError("read", "connection", "The file is empty.");
  return { columns: header, rows: rows.slice(0, limits.maxRows), truncated: rows.length > limits.maxRows };
}

/** Parts of an address that may be secret: its user, password and query values. */
function secretsOf(url: URL): string[] {
  return [url.username, url.password, decodeURIComponent(url.password || ""), ...[...url.searchParams.values()], url.search].filter(Boolean);
}
