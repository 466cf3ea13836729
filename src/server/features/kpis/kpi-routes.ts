import { Schema } from "@effect/schema";
import {
  AggregatesQuery,
  AggregatesResponse,
  HistoryQuery,
  HistoryResponse,
  KPI_NOT_EDITABLE,
  KPI_WRITE_FORBIDDEN,
  KpiMeta,
  LegacyAggregatesResponse,
  MonthlyValuesRequest,
  NO_SUCH_FX_RATE,
  SavedValues,
} from "../../../contracts/kpis";
import type { DatedRate } from "../../../domain/kpi/fx";
import type { BucketSize } from "../../../domain/kpi/periods";
import type { TenantContext } from "../../db/tenancy";
import { monthIndexAt, monthIndexOf } from "../../../domain/months";
import { badRequest, HttpError, notFound } from "../../platform/http/errors";
import { READ_WHILE_PRINTING, signedIn, userRoute } from "../../platform/http/route";
import { loadFxRate, loadKpis } from "./kpi-repository";
import { kpiPlacements } from "../custom-dashboards/kpi-placements";
import { favoriteIdsOf } from "./kpi-favorites";
import { legacyYearToDate, onlyOfType } from "./kpi-legacy";
import { aggregatesFor, historyFor, kpiMeta, mayRead, mayWrite } from "./kpi-service";

/**
 * What both read views need, in the user's transaction: the KPIs asked for (idList), the
 * company's fiscal year, the chosen FX rate (an unknown one is a field error).
 */
async function readView(context: TenantContext, query: { idList?: readonly number[] | undefined; fxRate?: number | undefined }) {
  const tenant = await context.db.selectFrom("tenants").select("fiscal_year_offset").executeTakeFirstOrThrow();
  const fxRates: DatedRate[] | null = query.fxRate === undefined ? null : await loadFxRate(context, query.fxRate);
  if (query.fxRate !== undefined && !fxRates) throw badRequest({ fxRate: [NO_SUCH_FX_RATE] });
  return { only: query.idList ? new Set(query.idList) : null, fiscalYearOffset: tenant.fiscal_year_offset, fxRates };
}

/**
 * KPI reporting (main API): the readable KPIs, their aggregates, and monthly value edits. Every
 * read and write checks the KPI's sensitivity against the user's permissions, per request.
 */
export const kpiRoutes = [
  userRoute({
    method: "GET",
    path: "/kpis/meta/",
    summary: "The KPIs the signed-in user may read, with their settings",
    access: signedIn(),
    print: READ_WHILE_PRINTING,
    response: Schema.Array(KpiMeta),
    handle: ({ user, reader, inTenant }) =>
      inTenant(async (context) =>
        kpiMeta(context, reader, monthIndexAt(new Date()), new Set(await favoriteIdsOf(context, user.userId)), await kpiPlacements(context, { ...reader, userId: user.userId })),
      ),
  }),

  userRoute({
    method: "GET",
    path: "/kpis/aggregates/",
    summary: "Year-to-date, last-twelve-months and full-year figures of the readable KPIs at a month",
    access: signedIn(),
    print: READ_WHILE_PRINTING,
    query: AggregatesQuery,
    response: Schema.Union(AggregatesResponse, LegacyAggregatesResponse),
    handle: ({ query, reader, inTenant }) =>
      inTenant(async (context) => {
        const view = await readView(context, query);
        const type = query.type ?? "all";
        // The catalogue only when the answer needs kinds (type) or order (legacy).
        const catalogue = type !== "all" || query.format === "legacy" ? await loadKpis(context) : [];
        const only = onlyOfType(catalogue, view.only, type);
        const results = await aggregatesFor(context, reader, { ...view, only, end: monthIndexOf(query.endDate), ignoreLastMonths: query.ignoreLastMonths ?? 0 });
        return query.format === "legacy" ? legacyYearToDate(results, catalogue) : { results };
      }),
  }),

  userRoute({
    method: "GET",
    path: "/kpis/history/",
    summary: "The readable KPIs' figures over time, in buckets of 1, 3, 6 or 12 months",
    access: signedIn(),
    print: READ_WHILE_PRINTING,
    query: HistoryQuery,
    response: HistoryResponse,
    handle: ({ query, reader, inTenant }) =>
      inTenant(async (context) => {
        const view = await readView(context, query);
        return { results: await historyFor(context, reader, { ...view, end: monthIndexOf(query.endDate), timeRange: query.timeRange ?? 12, bucketSize: (query.bucketSize ?? 1) as BucketSize }) };
      }),
  }),

  // Edits replace the month's actual; "-" removes it. All values of a request or none.
  userRoute({
    method: "POST",
    path: "/kpis/monthly-values/",
    summary: "Save actual values (a number, or '-' to remove one): all or none",
    access: signedIn(),
    body: MonthlyValuesRequest,
    response: SavedValues,
    handle: ({ body: { values }, user, reader, inTenant }) =>
      inTenant(async (context) => {
        const kpis = new Map((await loadKpis(context)).map((kpi) => [kpi.id, kpi] as const));
        for (const item of values) {
          const kpi = kpis.get(item.kpi);
          if (!kpi || !mayRead(reader, kpi)) throw notFound();
          if (kpi.formula !== null) throw badRequest({ kpi: [KPI_NOT_EDITABLE] });
          if (!mayWrite(reader, kpi)) throw new HttpError(403, { detail: KPI_WRITE_FORBIDDEN });
        }
        const saved: { kpi: number; date: string; value: number | null }[] = [];
        for (const item of values) {
          const value = item.value;
          if (value === "-") {
            await context.db.deleteFrom("kpi_values").where("kpi_id", "=", item.kpi).where("series", "=", "actual").where("dimension_key", "=", "").where("month", "=", item.date).execute();
            saved.push({ kpi: item.kpi, date: item.date, value: null });
          } else {
            await context.db
              .insertInto("kpi_values")
              .values({ tenant_id: context.tenantId, kpi_id: item.kpi, series: "actual", month: item.date, value })
              .onConflict((oc) => oc.columns(["tenant_id", "kpi_id", "dimension_key", "series", "month"]).doUpdateSet({ value, updated_at: new Date() }))
              .execute();
            saved.push({ kpi: item.kpi, date: item.date, value });
          }
        }
        await context.appendEvent({ type: "KpiValueEdited", payload: { values: saved, by: user.userId } });
        return { values: saved };
      }),
  }),
];
