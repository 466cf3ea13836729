import { sql } from "kysely";
import { KPI_WRITE_FORBIDDEN } from "../../../contracts/kpis";
import { KPI_ALREADY_ASSIGNED, KPI_NOT_CALCULABLE, type QueryDetail, type QuerySummary } from "../../../contracts/query-builder";
import type { MonthlyValue } from "../../../domain/query-builder/monthly-result";
import { queryLevel, readableLevel } from "../../../domain/query-builder/readable-level";
import type { TenantContext } from "../../db/tenancy";
import { badRequest, HttpError, notFound } from "../../platform/http/errors";
import type { Reader } from "../../platform/http/route";
import { loadKpis, type KpiRow } from "../kpis/kpi-repository";
import { mayRead, mayWrite } from "../kpis/kpi-service";

/**
 * Saved queries and what they do to their KPI. Who sees a query: a builder who may read its KPI
 * (by effective sensitivity, like every KPI answer); who changes it or its values: one who may
 * also write the KPI. Anything else is "not found", as for another company's ids.
 */

/** The overview's rows: queries whose KPI the reader may read, newest change first. */
export async function listQueries(context: TenantContext, reader: Reader): Promise<QuerySummary[]> {
  const readable = readableKpis(await loadKpis(context), reader);
  const rows = await queryRows(context).orderBy("q.updated_at", "desc").orderBy("q.id", "desc").execute();
  return rows.filter((row) => readable.has(row.kpi_id)).map((row) => summaryOf(row, readable.get(row.kpi_id)!));
}

/** One query with its SQL, or 404. */
export async function findQuery(context: TenantContext, reader: Reader, queryId: number): Promise<QueryDetail> {
  const row = await queryRows(context).where("q.id", "=", queryId).executeTakeFirst();
  const kpi = row ? readableKpis(await loadKpis(context), reader).get(row.kpi_id) : undefined;
  if (!row || !kpi) throw notFound();
  return { ...summaryOf(row, kpi), sql: row.sql };
}

/** A query the reader may change (may write its KPI), or 404 / 403. */
export async function changeableQuery(context: TenantContext, reader: Reader, queryId: number): Promise<QueryDetail & { kpi: KpiRow }> {
  const query = await findQuery(context, reader, queryId);
  const kpi = (await loadKpis(context)).find((candidate) => candidate.id === query.kpiId)!;
  if (!mayWrite(reader, kpi)) throw new HttpError(403, { detail: KPI_WRITE_FORBIDDEN });
  return { ...query, kpi };
}

/**
 * The KPI a query is to compute: one the reader may read (else 404) and write (else 403), that
 * stores its values (not a formula), and that no other query computes.
 */
export async function targetKpi(context: TenantContext, reader: Reader, kpiId: number, exceptQuery: number | null): Promise<KpiRow> {
  const kpi = (await loadKpis(context)).find((candidate) => candidate.id === kpiId);
  if (!kpi || !mayRead(reader, kpi)) throw notFound();
  if (kpi.formula !== null) throw badRequest({ kpi: [KPI_NOT_CALCULABLE] });
  if (!mayWrite(reader, kpi)) throw new HttpError(403, { detail: KPI_WRITE_FORBIDDEN });
  let taken = context.db.selectFrom("kpi_queries").select("id").where("kpi_id", "=", kpiId);
  if (exceptQuery !== null) taken = taken.where("id", "<>", exceptQuery);
  if (await taken.executeTakeFirst()) throw badRequest({ kpi: [KPI_ALREADY_ASSIGNED] });
  return kpi;
}

/** The level a run for `kpi` reads at (the builder's, never above the KPI's own); without a KPI, the builder's. */
export const runLevelFor = (reader: Reader, kpi: Pick<KpiRow, "sensitivity"> | null) => (kpi ? queryLevel(readableLevel(reader), kpi.sensitivity) : readableLevel(reader));

/** A stored KPI the reader may read, or 404 (for a preview's KPI). */
export async function readableStoredKpi(context: TenantContext, reader: Reader, kpiId: number): Promise<KpiRow> {
  const kpi = (await loadKpis(context)).find((candidate) => candidate.id === kpiId);
  if (!kpi || !mayRead(reader, kpi)) throw notFound();
  if (kpi.formula !== null) throw badRequest({ kpi: [KPI_NOT_CALCULABLE] });
  return kpi;
}

/**
 * Makes the query's result the KPI's history: its actuals become exactly these months' values
 * (months the result does not hold lose theirs), and KpiValueEdited tells every open dashboard.
 * Answers the number of months stored.
 */
export async function storeHistory(context: TenantContext, kpiId: number, allValues: readonly MonthlyValue[], userId: number | null, options: { onlyChanges?: boolean } = {}): Promise<number> {
  const months = new Set(allValues.map((item) => item.month));
  const before = await context.db
    .selectFrom("kpi_values")
    .select([sql<string>`month::text`.as("month"), "value"])
    .where("kpi_id", "=", kpiId)
    .where("series", "=", "actual")
    .where("dimension_key", "=", "")
    .execute();
  const removed = before.map((row) => row.month).filter((month) => !months.has(month));
  // The nightly calculation writes (and tells) only what changed: an unchanged night is silent.
  const stored = new Map(before.map((row) => [row.month, row.value === null ? null : Number(row.value)] as const));
  const values = options.onlyChanges ? allValues.filter((item) => !stored.has(item.month) || stored.get(item.month) !== item.value) : allValues;
  if (removed.length) {
    await context.db.deleteFrom("kpi_values").where("kpi_id", "=", kpiId).where("series", "=", "actual").where("dimension_key", "=", "").where("month", "in", removed).execute();
  }
  // A few hundred rows per statement keeps every statement far below the bind-parameter limit.
  for (let start = 0; start < values.length; start += 500) {
    await context.db
      .insertInto("kpi_values")
      .values(values.slice(start, start + 500).map((item) => ({ tenant_id: context.tenantId, kpi_id: kpiId, series: "actual" as const, month: item.month, value: item.value })))
      .onConflict((oc) => oc.columns(["tenant_id", "kpi_id", "dimension_key", "series", "month"]).doUpdateSet((eb) => ({ value: eb.ref("excluded.value"), updated_at: new Date() })))
      .execute();
  }
  const changes = [...values.map((item) => ({ kpi: kpiId, date: item.month, value: item.value as number | null })), ...removed.map((month) => ({ kpi: kpiId, date: month, value: null }))];
  if (changes.length) await context.appendEvent({ type: "KpiValueEdited", payload: { values: changes, by: userId } });
  return options.onlyChanges ? changes.length : values.length;
}

/** Deletes the KPI's actuals (a deactivation that does not keep them), telling open dashboards. */
export async function deleteHistory(context: TenantContext, kpiId: number, userId: number): Promise<number> {
  const deleted = await context.db
    .deleteFrom("kpi_values")
    .where("kpi_id", "=", kpiId)
    .where("series", "=", "actual")
    .where("dimension_key", "=", "")
    .returning(sql<string>`month::text`.as("month"))
    .execute();
  if (deleted.length) await context.appendEvent({ type: "KpiValueEdited", payload: { values: deleted.map((row) => ({ kpi: kpiId, date: row.month, value: null })), by: userId } });
  return deleted.length;
}

// ── rows ────────────────────────────────────────────────────────────────────

function queryRows({ db }: TenantContext) {
  return db
    .selectFrom("kpi_queries as q")
    .leftJoin("users as u", (join) => join.onRef("u.tenant_id", "=", "q.tenant_id").onRef("u.id", "=", "q.created_by"))
    .select(["q.id", "q.title", "q.kpi_id", "q.sql", "q.status", "q.created_at", "q.updated_at", "q.evaluated_at", "q.evaluation_error", "u.first_name", "u.last_name", "u.email"]);
}

type QueryRow = Awaited<ReturnType<ReturnType<typeof queryRows>["execute"]>>[number];

function readableKpis(kpis: readonly KpiRow[], reader: Reader): Map<number, KpiRow> {
  return new Map(kpis.filter((kpi) => mayRead(reader, kpi)).map((kpi) => [kpi.id, kpi] as const));
}

const iso = (value: Date | string) => new Date(value).toISOString();

function summaryOf(row: QueryRow, kpi: KpiRow): QuerySummary {
  const name = [row.first_name, row.last_name].filter(Boolean).join(" ");
  return {
    id: row.id,
    title: row.title,
    kpiId: row.kpi_id,
    kpiName: kpi.name,
    creator: row.email === null ? null : name || row.email,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    status: row.status,
    evaluatedAt: row.evaluated_at === null ? null : iso(row.evaluated_at),
    evaluationError: row.status === "active" ? row.evaluation_error : null,
  };
}
