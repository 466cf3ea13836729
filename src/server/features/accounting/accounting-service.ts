import { sql } from "kysely";
import { CHOOSE_STATEMENT_FIRST, LINE_NOT_WRITABLE, NO_SUCH_ACCOUNT, NOT_A_STATEMENT_KPI, NOT_A_STATEMENT_LINE, UPLOAD_FIRST } from "../../../contracts/accounting";
import { accountsWithoutCategory, coveredMonths, monthlyActuals, type LineSide } from "../../../domain/accounting/profit-and-loss";
import { SELECT_CATEGORY_TEXT } from "../../../domain/integrations/accounting";
import { monthDateOf } from "../../../domain/months";
import type { TenantContext } from "../../db/tenancy";
import { badRequest, HttpError, notFound } from "../../platform/http/errors";
import { loadKpis } from "../kpis/kpi-repository";
import { mayRead, mayWrite, type Reader } from "../kpis/kpi-service";
import type { Archive } from "./accounting-archive";
import { accountMapping, accountUses, currentImport, importById, setupRow, statementKpis, statementLines, usableMapping } from "./accounting-repository";

/**
 * The changes of the accounting import wizard. Each runs in the caller's one tenant transaction,
 * takes the setup row's lock first (so two people's changes go one after the other), and appends
 * its domain event there: a change and its event exist together or not at all.
 *
 * What the P&L shows: the figures of the last completed setup. Completing writes every statement
 * line's actual for every month the import covers (domain monthlyActuals) and removes the values
 * the previous completion wrote that this one does not, so a re-import replaces the previous
 * import's values exactly (accounting_written_values remembers which KPI months those are).
 * A change of the statement or the mapping returns the setup to "not started" and takes effect
 * when it is completed again; a new upload of a completed setup whose accounts all have a
 * category is completed at once, in the upload's transaction. Deleting the import removes its
 * bookings, open positions and the values written from it.
 */

const SOURCE = "accounting";

interface KpiValueChange {
  readonly kpi: number;
  readonly date: string;
  readonly value: number | null;
}

export async function saveStatement(context: TenantContext, reader: Reader, input: { categoryId: number; lines: readonly { kpi: number; side: LineSide }[] }) {
  const setup = await setupRow(context, { lock: true });
  const kpis = await loadKpis(context);
  const category = await context.db.selectFrom("kpi_categories").select(["id", "kind"]).where("id", "=", input.categoryId).executeTakeFirst();
  if (!category) throw notFound();
  if (category.kind !== "financial") throw badRequest({ categoryId: ["must be a financial category"] });
  const candidates = new Set(statementKpis(kpis, reader).filter((kpi) => kpi.category_id === input.categoryId).map((kpi) => kpi.id));
  const fields: Record<string, string[]> = {};
  const seen = new Set<number>();
  for (const [index, line] of input.lines.entries()) {
    const kpi = kpis.find((candidate) => candidate.id === line.kpi);
    if (!kpi || !mayRead(reader, kpi)) throw notFound();
    if (!candidates.has(kpi.id)) fields[`lines.${index}.kpi`] = [NOT_A_STATEMENT_KPI];
    else if (seen.has(kpi.id)) fields[`lines.${index}.kpi`] = ["is listed twice"];
    else if (!mayWrite(reader, kpi)) throw new HttpError(403, { detail: `${kpi.name}: ${LINE_NOT_WRITABLE}` });
    seen.add(kpi.id);
  }
  if (Object.keys(fields).length > 0) throw badRequest(fields);

  const before = await statementLines(context);
  const sorted = [...input.lines].sort((a, b) => a.kpi - b.kpi);
  const changed = setup.statement_category_id !== input.categoryId || JSON.stringify(before) !== JSON.stringify(sorted.map((line) => ({ kpi: line.kpi, side: line.side })));
  if (!changed) return;
  await context.db.deleteFrom("accounting_statement_lines").execute();
  await context.db.insertInto("accounting_statement_lines").values(sorted.map((line) => ({ tenant_id: context.tenantId, kpi_id: line.kpi, side: line.side }))).execute();
  // Categories that are no longer lines are no choice any more: those accounts ask again.
  await context.db.deleteFrom("accounting_account_mappings").where("kpi_id", "is not", null).where("kpi_id", "not in", sorted.map((line) => line.kpi)).execute();
  await context.db.updateTable("accounting_setups").set({ statement_category_id: input.categoryId, status: "not_started", updated_at: new Date() }).execute();
  await context.appendEvent({ type: "AccountingStatementSaved", payload: { categoryId: input.categoryId, lines: sorted } });
}

/**
 * Stores a checked archive as the company's import, replacing the previous one with all its
 * rows. Answers whether the setup was completed again at once.
 */
export async function storeImport(context: TenantContext, reader: Reader, archive: Archive, fileName: string, userId: number) {
  const setup = await setupRow(context, { lock: true });
  const previous = await currentImport(context);
  if (previous) await context.db.deleteFrom("accounting_imports").where("id", "=", previous.id).execute();
  const range = coveredMonths(archive.bookings);
  const created = await context.db
    .insertInto("accounting_imports")
    .values({
      tenant_id: context.tenantId,
      file_name: fileName.slice(0, 200),
      uploaded_by: userId,
      first_month: range ? monthDateOf(range.first) : null,
      last_month: range ? monthDateOf(range.last) : null,
      accounts: archive.accounts.length,
      bookings: archive.bookings.length,
      debtors: archive.debtors.length,
      creditors: archive.creditors.length,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const importId = created.id;
  const tenant_id = context.tenantId;
  await insertInBatches(context, "accounting_accounts", archive.accounts.map((account) => ({ tenant_id, import_id: importId, number: account.number, name: account.name, type: account.type })));
  await insertInBatches(
    context,
    "accounting_bookings",
    archive.bookings.map((booking) => ({
      tenant_id,
      import_id: importId,
      line: booking.line,
      booking_date: booking.date,
      debit_account: booking.debitAccount,
      credit_account: booking.creditAccount,
      amount_cents: booking.amountCents,
      document_number: booking.documentNumber,
      text: booking.text,
    })),
  );
  for (const [kind, positions] of [["debtor", archive.debtors], ["creditor", archive.creditors]] as const) {
    await insertInBatches(
      context,
      "accounting_open_positions",
      positions.map((position) => ({
        tenant_id,
        import_id: importId,
        kind,
        line: position.line,
        number: position.number,
        name: position.name,
        document_number: position.documentNumber,
        document_date: position.documentDate,
        due_date: position.dueDate,
        amount_cents: position.amountCents,
      })),
    );
  }
  await context.appendEvent({
    type: "AccountingImportUploaded",
    payload: { importId, fileName: fileName.slice(0, 200), accounts: archive.accounts.length, bookings: archive.bookings.length, debtors: archive.debtors.length, creditors: archive.creditors.length },
  });

  // The monthly routine: a completed setup takes the new month's archive in one step, when every account still has its category.
  if (setup.status === "completed") {
    const state = await completionState(context);
    const kpis = await loadKpis(context);
    const writable = state.lines.every((line) => mayWrite(reader, kpis.find((kpi) => kpi.id === line.kpi)!));
    if (state.problems === null && writable) {
      await writeActuals(context, userId, importId, state.lines);
      return { completedAgain: true };
    }
    await context.db.updateTable("accounting_setups").set({ status: "not_started", updated_at: new Date() }).execute();
  }
  return { completedAgain: false };
}

/** Deletes the current import with its rows and the KPI values written from it. */
export async function deleteImport(context: TenantContext, importId: number, userId: number) {
  await setupRow(context, { lock: true });
  await importById(context, importId);
  await context.db.deleteFrom("accounting_imports").where("id", "=", importId).execute();
  const removed = await removeWrittenValues(context);
  await context.db.updateTable("accounting_setups").set({ status: "not_started", updated_at: new Date() }).execute();
  await context.appendEvent({ type: "AccountingImportDeleted", payload: { importId } });
  if (removed.length > 0) await context.appendEvent({ type: "KpiValueEdited", payload: { values: removed, by: userId, source: SOURCE } });
}

/**
 * Saves the categories of the current import's accounts: all or none. Every P&L account with
 * bookings must have one ('Please select a category' under each that has none); a category is a
 * statement line's KPI, or null for "not part of the statement".
 */
export async function saveMapping(context: TenantContext, input: { accounts: readonly { account: string; category: number | null }[] }) {
  const setup = await setupRow(context, { lock: true });
  const current = await currentImport(context);
  if (!current) throw badRequest({ detail: [UPLOAD_FIRST] });
  const lines = await statementLines(context);
  if (setup.statement_category_id === null || lines.length === 0) throw badRequest({ detail: [CHOOSE_STATEMENT_FIRST] });
  const lineIds = new Set(lines.map((line) => line.kpi));
  const uses = await accountUses(context, current.id);
  const known = new Set(uses.map((account) => account.number));
  const fields: Record<string, string[]> = {};
  const chosen = new Map<string, number | null>();
  for (const item of input.accounts) {
    if (!known.has(item.account)) fields[`accounts.${item.account}`] = [NO_SUCH_ACCOUNT];
    else if (item.category !== null && !lineIds.has(item.category)) fields[`accounts.${item.account}`] = [NOT_A_STATEMENT_LINE];
    else chosen.set(item.account, item.category);
  }
  for (const account of accountsWithoutCategory(uses, chosen)) fields[`accounts.${account}`] ??= [SELECT_CATEGORY_TEXT];
  if (Object.keys(fields).length > 0) throw badRequest(fields);

  const before = usableMapping(await accountMapping(context), lineIds);
  const changed = [...chosen].some(([account, category]) => !before.has(account) || before.get(account) !== category);
  if (!changed) return;
  await context.db
    .insertInto("accounting_account_mappings")
    .values([...chosen].map(([account, category]) => ({ tenant_id: context.tenantId, account_number: account, kpi_id: category })))
    .onConflict((oc) => oc.columns(["tenant_id", "account_number"]).doUpdateSet((eb) => ({ kpi_id: eb.ref("excluded.kpi_id") })))
    .execute();
  await context.db.updateTable("accounting_setups").set({ status: "not_started", updated_at: new Date() }).execute();
  await context.appendEvent({ type: "AccountingAccountsMapped", payload: { accounts: chosen.size } });
}

/** Completes the setup: the P&L lines' actuals from the current import, replacing the previous completion's. */
export async function completeSetup(context: TenantContext, reader: Reader, userId: number) {
  await setupRow(context, { lock: true });
  const state = await completionState(context);
  if (state.problems) throw badRequest(state.problems);
  const kpis = await loadKpis(context);
  for (const line of state.lines) {
    const kpi = kpis.find((candidate) => candidate.id === line.kpi)!;
    if (!mayWrite(reader, kpi)) throw new HttpError(403, { detail: `${kpi.name}: ${LINE_NOT_WRITABLE}` });
  }
  return writeActuals(context, userId, state.importId!, state.lines);
}

/** What completing needs: a statement, an import, a category for every P&L account with bookings. */
async function completionState(context: TenantContext) {
  const setup = await setupRow(context);
  const lines = await statementLines(context);
  const current = await currentImport(context);
  const problems: Record<string, string[]> = {};
  if (setup.statement_category_id === null || lines.length === 0) problems["detail"] = [CHOOSE_STATEMENT_FIRST];
  else if (!current) problems["detail"] = [UPLOAD_FIRST];
  else {
    const mapping = usableMapping(await accountMapping(context), new Set(lines.map((line) => line.kpi)));
    const missing = accountsWithoutCategory(await accountUses(context, current.id), mapping);
    if (missing.length > 0) {
      problems["detail"] = [`${missing.length} account${missing.length === 1 ? "" : "s"} still without a category.`];
      for (const account of missing) problems[`accounts.${account}`] = [SELECT_CATEGORY_TEXT];
    }
  }
  return { lines, importId: current?.id ?? null, problems: Object.keys(problems).length > 0 ? problems : null };
}

/**
 * Writes the statement lines' actuals of the import and removes what the previous completion
 * wrote beyond them; marks the setup completed. The bookings are summed per month and account
 * pair in the database first (the sign rules are linear, so summing first changes nothing), then
 * the domain turns them into line values.
 */
async function writeActuals(context: TenantContext, userId: number, importId: number, lines: readonly { kpi: number; side: LineSide }[]) {
  const mapping = usableMapping(await accountMapping(context), new Set(lines.map((line) => line.kpi)));
  const sums = await sql<{ month: string; debit_account: string; credit_account: string; cents: number }>`
    select to_char(booking_date, 'YYYY-MM-01') as month, debit_account, credit_account, sum(amount_cents)::bigint as cents
    from accounting_bookings where import_id = ${importId}
    group by 1, 2, 3`.execute(context.db);
  const actuals = monthlyActuals(
    sums.rows.map((row) => ({ date: row.month, debitAccount: row.debit_account, creditAccount: row.credit_account, amountCents: Number(row.cents) })),
    mapping,
    lines,
  );
  const previous = await removeWrittenValues(context, new Set(actuals.map((actual) => `${actual.kpi}/${actual.month}`)));
  if (actuals.length > 0) {
    const tenant_id = context.tenantId;
    for (let start = 0; start < actuals.length; start += BATCH) {
      const batch = actuals.slice(start, start + BATCH);
      await context.db
        .insertInto("kpi_values")
        .values(batch.map((actual) => ({ tenant_id, kpi_id: actual.kpi, series: "actual" as const, month: actual.month, value: actual.value })))
        .onConflict((oc) => oc.columns(["tenant_id", "kpi_id", "dimension_key", "series", "month"]).doUpdateSet((eb) => ({ value: eb.ref("excluded.value"), updated_at: new Date() })))
        .execute();
      await context.db.insertInto("accounting_written_values").values(batch.map((actual) => ({ tenant_id, kpi_id: actual.kpi, month: actual.month }))).execute();
    }
  }
  await context.db.updateTable("accounting_setups").set({ status: "completed", completed_at: new Date(), updated_at: new Date() }).execute();
  const range = coveredMonths(actuals.map((actual) => ({ date: actual.month })));
  const written = { values: actuals.length, firstMonth: range ? monthDateOf(range.first) : null, lastMonth: range ? monthDateOf(range.last) : null };
  await context.appendEvent({ type: "AccountingSetupCompleted", payload: { importId, ...written } });
  const changes: KpiValueChange[] = [...actuals.map((actual) => ({ kpi: actual.kpi, date: actual.month, value: actual.value })), ...previous];
  if (changes.length > 0) await context.appendEvent({ type: "KpiValueEdited", payload: { values: changes, by: userId, source: SOURCE } });
  return written;
}

/**
 * Removes the actuals the last completion wrote (except the KPI months in `keep`, which are about
 * to be overwritten) and forgets them all; answers the removed ones as removals for the event.
 */
async function removeWrittenValues(context: TenantContext, keep: ReadonlySet<string> = new Set()): Promise<KpiValueChange[]> {
  const written = await context.db.selectFrom("accounting_written_values").select(["kpi_id", "month"]).execute();
  const removed = written.filter((row) => !keep.has(`${row.kpi_id}/${row.month}`));
  for (let start = 0; start < removed.length; start += BATCH) {
    const batch = removed.slice(start, start + BATCH);
    await context.db
      .deleteFrom("kpi_values")
      .where("series", "=", "actual")
      .where("dimension_key", "=", "")
      .where((eb) => eb.or(batch.map((row) => eb.and([eb("kpi_id", "=", row.kpi_id), eb("month", "=", row.month)]))))
      .execute();
  }
  await context.db.deleteFrom("accounting_written_values").execute();
  return removed.map((row) => ({ kpi: row.kpi_id, date: row.month, value: null }));
}

const BATCH = 1000;

async function insertInBatches<T extends "accounting_accounts" | "accounting_bookings" | "accounting_open_positions">(context: TenantContext, table: T, rows: readonly Record<string, unknown>[]) {
  for (let start = 0; start < rows.length; start += BATCH) {
    await context.db.insertInto(table).values(rows.slice(start, start + BATCH) as never).execute();
  }
}
