import { randomUUID } from "node:crypto";
import { writeZip } from "../../../src/server/platform/files/zip-writer";
import type { WorldIds } from "./world";

/** A small, valid accounting archive: its four files with one booking. */
const ACCOUNTING_ARCHIVE = writeZip([
  { name: "accounts.csv", content: Buffer.from("account_number,name,type\n1400,Receivables,asset\n4400,Sales,revenue\n") },
  { name: "bookings.csv", content: Buffer.from("date,debit_account,credit_account,amount\n2026-01-10,1400,4400,100.00\n") },
  { name: "debtors.csv", content: Buffer.from("number,name,document_number,document_date,due_date,amount\n10001,Customer,AR-1,2026-01-10,,100\n") },
  { name: "creditors.csv", content: Buffer.from("number,name,document_number,document_date,due_date,amount\n") },
]);

/** A request to a declared route: path parameters, query, and a JSON body or an uploaded file. */
export interface SampleRequest {
  readonly params?: Record<string, string | number>;
  readonly query?: Record<string, string>;
  readonly body?: unknown;
  readonly upload?: { readonly filename: string; readonly bytes: Buffer; readonly mediaType: string };
}

/**
 * A well-formed request for every declared route, by "METHOD /full/path". The suites mutate it
 * (fuzz), aim it at another company (cross-tenant) or send it as every role (role table). A route
 * without a sample fails test/server/registry/contracts.test.ts: add one here with the route.
 */
export const SAMPLES: Record<string, (ids: WorldIds) => SampleRequest> = {
  // A stream never ends by itself: its sample asks for an impossible resume point, so the suites
  // get an answer past authentication (a 400) instead of an open stream.
  "GET /api/events/stream/": () => ({ query: { after: "-1" } }),
  "GET /healthz": () => ({}),
  "GET /config.json": () => ({}),
  "GET /api/openapi.json": () => ({}),
  "POST /api/auth/token/refresh/": () => ({ body: { refresh: `${randomUUID()}.not-a-token` } }),
  "POST /api/auth/logout/": () => ({ body: {} }),
  "GET /api/auth/users/me/": () => ({}),
  "GET /api/menu/": () => ({}),
  "GET /api/company/": () => ({}),
  "POST /api/auth/users/reset_password/": () => ({ body: { email: `nobody-${randomUUID()}@example.com` } }),
  "POST /api/auth/users/reset_password_confirm/": () => ({ body: { uid: "bm90LWEtdWlk", token: "not-a-token", new_password: "A-long-enough-passphrase-42", re_new_password: "A-long-enough-passphrase-42" } }),
  "POST /api/auth/users/set_password/": () => ({ body: { current_password: "not-the-password", new_password: "A-long-enough-passphrase-42", re_new_password: "A-long-enough-passphrase-42" } }),
  "GET /api/auth/2fa/": () => ({}),
  "PATCH /api/auth/2fa/policy/": () => ({ body: { policy: "optional" } }),
  "POST /api/auth/2fa/setup/": () => ({}),
  "POST /api/auth/2fa/activate/": () => ({ body: { passcode: "000000" } }),
  "POST /api/auth/2fa/deactivate/": () => ({ body: { passcode: "000000" } }),
  "POST /api/auth/users/{id}/reset-2fa/": (ids) => ({ params: { id: ids.member } }),
  "GET /api/vw/auth/users/": () => ({ query: { search: "user" } }),
  "GET /api/permissions/groups/": () => ({}),
  "POST /api/auth/users/": () => ({ body: { email: `new-${randomUUID()}@example.com`, first_name: "New", last_name: "User", groups: [] } }),
  "PATCH /api/auth/users/{id}/": (ids) => ({ params: { id: ids.member }, body: { first_name: "Renamed" } }),
  "DELETE /api/auth/users/{id}/": (ids) => ({ params: { id: ids.member } }),
  "PATCH /api/permissions/users/{id}/": (ids) => ({ params: { id: ids.member }, body: { groups: [], user_permissions: [] } }),
  "GET /api/auth/users/{id}/send-welcome-email/": (ids) => ({ params: { id: ids.member } }),
  "GET /api/outbox/": () => ({}),
  "GET /api/auth/users/template/": () => ({}),
  "POST /api/auth/users/template/": () => ({ upload: { filename: "users.xlsx", bytes: Buffer.from("not a workbook"), mediaType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" } }),
  "GET /api/sso/config/": () => ({}),
  "GET /api/sso/{provider}/authorize/": () => ({ params: { provider: "unknown" }, query: { next: "/my-dashboard" } }),
  "POST /api/sso/{provider}/link-start/": () => ({ params: { provider: "unknown" } }),
  "POST /api/sso/callback/": () => ({ body: { code: "code", state: "state" } }),
  "PATCH /api/sso/link/{id}/": (ids) => ({ params: { id: ids.member }, body: { sso_provider: "unknown", sso_id: "subject" } }),
  "GET /api/oauth/instances/": () => ({}),
  "DELETE /api/oauth/instances/{id}/": (ids) => ({ params: { id: ids.instance } }),
  "POST /api/oauth/authorize/": (ids) => ({ body: { instance_id: ids.instance } }),
  "GET /api/kpis/meta/": () => ({}),
  "GET /api/kpis/aggregates/": (ids) => ({ query: { endDate: "2026-03-01", idList: `${ids.kpi},${ids.calculatedKpi}` } }),
  "GET /api/kpis/history/": (ids) => ({ query: { endDate: "2026-03-01", timeRange: "12", bucketSize: "3", idList: `${ids.kpi},${ids.calculatedKpi}` } }),
  "POST /api/kpis/monthly-values/": (ids) => ({ body: { values: [{ kpi: ids.kpi, date: "2026-04-01", value: 12.5 }] } }),
  "POST /api/kpis/values/": (ids) => ({ body: { startDate: "2026-01-01", date: "2026-06-01", idList: [ids.kpi, ids.calculatedKpi], includePlanning: true } }),
  "POST /api/kpis/planning-values/": (ids) => ({ body: { values: [{ kpi: ids.kpi, date: "2026-04-01", value: 20 }] } }),
  "GET /api/kpis/favorites/": () => ({}),
  "POST /api/kpis/favorites/": (ids) => ({ body: { kpi: ids.kpi } }),
  "PUT /api/kpis/favorites/": (ids) => ({ body: { kpis: [ids.kpi] } }),
  "DELETE /api/kpis/favorites/{kpi}/": (ids) => ({ params: { kpi: ids.kpi } }),
  "GET /api/kpis/currencies/": () => ({}),
  "POST /api/kpis/currencies/": () => ({ body: { name: `Rate ${randomUUID().slice(0, 8)}`, code: "CHF", rates: [{ validFrom: "2026-01-01", rate: 0.95 }] } }),
  "GET /api/kpis/currencies/{id}/": (ids) => ({ params: { id: ids.currency } }),
  "PATCH /api/kpis/currencies/{id}/": (ids) => ({ params: { id: ids.currency }, body: { code: "USD" } }),
  "PATCH /api/kpis/currencies/corporate/": () => ({ body: { code: "EUR" } }),
  "PUT /api/kpis/currencies/{id}/rates/": (ids) => ({ params: { id: ids.currency }, body: { rates: [{ validFrom: "2026-01-01", rate: 1.25 }] } }),
  "GET /api/kpis/categories/": () => ({ query: { kind: "financial" } }),
  "PATCH /api/kpis/categories/{id}/": (ids) => ({ params: { id: ids.category }, body: { flexibleColumnsConfig: [] } }),
  "GET /api/settings/": () => ({}),
  "PUT /api/settings/": () => ({ body: { daterangeFilter: { endDate: null, ignoreLastMonths: 0 } } }),
  "GET /api/qb/queries/": () => ({}),
  "GET /api/qb/columns/": () => ({}),
  "GET /api/qb/query/{id}/": (ids) => ({ params: { id: ids.query } }),
  "POST /api/qb/query/": (ids) => ({ body: { title: "Revenue from values", kpi: ids.kpi, sql: `select month, value from qb.kpi_values where kpi_id = ${ids.kpi}` } }),
  "PUT /api/qb/query/{id}/": (ids) => ({ params: { id: ids.query }, body: { title: "Renamed query", sql: `select month, value * 2 as value from qb.kpi_values where kpi_id = ${ids.kpi}` } }),
  "DELETE /api/qb/query/{id}/": (ids) => ({ params: { id: ids.query } }),
  "POST /api/qb/query/{id}/activate/": (ids) => ({ params: { id: ids.query } }),
  "POST /api/qb/query/{id}/deactivate/": (ids) => ({ params: { id: ids.query }, body: { values: "keep" } }),
  "POST /api/qb/run/": (ids) => ({ body: { sql: `select month, value from qb.kpi_values where kpi_id = ${ids.kpi}`, kpi: ids.kpi } }),
  "GET /api/integration/accounting/setup/": () => ({}),
  "PUT /api/integration/accounting/statement/": (ids) => ({ body: { categoryId: ids.category, lines: [{ kpi: ids.kpi, side: "income" }] } }),
  "POST /api/integration/accounting/imports/": () => ({ upload: { filename: "books.zip", bytes: ACCOUNTING_ARCHIVE, mediaType: "application/zip" } }),
  "DELETE /api/integration/accounting/imports/{id}/": (ids) => ({ params: { id: ids.accountingImport } }),
  "GET /api/integration/accounting/imports/{id}/accounts/": (ids) => ({ params: { id: ids.accountingImport } }),
  "GET /api/integration/accounting/imports/{id}/bookings/": (ids) => ({ params: { id: ids.accountingImport }, query: { offset: "0", limit: "10", account: "4400", month: "2026-01" } }),
  "GET /api/integration/accounting/imports/{id}/open-positions/": (ids) => ({ params: { id: ids.accountingImport }, query: { kind: "debtor", offset: "0", limit: "10" } }),
  "PUT /api/integration/accounting/mapping/": (ids) => ({ body: { accounts: [{ account: "4400", category: ids.kpi }] } }),
  "POST /api/integration/accounting/complete/": () => ({}),
  "GET /api/integration/accounting/sample/": () => ({}),
  "POST /api/integration/accounting/sample/": () => ({}),
  "GET /api/uploads/template/": () => ({ query: { type: "reporting", format: "xlsx" } }),
  "POST /api/uploads/check/": (ids) => ({ query: { type: "reporting" }, upload: { filename: "values.csv", bytes: Buffer.from(`ID,KPI,01.04.2025\n${ids.kpi},Revenue,12.5\n`), mediaType: "text/csv" } }),
  "GET /api/uploads/": () => ({ query: { offset: "0", limit: "20" } }),
  "GET /api/uploads/{id}/": (ids) => ({ params: { id: ids.upload } }),
  "POST /api/uploads/{id}/import/": (ids) => ({ params: { id: ids.upload }, body: { rows: "valid" } }),
  "DELETE /api/uploads/{id}/": (ids) => ({ params: { id: ids.upload } }),
  "GET /warehouse-api/sales/deal-size/": () => ({ query: { from: "2025-01-01", to: "2025-12-01" } }),
  "GET /warehouse-api/sales/stages/": () => ({ query: { from: "2025-01-01", to: "2025-12-01" } }),
  "GET /warehouse-api/sales/stage-percentages/": () => ({ query: { from: "2025-01-01", to: "2025-12-01" } }),
  "GET /warehouse-api/sales/sales-target/": () => ({ query: { from: "2025-01-01", to: "2025-12-01" } }),
  "GET /warehouse-api/sales/pipeline/": () => ({ query: { date: "2025-06-30" } }),
  "GET /warehouse-api/list-views/{variant}/": () => ({ params: { variant: "project-profitability" }, query: { from: "2025-01-01", to: "2025-12-01" } }),
  "GET /warehouse-api/data-issues/": () => ({ query: { kind: "deals" } }),
  "GET /warehouse-api/snapshots/": () => ({}),
  "POST /warehouse-api/snapshots/": () => ({ body: { name: `Snapshot ${randomUUID().slice(0, 8)}`, date: "2025-06-30" } }),
  "GET /warehouse-api/snapshots/{id}/": (ids) => ({ params: { id: ids.snapshot } }),
  "DELETE /warehouse-api/snapshots/{id}/": (ids) => ({ params: { id: ids.snapshot } }),
  "GET /warehouse-api/raw-data/": () => ({}),
  "POST /warehouse-api/raw-data/{kind}/": () => ({ params: { kind: "sales-targets" }, upload: { filename: "targets.csv", bytes: Buffer.from("Month,Target\n2025-01,1000\n"), mediaType: "text/csv" } }),
  "GET /api/integrations/": () => ({}),
  "GET /api/integrations/summaries/": () => ({ query: { names: "postgresql,csv-url" } }),
  "POST /api/integrations/preview/": (ids) => ({ body: { kind: "postgresql", integration: ids.integration, query: "select month, value from kpis", kpi: ids.kpi } }),
  "POST /api/integrations/": (ids) => ({ body: { kind: "postgresql", name: "Warehouse", connection: "postgres://reader:secret@db.example.com:5432/warehouse", query: "select month, value from kpis", kpi: ids.kpi } }),
  "GET /api/integrations/{id}/": (ids) => ({ params: { id: ids.integration } }),
  "PATCH /api/integrations/{id}/": (ids) => ({ params: { id: ids.integration }, body: { name: "Renamed warehouse" } }),
  "PUT /api/integrations/{id}/connection/": (ids) => ({ params: { id: ids.integration }, body: { connection: "postgres://reader:new-secret@db.example.com:5432/warehouse" } }),
  "DELETE /api/integrations/{id}/": (ids) => ({ params: { id: ids.integration } }),
  "POST /api/integrations/{id}/sync/": (ids) => ({ params: { id: ids.integration } }),
  "POST /auth-api/auth/token/": () => ({ body: { email: `nobody-${randomUUID()}@example.com`, password: "not-the-password" } }),
  "POST /auth-api/auth/otp/validate": () => ({ body: { passcode: "000000" } }),
  "POST /auth-api/auth/embed/": () => ({ body: { token: "not-a-token" } }),
};

export const routeKey = (method: string, path: string) => `${method} ${path}`;
