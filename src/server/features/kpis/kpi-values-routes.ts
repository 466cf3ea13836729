import { decodeInput } from "../../platform/http/decode";
import type { FastifyPluginAsync } from "fastify";
import {
  KPI_NOT_EDITABLE,
  KPI_WRITE_FORBIDDEN,
  NO_SUCH_FX_RATE,
  PLANNING_FORBIDDEN,
  PlanningValuesRequest,
  VALUES_RANGE_REVERSED,
  VALUES_RANGE_TOO_LONG,
  ValuesRequest,
} from "../../../contracts/kpis";
import type { DatedRate } from "../../../domain/kpi/fx";
import { monthIndexOf } from "../../../domain/months";
import type { TenantContext } from "../../db/tenancy";
import { badRequest, HttpError, notFound } from "../../platform/http/errors";
import type { AppServices } from "../../services";
import { asUser } from "./kpi-access";
import { loadFxRate, loadKpis } from "./kpi-repository";
import { mayRead, mayWrite, type Reader } from "./kpi-service";
import { valuesFor } from "./kpi-values";

/** The longest range POST /api/kpis/values/ answers: ten years of months. */
export const MAX_VALUE_MONTHS = 120;

/**
 * Monthly KPI values (POST /api/kpis/values/) and planning edits (POST /api/kpis/planning-values/).
 */
export const kpiValuesRoutes: FastifyPluginAsync<AppServices> = async (app, services) => {
  const run = asUser(services);

  app.post("/kpis/values/", async (request) => {
    const input = decodeInput(ValuesRequest, request.body);
    const first = monthIndexOf(input.startDate);
    const last = monthIndexOf(input.date);
    if (first > last) throw badRequest({ startDate: [VALUES_RANGE_REVERSED] });
    if (last - first + 1 > MAX_VALUE_MONTHS) throw badRequest({ startDate: [VALUES_RANGE_TOO_LONG] });
    return run(request, async ({ context, reader }) =>
      valuesFor(context, reader, {
        first,
        last,
        type: input.type ?? "all",
        idList: input.idList ?? null,
        includePlanning: input.includePlanning ?? false,
        fxRates: await namedFxRate(context, input.fxRate ?? null),
      }),
    );
  });

  // Planning edits replace the month's planning value; "-" removes it. All values of a request or none.
  app.post("/kpis/planning-values/", async (request) => {
    const { values } = decodeInput(PlanningValuesRequest, request.body);
    return run(request, async ({ context, user, reader }) => {
      if (!mayPlan(reader)) throw new HttpError(403, { detail: PLANNING_FORBIDDEN });
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
    });
  });
};

/** Planning needs a planning screen's permission (financial or operational) on top of the KPI's write level. */
const mayPlan = (reader: Reader) => reader.isStaff || reader.permissions.has("access_financial_planning") || reader.permissions.has("access_operational_planning");

/** The dated values of the chosen named FX rate; null (or none chosen) is local currency. */
async function namedFxRate(context: TenantContext, fxRate: number | null): Promise<DatedRate[] | null> {
  if (fxRate === null) return null;
  const rates = Number.isSafeInteger(fxRate) ? await loadFxRate(context, fxRate) : null;
  if (!rates) throw badRequest({ fxRate: [NO_SUCH_FX_RATE] });
  return rates;
}
