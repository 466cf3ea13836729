import type { ConnectorInfo, IntegrationKind } from "../../../contracts/integrations";
import { CONNECTOR_OFF } from "../../../contracts/integrations";
import { CSV_URL_CONNECTOR, INTEGRATION_CATALOGUE, POSTGRESQL_CONNECTOR } from "../../../domain/integrations/catalogue";
import { describeHostList } from "../../../domain/integrations/host-allow-list";
import type { ServerConfig } from "../../config";
import { createRotatingSealer, type RotatingSealer } from "../../platform/auth/sealing";
import { describeConnection, parseConnectionString } from "./connection-string";
import { describeCsvUrl, parseCsvUrl, readCsvUrl } from "./csv-url-source";
import { readPostgres } from "./postgres-source";
import { SourceError, type SourceLimits, type SourceResult } from "./source";

/**
 * The connectors behind one interface: what this installation allows, how a connection is
 * sealed and described, and how a source is read.
 */

const sealers = new WeakMap<ServerConfig, RotatingSealer>();

/**
 * Connections are sealed with a key of their own derived from INTEGRATION_CONNECTION_KEY (or
 * SECRET_KEY when unset); INTEGRATION_CONNECTION_OLD_KEYS still open what they sealed
 * (platform/auth/sealing.ts, createRotatingSealer; `reseal-connections.ts` seals everything again).
 */
export function connectionSealer(config: ServerConfig): RotatingSealer {
  let sealer = sealers.get(config);
  if (!sealer) sealers.set(config, (sealer = createRotatingSealer(config.connectionKey ?? config.secretKey, config.connectionOldKeys ?? [], "integration-connections")));
  return sealer;
}

export const UNREADABLE_CONNECTION = "The stored connection cannot be opened (the installation's connection key changed). Reconnect the integration.";

/** A stored connection, opened; null when it cannot be (sealed under another SECRET_KEY). */
export function openConnection(services: { config: ServerConfig }, sealed: string): string | null {
  try {
    return connectionSealer(services.config).open(sealed);
  } catch {
    return null;
  }
}

/** The catalogue as this installation offers it: a connector is enabled once the operator allows hosts for it. */
export function connectorsOf(config: ServerConfig): (typeof ConnectorInfo.Type)[] {
  return INTEGRATION_CATALOGUE.map((entry) => {
    if (entry.name === POSTGRESQL_CONNECTOR) {
      const hosts = config.integrationDatabaseHosts;
      return { ...entry, enabled: hosts.length > 0, note: hosts.length > 0 ? `Connects to ${describeHostList(hosts)}.` : "No database host is allowed on this installation yet: ask your operator." };
    }
    if (entry.name === CSV_URL_CONNECTOR) {
      const hosts = config.integrationCsvHosts;
      return { ...entry, enabled: hosts.length > 0, note: hosts.length > 0 ? `Fetches from ${describeHostList(hosts)}.` : "Off on this installation: your operator can allow it for chosen hosts." };
    }
    return { ...entry, enabled: true, note: null };
  });
}

export function connectorEnabled(config: ServerConfig, kind: IntegrationKind): boolean {
  return (kind === "postgresql" ? config.integrationDatabaseHosts : config.integrationCsvHosts).length > 0;
}

/** What people may see of a connection (no password, no token); a SourceError when it is malformed. */
export function targetOf(kind: IntegrationKind, connection: string): string {
  if (kind === "postgresql") {
    const parsed = parseConnectionString(connection);
    if (!parsed.ok) throw new SourceError("refused", "connection", parsed.message);
    return describeConnection(parsed.connection);
  }
  return describeCsvUrl(parseCsvUrl(connection));
}

/** Reads a source through its connector, with the installation's allow-lists and the limits given. */
export async function readSource(config: ServerConfig, kind: IntegrationKind, connection: string, query: string, limits: SourceLimits): Promise<SourceResult> {
  if (!connectorEnabled(config, kind)) throw new SourceError("refused", "connection", CONNECTOR_OFF);
  if (kind === "postgresql") {
    const parsed = parseConnectionString(connection);
    if (!parsed.ok) throw new SourceError("refused", "connection", parsed.message);
    return readPostgres(parsed.connection, query, config.integrationDatabaseHosts, limits);
  }
  return readCsvUrl(connection, config.integrationCsvHosts, limits);
}
