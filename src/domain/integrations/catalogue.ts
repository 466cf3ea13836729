import { ACCOUNTING_INTEGRATION } from "./accounting";

/**
 * The integrations a company can use (spec sections 2 and 6: /integration/{viewName?}, connect,
 * reconnect, manage, remove). Connectors are set up here and synchronize as jobs; the accounting
 * import is a wizard of its own at /integration/{name}/wizard.
 *
 * The names are what addresses and integration summaries are keyed by (spec section 3:
 * "Integration summary: keyed by integration name"), so they never change once shipped.
 */

/** A PostgreSQL database of the company's, read with a query (read-only, behind the operator's host allow-list). */
export const POSTGRESQL_CONNECTOR = "postgresql";
/** A CSV file fetched from an address (off unless the operator allows hosts for it). */
export const CSV_URL_CONNECTOR = "csv-url";
/** The accounting import wizard (DATEV-style CSV archive): the name its own module gives it, so the overview links to /integration/accounting/wizard. */
export const ACCOUNTING_IMPORT = ACCOUNTING_INTEGRATION.name;

export type ConnectorName = typeof POSTGRESQL_CONNECTOR | typeof CSV_URL_CONNECTOR;
export const CONNECTOR_NAMES: readonly ConnectorName[] = [POSTGRESQL_CONNECTOR, CSV_URL_CONNECTOR];
export const isConnectorName = (name: string): name is ConnectorName => (CONNECTOR_NAMES as readonly string[]).includes(name);

export interface CatalogueEntry {
  readonly name: string;
  readonly label: string;
  readonly description: string;
  /** A connector is connected here and synchronizes; a wizard is a guided import on its own screen. */
  readonly kind: "connector" | "wizard";
}

export const INTEGRATION_CATALOGUE: readonly CatalogueEntry[] = [
  {
    name: POSTGRESQL_CONNECTOR,
    label: "PostgreSQL database",
    description: "Reads monthly KPI values from your own PostgreSQL database with a query, read-only.",
    kind: "connector",
  },
  {
    name: CSV_URL_CONNECTOR,
    label: "CSV file by address",
    description: "Fetches a CSV file of monthly KPI values from an address your operator allows.",
    kind: "connector",
  },
  {
    name: ACCOUNTING_IMPORT,
    label: "Accounting import (DATEV-style CSV)",
    description: "Imports bookings from an accounting export and maps accounts to the P&L.",
    kind: "wizard",
  },
];

export const catalogueEntry = (name: string) => INTEGRATION_CATALOGUE.find((entry) => entry.name === name);

/**
 * Where each view lives under /integration/{viewName?}: the overview without a view name, a
 * connector's connect view by its name, a connected integration's manage view by its id, and the
 * wizard one level deeper.
 */
export const INTEGRATION_PATHS = {
  overview: "/integration",
  connect: (name: ConnectorName) => `/integration/${name}`,
  manage: (id: number) => `/integration/${id}`,
  wizard: (name: string) => `/integration/${name}/wizard`,
} as const;

/** What a view name of /integration/{viewName} means. */
export type IntegrationView = { readonly kind: "overview" } | { readonly kind: "connect"; readonly name: ConnectorName } | { readonly kind: "manage"; readonly id: number } | { readonly kind: "unknown" };

export function integrationView(viewName: string | undefined): IntegrationView {
  if (!viewName) return { kind: "overview" };
  if (isConnectorName(viewName)) return { kind: "connect", name: viewName };
  if (/^\d{1,15}$/.test(viewName) && Number(viewName) >= 1) return { kind: "manage", id: Number(viewName) };
  return { kind: "unknown" };
}
