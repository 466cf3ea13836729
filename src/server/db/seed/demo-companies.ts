import { ROLE_NAMES, type RoleName } from "../../../domain/permissions/roles";
import type { TenantKind } from "../schema";

/** Every demo password; the sign-in page shows it only in demo mode. */
export const DEMO_PASSWORD = "meridian-demo";


export interface DemoUser {
  readonly email: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly role: RoleName;
}

export interface DemoCompany {
  /** Fixed ids, so a seed cut off half-way is replaced cleanly on the next start. */
  readonly id: string;
  readonly kind: TenantKind;
  readonly name: string;
  readonly fiscalYearOffset: number;
  readonly localCurrency: string;
  /** IANA time zone: when its alerts and reminders go out. */
  readonly timeZone: string;
  readonly multiCurrency: boolean;
  readonly features: Record<string, boolean>;
  readonly users: readonly DemoUser[];
  /** KPI data: the catalogue's levels times `scale`, noise from `seed`. Null: no KPI data. */
  readonly kpiData: { readonly scale: number; readonly seed: string } | null;
  /** Named FX rates: currency and its rate for one unit of local currency in January 2026. */
  readonly fxRates: readonly { readonly name: string; readonly currency: string; readonly rate: number }[];
  /**
   * Portfolio companies an investor or holding sees, by id, with their authorization state and
   * the company's user the investor views it as.
   */
  readonly portfolio: readonly { readonly companyId: string; readonly state: "requested" | "denied" | "authorized"; readonly viewAs?: string }[];
  /** Raw business data for the warehouse (deals, employees, products, targets) from this seed; none when left out. */
  readonly warehouseSeed?: string;
}

export const COMPANY_FEATURES = {
  my_dashboard: true,
  okr: true,
  forecasting: true,
  query_builder: true,
  integration_dashboard: true,
  copilot_chat: true,
  two_factor_auth: true,
  kpi_glossary: true,
};

export const DEMO_GMBH_ID = "d3e00000-0000-4000-8000-000000000001";
export const NORTHWIND_ID = "d3e00000-0000-4000-8000-000000000002";
export const ATLAS_ID = "d3e00000-0000-4000-8000-000000000003";
export const HOLDING_ID = "d3e00000-0000-4000-8000-000000000004";

const roleEmail = (role: RoleName) => (role === "Administrator" ? "admin" : role.toLowerCase().replaceAll(" ", "-"));

export const DEMO_COMPANIES: readonly DemoCompany[] = [
  {
    id: DEMO_GMBH_ID,
    kind: "company",
    name: "Demo GmbH",
    fiscalYearOffset: 3, // fiscal year starts in April
    localCurrency: "EUR",
    timeZone: "Europe/Berlin",
    multiCurrency: true,
    features: COMPANY_FEATURES,
    users: ROLE_NAMES.map((role, index) => ({
      email: `${roleEmail(role)}@demo.example`,
      firstName: ["Ada", "Carl", "Dana", "Emil", "Eva", "Ivo", "Hanna"][index] ?? "Demo",
      lastName: role === "Head of department" ? "Head" : role.replace("-", ""),
      role,
    })),
    kpiData: { scale: 1, seed: "demo-gmbh" },
    warehouseSeed: "demo-gmbh",
    fxRates: [
      { name: "USD (monthly average)", currency: "USD", rate: 1.08 },
      { name: "CHF (monthly average)", currency: "CHF", rate: 0.94 },
    ],
    portfolio: [],
  },
  {
    id: NORTHWIND_ID,
    kind: "company",
    name: "Northwind AG",
    fiscalYearOffset: 0,
    localCurrency: "EUR",
    timeZone: "Europe/Berlin",
    multiCurrency: false,
    features: COMPANY_FEATURES,
    users: [
      { email: "admin@northwind.example", firstName: "Nora", lastName: "Wind", role: "Administrator" },
      { email: "investor@northwind.example", firstName: "Ines", lastName: "Vestor", role: "Investor" },
    ],
    kpiData: { scale: 0.35, seed: "northwind-ag" },
    fxRates: [],
    portfolio: [],
  },
  {
    id: ATLAS_ID,
    kind: "investor",
    name: "Atlas Ventures",
    fiscalYearOffset: 0,
    localCurrency: "EUR",
    timeZone: "Europe/Berlin",
    multiCurrency: false,
    features: { my_dashboard: true, kpi_glossary: true, two_factor_auth: true },
    users: [{ email: "investor@atlas.example", firstName: "Ari", lastName: "Atlas", role: "Investor" }],
    kpiData: null,
    fxRates: [],
    portfolio: [
      { companyId: DEMO_GMBH_ID, state: "authorized", viewAs: "investor@demo.example" },
      { companyId: NORTHWIND_ID, state: "authorized", viewAs: "investor@northwind.example" },
    ],
  },
  {
    id: HOLDING_ID,
    kind: "holding",
    name: "Meridian Holding",
    fiscalYearOffset: 0,
    // Swiss: its EUR subsidiaries roll up converted at the holding's own rates (demo-holding.ts).
    localCurrency: "CHF",
    timeZone: "Europe/Zurich",
    multiCurrency: false,
    features: { holding_reporting: true, okr: true, two_factor_auth: true },
    users: [{ email: "admin@holding.example", firstName: "Hugo", lastName: "Holding", role: "Administrator" }],
    kpiData: null,
    fxRates: [],
    portfolio: [
      { companyId: DEMO_GMBH_ID, state: "authorized" },
      { companyId: NORTHWIND_ID, state: "requested" },
    ],
  },
];
