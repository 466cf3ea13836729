import { sql } from "kysely";
import { PERMISSIONS } from "../../../../src/domain/permissions/catalogue";
import { writeZip } from "../../../../src/server/platform/files/zip-writer";
import { multipartOf } from "../../registry/requests";
import { testApp } from "../../../support/app";
import { createTestTenant, createTestUser, testDatabase } from "../../../support/database";

export const system = { kind: "system", name: "test" } as const;
export const BASE = "/api/integration/accounting";

/**
 * A company for the wizard's tests: a financial category "P&L" with revenue (higher is better),
 * costs (lower is better, sensitivity 2), a calculated profit and a percentage KPI; a KPI category
 * with a money KPI that can never be a line. An administrator (everything), a manager of
 * integrations who may not write level-2 values, and an employee without the integration
 * permission. Revenue has a manual actual for January 2026 that an import will replace.
 */
export async function accountingCompany() {
  const { app, services } = await testApp();
  const { database, withTenant } = await testDatabase();
  const tenantId = await createTestTenant();
  const ids = await withTenant(tenantId, system, async ({ db }) => {
    const category = (name: string, kind: "financial" | "kpi", position: number) =>
      db.insertInto("kpi_categories").values({ tenant_id: tenantId, name, kind, position }).returning("id").executeTakeFirstOrThrow().then((row) => row.id);
    const pl = await category("P&L", "financial", 0);
    const other = await category("Sales", "kpi", 1);
    let position = 0;
    const kpi = (categoryId: number, key: string, options: { unit?: "currency" | "percentage"; sensitivity?: number; formula?: string; higherIsBetter?: boolean } = {}) =>
      db
        .insertInto("kpis")
        .values({ tenant_id: tenantId, category_id: categoryId, parent_id: null, key, name: key, unit: options.unit ?? "currency", aggregation_type: "cum", sensitivity: options.sensitivity ?? 0, formula: options.formula ?? null, higher_is_better: options.higherIsBetter ?? true, weighted_ratio: false, position: position++, benchmark_bottom25: null, benchmark_median50: null, benchmark_top25: null, benchmark_top5: null })
        .returning("id")
        .executeTakeFirstOrThrow()
        .then((row) => row.id);
    const revenue = await kpi(pl, "revenue");
    const costs = await kpi(pl, "costs", { higherIsBetter: false, sensitivity: 2 });
    const profit = await kpi(pl, "profit", { formula: "revenue - costs" });
    const margin = await kpi(pl, "margin", { unit: "percentage" });
    const bookingsKpi = await kpi(other, "new_bookings");
    await db.insertInto("kpi_values").values({ tenant_id: tenantId, kpi_id: revenue, series: "actual", month: "2026-01-01", value: 1 }).execute();
    return { pl, other, revenue, costs, profit, margin, bookingsKpi };
  });
  const token = async (userId: number) => `Bearer ${await services.signer.sign("access", { tenantId, userId }, 3600)}`;
  const admin = await createTestUser(tenantId, { groups: [{ name: "Administrator", permissions: [...PERMISSIONS] }] });
  const manager = await createTestUser(tenantId, { groups: [{ name: "Integrations", permissions: ["manage_data_integrations", "write_sensitive", "read_most_sensitive"] }] });
  const employee = await createTestUser(tenantId, { groups: [{ name: "Employee", permissions: ["read_sensitive", "write_non_sensitive"] }] });
  const headers = { admin: { authorization: await token(admin.id) }, manager: { authorization: await token(manager.id) }, employee: { authorization: await token(employee.id) } };

  const call = (method: "GET" | "PUT" | "POST" | "DELETE", path: string, body?: unknown, as: keyof typeof headers = "admin") =>
    app.inject({ method, url: `${BASE}${path}`, headers: headers[as], ...(body !== undefined ? { payload: body as object } : {}) });
  const upload = (file: Buffer, as: keyof typeof headers = "admin", filename = "books.zip") => {
    const boundary = "----meridian-suite-boundary";
    return app.inject({ method: "POST", url: `${BASE}/imports/`, headers: { ...headers[as], "content-type": `multipart/form-data; boundary=${boundary}` }, payload: multipartOf({ filename, bytes: file, mediaType: "application/zip" }) });
  };
  /** Actuals of a KPI as stored, by month. */
  const actuals = async (kpiId: number) =>
    withTenant(tenantId, system, async ({ db }) =>
      Object.fromEntries((await db.selectFrom("kpi_values").select(["month", "value"]).where("kpi_id", "=", kpiId).where("series", "=", "actual").orderBy("month").execute()).map((row) => [row.month, row.value])),
    );
  /** The event log's types after `seq`, and its end. */
  const eventsAfter = async (seq: number) => {
    const rows = await database.system.selectFrom("events").select(["seq", "type", "payload"]).where("tenant_id", "=", tenantId).where("seq", ">", seq).orderBy("seq").execute();
    return rows.map((row) => ({ seq: Number(row.seq), type: row.type, payload: row.payload as Record<string, unknown> }));
  };
  const lastSeq = async () => Number((await sql<{ seq: string | null }>`select max(seq)::text as seq from events where tenant_id = ${tenantId}`.execute(database.system)).rows[0]?.seq ?? 0);
  /** How many rows of the wizard's tables the company has. */
  const rowCounts = async () => {
    const counts: Record<string, number> = {};
    for (const table of ["accounting_imports", "accounting_accounts", "accounting_bookings", "accounting_open_positions", "accounting_account_mappings", "accounting_written_values"]) {
      counts[table] = Number((await sql<{ n: string }>`select count(*)::text as n from ${sql.table(table)} where tenant_id = ${tenantId}`.execute(database.system)).rows[0]!.n);
    }
    return counts;
  };
  return { app, tenantId, ids, users: { admin: admin.id, manager: manager.id, employee: employee.id }, headers, call, upload, actuals, eventsAfter, lastSeq, rowCounts };
}

export type AccountingCompany = Awaited<ReturnType<typeof accountingCompany>>;

export const ACCOUNTS = [
  ["account_number", "name", "type"],
  ["1200", "Bank", "asset"],
  ["1400", "Receivables", "asset"],
  ["4400", "Sales", "revenue"],
  ["4700", "Sales deductions", "revenue"],
  ["6000", "Salaries", "expense"],
  ["7600", "Income taxes", "expense"],
  ["4990", "Unused revenue account", "revenue"],
];

export const BOOKINGS = [
  ["date", "debit_account", "credit_account", "amount", "document_number", "text"],
  ["2026-01-10", "1400", "4400", "1000.50", "AR-1", "Invoice"],
  ["31.01.2026", "4700", "1400", "0,50", "GS-1", "Discount"],
  ["2026-01-31", "6000", "1200", "400", "BANK-1", "Salaries January"],
  ["2026-02-15", "1400", "4400", "2000", "AR-2", "Invoice"],
  ["2026-03-31", "6000", "1200", "450", "BANK-3", "Salaries March"],
  ["2026-03-31", "7600", "1200", "99", "FA-1", "Tax"],
  ["2026-03-31", "1200", "1400", "1000", "AR-1", "Payment"],
];

export const DEBTORS = [
  ["number", "name", "document_number", "document_date", "due_date", "amount"],
  ["10001", "Alpen AG", "AR-2", "2026-02-15", "2026-03-17", "2000"],
  ["10002", "Berg KG", "GS-9", "2026-03-01", "", "-25,50"],
];

export const CREDITORS = [
  ["number", "name", "document_number", "document_date", "due_date", "amount"],
  ["70001", "Hosting GmbH", "ER-1", "2026-03-20", "2026-04-19", "120.00"],
];

/** CSV text; a field holding the delimiter or a quote is quoted. */
export const csv = (rows: readonly (readonly string[])[], delimiter = ",") =>
  rows.map((row) => row.map((field) => (field.includes(delimiter) || field.includes('"') ? `"${field.replaceAll('"', '""')}"` : field)).join(delimiter)).join("\n");

/** A ZIP of the four files (any left out with `undefined`), plus extra entries. */
export function archiveOf(files: { accounts?: string | undefined; bookings?: string | undefined; debtors?: string | undefined; creditors?: string | undefined } = {}, extra: Record<string, string | Buffer> = {}) {
  const entries: Record<string, string | Buffer | undefined> = {
    "accounts.csv": "accounts" in files ? files.accounts : csv(ACCOUNTS),
    "bookings.csv": "bookings" in files ? files.bookings : csv(BOOKINGS),
    "debtors.csv": "debtors" in files ? files.debtors : csv(DEBTORS),
    "creditors.csv": "creditors" in files ? files.creditors : csv(CREDITORS),
    ...extra,
  };
  return writeZip(Object.entries(entries).flatMap(([name, content]) => (content === undefined ? [] : [{ name, content: Buffer.from(content) }])));
}

/** Statement revenue (income) and costs (expense); the mapping of the default accounts. */
export async function setUpStatementAndMapping(company: AccountingCompany) {
  const { ids, call } = company;
  const statement = await call("PUT", "/statement/", { categoryId: ids.pl, lines: [{ kpi: ids.revenue, side: "income" }, { kpi: ids.costs, side: "expense" }] });
  if (statement.statusCode !== 200) throw new Error(statement.body);
  const mapping = await call("PUT", "/mapping/", { accounts: [{ account: "4400", category: ids.revenue }, { account: "4700", category: ids.revenue }, { account: "6000", category: ids.costs }, { account: "7600", category: null }] });
  if (mapping.statusCode !== 200) throw new Error(mapping.body);
}
