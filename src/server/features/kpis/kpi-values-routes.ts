import {
  KPI_NOT_EDITABLE,
  KPI_WRITE_FORBIDDEN,
  NO_SUCH_FX_RATE,
  PLANNING_FORBIDDEN,
  PlanningValuesRequest,
  SavedValues,
  VALUES_RANGE_REVERSED,
  VALUES_RANGE_TOO_LONG,
  ValuesRequest,
  ValuesResponse,
} from "../../../contracts/kpis";
import type { DatedRate } from "../../../domain/kpi/fx";
import { monthIndexOf } from "../../../domain/months";
import type { TenantContext } from "../../db/tenancy";
import { badRequest, HttpError, notFound } from "../../platform/http/errors";
import { READ_BY_POST_WHILE_PRINTING, signedIn, userRoute } from "../../platform/http/route";
import { PLAN } from "./kpi-access";
import { loadFxRate, loadKpis } from "./kpi-repository";
import { mayRead, mayWrite } from "./kpi-service";
import { valuesFor } from "./kpi-values";

/** The longest range POST /api/kpis/values/ answers: ten years of months. */
export const MAX_VALUE_MONTHS = 120;

/**
 * Monthly KPI values (POST /api/kpis/values/) and planning edits (POST /api/kpis/planning-values/).
 */
export const kpiValuesRoutes = [
  userRoute({
    method: "POST",
    path: "/kpis/values/",
    summary: "Monthly actual, planning, last-year and forecast values of the readable KPIs over a range",
    access: signedIn(),
    print: READ_BY_POST_WHILE_PRINTING,
    body: ValuesRequest,
    response: ValuesResponse,
    handle: ({ body: input, reader, inTenant }) => {
      const first = monthIndexOf(input.startDate);
      const last = monthIndexOf(input.date);
      if (first > last) throw badRequest({ startDate: [VALUES_RANGE_REVERSED] });
      if (last - first + 1 > MAX_VALUE_MONTHS) throw badRequest({ startDate: [VALUES_RANGE_TOO_LONG] });
      return inTenant(async (context) =>
        valuesFor(context, reader, {
          first,
          last,
          type: input.type ?? "all",
          idList: input.idList ?? null,
          includePlanning: input.includePlanning ?? false,
          fxRates: await namedFxRate(context, input.fxRate ?? null),
          planningVersion: input.planningVersion ?? null,
        }),
      );
    },
  }),

  // Planning edits replace the month's planning value; "-" removes it. All values of a request or none.
  userRoute({
    method: "POST",
    path: "/kpis/planning-values/",
    summary: "Save planning values (a number, or '-' to remove one): all or none",
    access: { ...PLAN, deniedDetail: PLANNING_FORBIDDEN },
    body: PlanningValuesRequest,
    // Up to MAX_PLANNING_VALUES values of about 50 bytes each.
    bodyLimit: 1024 * 1024,
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
        // The same KPI and month twice in one request: the later value wins, as in the client's pending edits.
        const latest = new Map<string, { kpi: number; date: string; value: number | null }>();
        for (const item of values) latest.set(`${item.kpi}/${item.date}`, { kpi: item.kpi, date: item.date, value: item.value === "-" ? null : item.value });
        const saved = [...latest.values()];
        const removed = saved.filter((item) => item.value === null);
        const kept = saved.filter((item) => item.value !== null);
        if (removed.length > 0) {
          await context.db
            .deleteFrom("kpi_values")
            .where("series", "=", "planning")
            .where("dimension_key", "=", "")
            .where((eb) => eb.or(removed.map((item) => eb.and([eb("kpi_id", "=", item.kpi), eb("month", "=", item.date)]))))
            .execute();
        }
        if (kept.length > 0) {
          await context.db
            .insertInto("kpi_values")
            .values(kept.map((item) => ({ tenant_id: context.tenantId, kpi_id: item.kpi, series: "planning" as const, month: item.date, value: item.value! })))
            .onConflict((oc) => oc.columns(["tenant_id", "kpi_id", "dimension_key", "series", "month"]).doUpdateSet((eb) => ({ value: eb.ref("excluded.value"), updated_at: new Date() })))
            .execute();
        }
        await context.appendEvent({ type: "PlanningValueEdited", payload: { values: saved, by: user.userId } });
        return { values: saved };
      }),
  }),
];

/** The dated values of the chosen named FX rate; null (or none chosen) is local currency. */
async function namedFxRate(context: TenantContext, fxRate: number | null): Promise<DatedRate[] | null> {
  if (fxRate === null) return null;
  const rates = Number.isSafeInteger(fxRate) ? await loadFxRate(context, fxRate) : null;
  if (!rates) throw badRequest({ fxRate: [NO_SUCH_FX_RATE] });
  return rates;
}
