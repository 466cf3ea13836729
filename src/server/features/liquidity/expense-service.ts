import {
  END_BEFORE_START,
  MASTER_DATA_MESSAGES,
  MAX_EXPENSES_PER_SCENARIO,
  type Expense,
  type ExpenseChangeRequest,
  type ExpenseCreateRequest,
  type ExpenseList,
  type MasterData,
} from "../../../contracts/liquidity";
import { LIQUIDITY_EXPENSES_CHANGED } from "../../../contracts/liquidity-events";
import type { TenantContext } from "../../db/tenancy";
import { badRequest, notFound } from "../../platform/http/errors";
import { guarded, type LiquidityReader } from "./liquidity-access";
import { recordLiquidityEvent } from "./liquidity-events";
import { expenseOf, loadExpenses, type LoadedScenario } from "./liquidity-repository";
import { expenseColumns, writeExpenses, type SeedableExpense } from "./liquidity-rows";
import { recurringPattern } from "./recurring-pattern";
import { scenarioFor } from "./scenario-service";

export async function listExpenses(context: TenantContext, reader: LiquidityReader, scenarioId: number): Promise<ExpenseList> {
  await scenarioFor(context, reader, scenarioId, "read");
  return expenseListOf(context, scenarioId);
}

export async function createExpense(context: TenantContext, reader: LiquidityReader, scenarioId: number, request: ExpenseCreateRequest): Promise<Expense> {
  const scenario = await scenarioFor(context, reader, scenarioId, "edit");
  checkDates(request);
  const count = await context.db.selectFrom("liquidity_expenses").select((eb) => eb.fn.countAll<string>().as("count")).where("scenario_id", "=", scenarioId).executeTakeFirstOrThrow();
  if (Number(count.count) >= MAX_EXPENSES_PER_SCENARIO) throw badRequest({ detail: [`A scenario holds at most ${MAX_EXPENSES_PER_SCENARIO} contracts and transactions.`] });
  const row = await guarded(() => context.db.insertInto("liquidity_expenses").values({ tenant_id: context.tenantId, scenario_id: scenarioId, ...expenseColumns(request), seeded: false }).returningAll().executeTakeFirstOrThrow());
  await touched(context, scenario);
  return expenseOf(row);
}

/** A changed seeded transaction stays marked seeded: the next seeding replaces it. */
export async function changeExpense(context: TenantContext, reader: LiquidityReader, scenarioId: number, expenseId: number, change: ExpenseChangeRequest): Promise<Expense> {
  const scenario = await scenarioFor(context, reader, scenarioId, "edit");
  const current = await context.db.selectFrom("liquidity_expenses").selectAll().where("scenario_id", "=", scenarioId).where("id", "=", expenseId).executeTakeFirst();
  if (!current) throw notFound();
  const next: ExpenseCreateRequest = { ...expenseOf(current), ...Object.fromEntries(Object.entries(change).filter(([, value]) => value !== undefined)) };
  checkDates(next);
  const row = await guarded(() => context.db.updateTable("liquidity_expenses").set(expenseColumns(next)).where("id", "=", expenseId).returningAll().executeTakeFirstOrThrow());
  await touched(context, scenario);
  return expenseOf(row);
}

export async function deleteExpense(context: TenantContext, reader: LiquidityReader, scenarioId: number, expenseId: number): Promise<void> {
  const scenario = await scenarioFor(context, reader, scenarioId, "edit");
  const deleted = await guarded(() => context.db.deleteFrom("liquidity_expenses").where("scenario_id", "=", scenarioId).where("id", "=", expenseId).returning("id").executeTakeFirst());
  if (!deleted) throw notFound();
  await touched(context, scenario);
}

/**
 * Seeds the scenario's transactions from the newest accounting import: its seeded transactions
 * are replaced by one per vendor and expense account whose bookings recur (recurringPattern).
 * Without an import nothing changes (not configured); an import without expense bookings
 * records the error state.
 */
export async function seedExpenses(context: TenantContext, reader: LiquidityReader, scenarioId: number, now: Date): Promise<ExpenseList> {
  const scenario = await scenarioFor(context, reader, scenarioId, "edit");
  await seedTransactions(context, scenario, now);
  await touched(context, scenario);
  return expenseListOf(context, scenarioId);
}

/** What seeding writes; also run when a scenario is created while an accounting import exists. */
export async function seedTransactions(context: TenantContext, scenario: LoadedScenario, now: Date): Promise<void> {
  const latest = await latestImport(context);
  if (!latest) return;
  const transactions = await transactionsFromImport(context, latest.id);
  if (transactions.length === 0) {
    await saveMasterData(context, { import_id: latest.id, seeded_at: null, error: MASTER_DATA_MESSAGES.error }, now);
    return;
  }
  await guarded(async () => {
    await context.db.deleteFrom("liquidity_expenses").where("scenario_id", "=", scenario.row.id).where("seeded", "=", true).execute();
    await writeExpenses(context, scenario.row.id, transactions);
  });
  await saveMasterData(context, { import_id: latest.id, seeded_at: now, error: null }, now);
}

/**
 * The master data's state: not configured without an accounting import; error when the last
 * seeding of the newest import found no expense bookings; active when the seeded transactions
 * come from the newest import; pending update when there is a newer import (or none was seeded
 * yet). Seeding runs inside one request, so `processing` is never stored (decisions.md).
 */
export async function masterDataOf(context: TenantContext): Promise<MasterData> {
  const [latest, stored] = await Promise.all([latestImport(context), context.db.selectFrom("liquidity_master_data").selectAll().executeTakeFirst()]);
  const seededAt = stored?.seeded_at ? new Date(stored.seeded_at).toISOString() : null;
  if (!latest) return { state: "not_configured", message: MASTER_DATA_MESSAGES.not_configured, seededAt };
  // One import per company: a new upload replaces the row with a new identity, so the id says whether the seeding read it.
  const current = stored !== undefined && stored.import_id === latest.id;
  if (current && stored.error) return { state: "error", message: stored.error, seededAt };
  if (current && stored.seeded_at) return { state: "active", message: MASTER_DATA_MESSAGES.active, seededAt };
  return { state: "pending_update", message: MASTER_DATA_MESSAGES.pending_update, seededAt };
}

async function expenseListOf(context: TenantContext, scenarioId: number): Promise<ExpenseList> {
  const [rows, masterData] = await Promise.all([loadExpenses(context, scenarioId), masterDataOf(context)]);
  const expenses = rows.map(expenseOf);
  return { contracts: expenses.filter((expense) => expense.kind === "contract"), transactions: expenses.filter((expense) => expense.kind === "transaction"), masterData };
}

function latestImport({ db }: TenantContext) {
  return db.selectFrom("accounting_imports").select(["id", "uploaded_at"]).orderBy("uploaded_at", "desc").orderBy("id", "desc").limit(1).executeTakeFirst();
}

/** One transaction per vendor (the booking's credit side) and expense account whose bookings recur. */
async function transactionsFromImport({ db }: TenantContext, importId: number): Promise<SeedableExpense[]> {
  const [accounts, creditors, bookings] = await Promise.all([
    db.selectFrom("accounting_accounts").select(["number", "name", "type"]).where("import_id", "=", importId).execute(),
    db.selectFrom("accounting_open_positions").select(["number", "name"]).where("import_id", "=", importId).where("kind", "=", "creditor").execute(),
    db.selectFrom("accounting_bookings").select(["booking_date", "debit_account", "credit_account", "amount_cents"]).where("import_id", "=", importId).orderBy("booking_date").execute(),
  ]);
  const accountName = new Map(accounts.map((account) => [account.number, account.name]));
  const expenseAccounts = new Set(accounts.filter((account) => account.type === "expense").map((account) => account.number));
  const vendorName = new Map(creditors.map((creditor) => [creditor.number, creditor.name]));
  const groups = new Map<string, { account: string; vendor: string; bookings: { date: string; amount: number }[] }>();
  for (const booking of bookings) {
    if (!expenseAccounts.has(booking.debit_account)) continue;
    const key = `${booking.debit_account}\u0000${booking.credit_account}`;
    const group = groups.get(key) ?? {
      account: `${booking.debit_account} ${accountName.get(booking.debit_account) ?? ""}`.trim().slice(0, 120),
      vendor: (vendorName.get(booking.credit_account) ?? accountName.get(booking.credit_account) ?? booking.credit_account).slice(0, 160),
      bookings: [],
    };
    group.bookings.push({ date: booking.booking_date, amount: Math.abs(booking.amount_cents) / 100 });
    groups.set(key, group);
  }
  return [...groups.values()].flatMap((group) => {
    const pattern = recurringPattern(group.bookings);
    if (!pattern) return [];
    return [{ kind: "transaction" as const, account: group.account, vendor: group.vendor, costDriver: "", startDate: pattern.startDate, endDate: null, amount: pattern.amount, costCenter: "", frequency: pattern.frequency, vatRate: 0, seeded: true }];
  });
}

async function saveMasterData(context: TenantContext, columns: { import_id: number; seeded_at: Date | null; error: string | null }, now: Date) {
  await context.db
    .insertInto("liquidity_master_data")
    .values({ tenant_id: context.tenantId, ...columns, updated_at: now })
    .onConflict((conflict) => conflict.column("tenant_id").doUpdateSet({ ...columns, updated_at: now }))
    .execute();
}

function checkDates(expense: ExpenseCreateRequest) {
  if (expense.endDate !== null && expense.endDate < expense.startDate) throw badRequest({ endDate: [END_BEFORE_START] });
}

async function touched(context: TenantContext, scenario: LoadedScenario) {
  await context.db.updateTable("liquidity_scenarios").set({ updated_at: new Date() }).where("id", "=", scenario.row.id).execute();
  await recordLiquidityEvent(context, LIQUIDITY_EXPENSES_CHANGED, scenario.row.id, scenario);
}
