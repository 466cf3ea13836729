import { sql } from "kysely";
import type { AccountingSetup, AccountRow, BookingsPage, ImportSummary, OpenPositionKind, OpenPositionsPage } from "../../../contracts/accounting";
import { accountsWithoutCategory, defaultSide, needsCategory, type AccountMapping, type AccountUse, type LineSide } from "../../../domain/accounting/profit-and-loss";
import type { TenantContext } from "../../db/tenancy";
import { notFound } from "../../platform/http/errors";
import { loadKpis, type KpiRow } from "../kpis/kpi-repository";
import { mayRead, mayWrite, type Reader } from "../kpis/kpi-service";

/**
 * Reads of the accounting import wizard, all inside the caller's tenant transaction (row-level
 * security scopes every statement to the company).
 */

export interface SetupRow {
  readonly statement_category_id: number | null;
  readonly status: "not_started" | "completed";
  readonly completed_at: Date | null;
}

/** The company's setup row, made on first use; with `lock`, held until the transaction ends so writes of the wizard go one at a time. */
export async function setupRow({ db, tenantId }: TenantContext, options: { lock?: boolean } = {}): Promise<SetupRow> {
  await db.insertInto("accounting_setups").values({ tenant_id: tenantId }).onConflict((oc) => oc.column("tenant_id").doNothing()).execute();
  let query = db.selectFrom("accounting_setups").select(["statement_category_id", "status", "completed_at"]);
  if (options.lock) query = query.forUpdate();
  return query.executeTakeFirstOrThrow();
}

export async function statementLines({ db }: TenantContext): Promise<{ kpi: number; side: LineSide }[]> {
  const rows = await db.selectFrom("accounting_statement_lines").select(["kpi_id", "side"]).orderBy("kpi_id").execute();
  return rows.map((row) => ({ kpi: row.kpi_id, side: row.side }));
}

export async function currentImport({ db }: TenantContext) {
  return db
    .selectFrom("accounting_imports")
    .leftJoin("users", (join) => join.onRef("users.tenant_id", "=", "accounting_imports.tenant_id").onRef("users.id", "=", "accounting_imports.uploaded_by"))
    .select(["accounting_imports.id", "file_name", "uploaded_at", "first_month", "last_month", "accounts", "bookings", "debtors", "creditors", "users.first_name", "users.last_name", "users.email"])
    .executeTakeFirst();
}

/** The current import by id: another import's id, or another company's, is not found. */
export async function importById(context: TenantContext, importId: number) {
  const current = await currentImport(context);
  if (!current || current.id !== importId) throw notFound();
  return current;
}

export async function accountMapping({ db }: TenantContext): Promise<Map<string, number | null>> {
  const rows = await db.selectFrom("accounting_account_mappings").select(["account_number", "kpi_id"]).execute();
  return new Map(rows.map((row) => [row.account_number, row.kpi_id]));
}

/** Every account of an import with the number of bookings on it and its balance (debits − credits, in cents). */
export async function accountUses({ db }: TenantContext, importId: number): Promise<(AccountUse & { name: string; balanceCents: number })[]> {
  const [accounts, totals] = await Promise.all([
    db.selectFrom("accounting_accounts").select(["number", "name", "type"]).where("import_id", "=", importId).orderBy("number").execute(),
    sql<{ account: string; bookings: number; balance: number }>`
      select account, count(*)::int as bookings, sum(signed)::bigint as balance from (
        select debit_account as account, amount_cents as signed from accounting_bookings where import_id = ${importId}
        union all
        select credit_account, -amount_cents from accounting_bookings where import_id = ${importId}
      ) sides group by account`.execute(db),
  ]);
  const byAccount = new Map(totals.rows.map((row) => [row.account, row] as const));
  return accounts.map((account) => ({ ...account, bookings: byAccount.get(account.number)?.bookings ?? 0, balanceCents: Number(byAccount.get(account.number)?.balance ?? 0) }));
}

/** The KPIs that may be statement lines: stored money KPIs of financial categories that the reader may read. */
export function statementKpis(kpis: readonly KpiRow[], reader: Reader) {
  return kpis.filter((kpi) => kpi.category_kind === "financial" && kpi.formula === null && kpi.unit === "currency" && mayRead(reader, kpi));
}

/** The wizard's whole state, as GET /integration/accounting/setup/ answers it. */
export async function loadSetup(context: TenantContext, reader: Reader, options: { sampleAvailable: boolean }): Promise<AccountingSetup> {
  const setup = await setupRow(context);
  const [lines, kpis, current, mapping] = await Promise.all([statementLines(context), loadKpis(context), currentImport(context), accountMapping(context)]);
  const candidates = statementKpis(kpis, reader);
  const categories = new Map<number, { id: number; name: string; kpis: AccountingSetup["categories"][number]["kpis"][number][] }>();
  for (const kpi of candidates) {
    const category = categories.get(kpi.category_id) ?? { id: kpi.category_id, name: kpi.category_name, kpis: [] };
    category.kpis.push({ id: kpi.id, name: kpi.name, parentId: kpi.parent_id, defaultSide: defaultSide(kpi.higher_is_better), writable: mayWrite(reader, kpi) });
    categories.set(kpi.category_id, category);
  }
  const uses = current ? await accountUses(context, current.id) : [];
  const lineIds = new Set(lines.map((line) => line.kpi));
  return {
    status: setup.status,
    completedAt: setup.completed_at ? new Date(setup.completed_at).toISOString() : null,
    statement: { categoryId: setup.statement_category_id, lines },
    categories: [...categories.values()],
    import: current ? importSummary(current) : null,
    mapping: { needed: uses.filter(needsCategory).length, missing: accountsWithoutCategory(uses, usableMapping(mapping, lineIds)).length },
    sampleAvailable: options.sampleAvailable,
  };
}

/** A mapping to a KPI that is no longer a statement line counts as no choice. */
export function usableMapping(mapping: ReadonlyMap<string, number | null>, lineIds: ReadonlySet<number>): AccountMapping {
  return new Map([...mapping].filter(([, kpi]) => kpi === null || lineIds.has(kpi)));
}

export function importSummary(row: NonNullable<Awaited<ReturnType<typeof currentImport>>>): ImportSummary {
  const name = [row.first_name, row.last_name].filter(Boolean).join(" ") || row.email || null;
  return {
    id: row.id,
    fileName: row.file_name,
    uploadedAt: new Date(row.uploaded_at).toISOString(),
    uploadedBy: name,
    firstMonth: row.first_month,
    lastMonth: row.last_month,
    accounts: row.accounts,
    bookings: row.bookings,
    debtors: row.debtors,
    creditors: row.creditors,
  };
}

export async function accountsOf(context: TenantContext, importId: number): Promise<AccountRow[]> {
  await importById(context, importId);
  const [uses, mapping, lines] = await Promise.all([accountUses(context, importId), accountMapping(context), statementLines(context)]);
  const usable = usableMapping(mapping, new Set(lines.map((line) => line.kpi)));
  return uses.map((account) => ({
    number: account.number,
    name: account.name,
    type: account.type,
    bookings: account.bookings,
    balance: account.balanceCents / 100,
    needsCategory: needsCategory(account),
    ...(usable.has(account.number) ? { category: usable.get(account.number)! } : {}),
  }));
}

export async function bookingsPage(context: TenantContext, importId: number, query: { offset: number; limit: number; account?: string | undefined; month?: string | undefined }): Promise<BookingsPage> {
  await importById(context, importId);
  let base = context.db.selectFrom("accounting_bookings").where("import_id", "=", importId);
  if (query.account) base = base.where((eb) => eb.or([eb("debit_account", "=", query.account!), eb("credit_account", "=", query.account!)]));
  if (query.month) {
    const first = `${query.month}-01`;
    base = base.where("booking_date", ">=", first).where(sql<boolean>`booking_date < (${first}::date + interval '1 month')`);
  }
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow(),
    base
      .select(["line", "booking_date", "debit_account", "credit_account", "amount_cents", "document_number", "text"])
      .orderBy("booking_date")
      .orderBy("line")
      .offset(query.offset)
      .limit(query.limit)
      .execute(),
  ]);
  return {
    count: Number(count.count),
    offset: query.offset,
    limit: query.limit,
    results: rows.map((row) => ({ line: row.line, date: row.booking_date, debitAccount: row.debit_account, creditAccount: row.credit_account, amount: row.amount_cents / 100, documentNumber: row.document_number, text: row.text })),
  };
}

export async function openPositionsPage(context: TenantContext, importId: number, query: { kind: OpenPositionKind; offset: number; limit: number }): Promise<OpenPositionsPage> {
  await importById(context, importId);
  const base = context.db.selectFrom("accounting_open_positions").where("import_id", "=", importId).where("kind", "=", query.kind);
  const [totals, rows] = await Promise.all([
    base.select((eb) => [eb.fn.countAll<number>().as("count"), sql<number | null>`sum(amount_cents)::bigint`.as("total")]).executeTakeFirstOrThrow(),
    base.select(["line", "number", "name", "document_number", "document_date", "due_date", "amount_cents"]).orderBy("document_date").orderBy("line").offset(query.offset).limit(query.limit).execute(),
  ]);
  return {
    kind: query.kind,
    count: Number(totals.count),
    offset: query.offset,
    limit: query.limit,
    total: Number(totals.total ?? 0) / 100,
    results: rows.map((row) => ({ line: row.line, number: row.number, name: row.name, documentNumber: row.document_number, documentDate: row.document_date, dueDate: row.due_date, amount: row.amount_cents / 100 })),
  };
}
