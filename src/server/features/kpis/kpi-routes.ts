import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { AggregatesQuery, HistoryQuery, KPI_NOT_EDITABLE, KPI_WRITE_FORBIDDEN, MonthlyValuesRequest } from "../../../contracts/kpis";
import type { DatedRate } from "../../../domain/kpi/fx";
import type { BucketSize } from "../../../domain/kpi/periods";
import type { TenantContext } from "../../db/tenancy";
import { monthIndexAt, monthIndexOf } from "../../../domain/months";
import { authenticate } from "../../platform/auth/authenticate";
import { permissionsOf } from "../../platform/auth/permissions";
import { decodeInput } from "../../platform/http/decode";
import { badRequest, HttpError, notFound } from "../../platform/http/errors";
import type { AppServices } from "../../services";
import { loadFxRate, loadKpis } from "./kpi-repository";
import { favoriteIdsOf } from "./kpi-favorites";
import { legacyYearToDate, onlyOfType } from "./kpi-legacy";
import { aggregatesFor, historyFor, kpiMeta, mayRead, mayWrite, type Reader } from "./kpi-service";

/**
 * KPI reporting (main API): the readable KPIs, their aggregates, and monthly value edits. Every
 * read and write checks the KPI's sensitivity against the user's permissions, per request.
 */
export const kpiRoutes: FastifyPluginAsync<AppServices> = async (app, services) => {
  const { signer, withTenant } = services;

  app.get("/kpis/meta/", async (request) => {
    const user = await authenticate(request, signer, withTenant);
    return withTenant(user.tenantId, { kind: "user", userId: user.userId }, async (context) =>
      kpiMeta(context, await permissionsOf(context, user.userId), monthIndexAt(new Date()), new Set(await favoriteIdsOf(context, user.userId))),
    );
  });

  /**
   * What both read views need, in the user's transaction: the KPIs asked for (idList), the
   * company's fiscal year, the chosen FX rate (an unknown one is a field error) and the reader.
   */
  const readView = async <T>(
    request: FastifyRequest,
    query: { idList?: string | undefined; fxRate?: number | undefined },
    work: (context: TenantContext, view: { reader: Reader; only: Set<number> | null; fiscalYearOffset: number; fxRates: DatedRate[] | null }) => Promise<T>,
  ) => {
    const user = await authenticate(request, signer, withTenant);
    const only = query.idList ? new Set(query.idList.split(",").map(Number).filter(Number.isSafeInteger)) : null;
    return withTenant(user.tenantId, { kind: "user", userId: user.userId }, async (context) => {
      const tenant = await context.db.selectFrom("tenants").select("fiscal_year_offset").executeTakeFirstOrThrow();
      const fxRates = query.fxRate === undefined ? null : await loadFxRate(context, query.fxRate);
      if (query.fxRate !== undefined && !fxRates) throw badRequest({ fxRate: ["There is no such FX rate."] });
      return work(context, { reader: await permissionsOf(context, user.userId), only, fiscalYearOffset: tenant.fiscal_year_offset, fxRates });
    });
  };

  app.get("/kpis/aggregates/", async (request) => {
    const query = decodeInput(AggregatesQuery, request.query);
    const type = query.type ?? "all";
    return readView(request, query, async (context, view) => {
      // The catalogue only when the answer needs kinds (type) or order (legacy).
      const catalogue = type !== "all" || query.format === "legacy" ? await loadKpis(context) : [];
      const only = onlyOfType(catalogue, view.only, type);
      const results = await aggregatesFor(context, view.reader, { ...view, only, end: monthIndexOf(query.endDate), ignoreLastMonths: query.ignoreLastMonths ?? 0 });
      return query.format === "legacy" ? legacyYearToDate(results, catalogue) : { results };
    });
  });

  app.get("/kpis/history/", async (request) => {
    const query = decodeInput(HistoryQuery, request.query);
    return readView(request, query, async (context, view) => ({
      results: await historyFor(context, view.reader, { ...view, end: monthIndexOf(query.endDate), timeRange: query.timeRange ?? 12, bucketSize: (query.bucketSize ?? 1) as BucketSize }),
    }));
  });

  // Edits replace the month's actual; "-" removes it. All values of a request or none.
  app.post("/kpis/monthly-values/", async (request) => {
    const user = await authenticate(request, signer, withTenant);
    const { values } = decodeInput(MonthlyValuesRequest, request.body);
    return withTenant(user.tenantId, { kind: "user", userId: user.userId }, async (context) => {
      const reader = await permissionsOf(context, user.userId);
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
    });
  });
};
