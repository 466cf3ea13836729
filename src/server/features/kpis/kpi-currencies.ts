import type { FastifyPluginAsync } from "fastify";
import { sql } from "kysely";
import {
  CORPORATE_CURRENCY_NAME,
  CorporateCurrencyRequest,
  CurrencyChangeRequest,
  CurrencyCreateRequest,
  CurrencyRatesRequest,
  FX_RATE_DATES_DUPLICATE,
  FX_RATE_NAME_TAKEN,
  type Currency,
  type CurrencyDetail,
  type DatedRateInput,
} from "../../../contracts/kpis";
import { rateFor, type DatedRate } from "../../../domain/kpi/fx";
import { monthIndexAt, monthIndexOf } from "../../../domain/months";
import type { TenantContext } from "../../db/tenancy";
import { badRequest, notFound } from "../../platform/http/errors";
import type { AppServices } from "../../services";
import { decodeInput } from "../../platform/http/decode";
import { asUser, pathId, requireReportingManage, requireReportingRead } from "./kpi-access";

/** The corporate (local) currency's id in the list: named rates have identities from 1 up. */
export const CORPORATE_CURRENCY_ID = 0;

/**
 * Currencies (spec section 3): the company's corporate currency (rate 1) and its named FX rates,
 * each with dated rates (units of its currency per unit of corporate currency). Reading needs any
 * KPI read permission; changes need manage_company_settings. A company with a named rate is
 * multi-currency, so GET /api/company/ lists its rates.
 */
export const kpiCurrencyRoutes: FastifyPluginAsync<AppServices> = async (app, services) => {
  const run = asUser(services);

  app.get("/kpis/currencies/", (request) =>
    run(request, async ({ context, reader }) => {
      requireReportingRead(reader);
      return { currencies: [await corporateCurrency(context), ...(await namedCurrencies(context))] };
    }),
  );

  app.get<{ Params: { id: string } }>("/kpis/currencies/:id/", (request) =>
    run(request, async ({ context, reader }) => {
      requireReportingRead(reader);
      const id = pathId(request.params.id);
      if (id === CORPORATE_CURRENCY_ID) return { ...(await corporateCurrency(context)), rates: [] };
      return currencyDetail(context, id);
    }),
  );

  app.post("/kpis/currencies/", async (request, reply) => {
    const created = await uniqueName(() =>
      run(request, async ({ context, reader }) => {
        requireReportingManage(reader);
        const input = decodeInput(CurrencyCreateRequest, request.body);
        requireDistinctDates(input.rates);
        await requireFreeName(context, input.name, null);
        const row = await context.db.insertInto("fx_rates").values({ tenant_id: context.tenantId, name: input.name, currency: input.code }).returning("id").executeTakeFirstOrThrow();
        await replaceRates(context, row.id, input.rates);
        await context.db.updateTable("tenants").set({ multi_currency: true }).where("id", "=", context.tenantId).execute();
        await context.appendEvent({ type: "CurrencyCreated", payload: { id: row.id, name: input.name, code: input.code, rates: input.rates } });
        return currencyDetail(context, row.id);
      }),
    );
    return reply.status(201).send(created);
  });

  // Registered before /:id/ for readability; find-my-way prefers the static segment anyway.
  app.patch("/kpis/currencies/corporate/", (request) =>
    run(request, async ({ context, reader }) => {
      requireReportingManage(reader);
      const { code } = decodeInput(CorporateCurrencyRequest, request.body);
      const previous = (await context.db.selectFrom("tenants").select("local_currency").where("id", "=", context.tenantId).executeTakeFirstOrThrow()).local_currency;
      await context.db
        .updateTable("tenants")
        .set({ local_currency: code, multi_currency: sql<boolean>`exists (select 1 from fx_rates)` })
        .where("id", "=", context.tenantId)
        .execute();
      await context.appendEvent({ type: "CorporateCurrencyChanged", payload: { code, previous } });
      return corporateCurrency(context);
    }),
  );

  app.patch<{ Params: { id: string } }>("/kpis/currencies/:id/", (request) =>
    uniqueName(() =>
      run(request, async ({ context, reader }) => {
        requireReportingManage(reader);
        const id = pathId(request.params.id);
        const change = decodeInput(CurrencyChangeRequest, request.body);
        await currencyDetail(context, id); // 404 before anything else
        if (change.name !== undefined) await requireFreeName(context, change.name, id);
        const set = { ...(change.name !== undefined ? { name: change.name } : {}), ...(change.code !== undefined ? { currency: change.code } : {}) };
        if (Object.keys(set).length > 0) await context.db.updateTable("fx_rates").set(set).where("id", "=", id).execute();
        await context.appendEvent({ type: "CurrencyChanged", payload: { id, ...change } });
        return currencyDetail(context, id);
      }),
    ),
  );

  app.put<{ Params: { id: string } }>("/kpis/currencies/:id/rates/", (request) =>
    run(request, async ({ context, reader }) => {
      requireReportingManage(reader);
      const id = pathId(request.params.id);
      const { rates } = decodeInput(CurrencyRatesRequest, request.body);
      requireDistinctDates(rates);
      await currencyDetail(context, id);
      await replaceRates(context, id, rates);
      await context.appendEvent({ type: "CurrencyChanged", payload: { id, rates } });
      return currencyDetail(context, id);
    }),
  );
};

async function corporateCurrency({ db, tenantId }: TenantContext): Promise<Currency> {
  const tenant = await db.selectFrom("tenants").select("local_currency").where("id", "=", tenantId).executeTakeFirstOrThrow();
  return { id: CORPORATE_CURRENCY_ID, code: tenant.local_currency, name: CORPORATE_CURRENCY_NAME, exchangeRate: 1, corporate: true };
}

/**
 * The named rates by name, each with the rate in force this month (as conversions use it: the
 * latest dated at or before the month, the earliest before its first date), not a newer
 * future-dated one. Two queries, whatever the count.
 */
async function namedCurrencies({ db }: TenantContext): Promise<Currency[]> {
  const [rates, dated] = await Promise.all([
    db.selectFrom("fx_rates").select(["id", "name", "currency"]).orderBy("name").execute(),
    db.selectFrom("fx_rate_values").select(["fx_rate_id", "valid_from", "rate"]).execute(),
  ]);
  const datedOf = new Map<number, DatedRate[]>();
  for (const row of dated) {
    const list = datedOf.get(row.fx_rate_id) ?? [];
    list.push({ validFrom: monthIndexOf(row.valid_from), rate: row.rate });
    datedOf.set(row.fx_rate_id, list);
  }
  return rates.map((rate) => ({ id: rate.id, code: rate.currency, name: rate.name, exchangeRate: rateInForce(datedOf.get(rate.id) ?? []), corporate: false }));
}

/** The rate that converts this month's values; 1 without dated rates (never stored: a named rate needs one). */
const rateInForce = (rates: readonly DatedRate[]) => rateFor(rates, monthIndexAt(new Date())) ?? 1;

/** A named rate with its dated rates, or 404 (also for another company's id). */
async function currencyDetail({ db }: TenantContext, id: number): Promise<CurrencyDetail> {
  const rate = await db.selectFrom("fx_rates").select(["id", "name", "currency"]).where("id", "=", id).executeTakeFirst();
  if (!rate) throw notFound();
  const rates = await db.selectFrom("fx_rate_values").select(["valid_from", "rate"]).where("fx_rate_id", "=", id).orderBy("valid_from").execute();
  return {
    id: rate.id,
    code: rate.currency,
    name: rate.name,
    exchangeRate: rateInForce(rates.map((row) => ({ validFrom: monthIndexOf(row.valid_from), rate: row.rate }))),
    corporate: false,
    rates: rates.map((row) => ({ validFrom: row.valid_from, rate: row.rate })),
  };
}

async function replaceRates({ db, tenantId }: TenantContext, id: number, rates: readonly DatedRateInput[]) {
  await db.deleteFrom("fx_rate_values").where("fx_rate_id", "=", id).execute();
  await db.insertInto("fx_rate_values").values(rates.map((rate) => ({ tenant_id: tenantId, fx_rate_id: id, valid_from: rate.validFrom, rate: rate.rate }))).execute();
}

function requireDistinctDates(rates: readonly DatedRateInput[]) {
  if (new Set(rates.map((rate) => rate.validFrom)).size !== rates.length) throw badRequest({ rates: [FX_RATE_DATES_DUPLICATE] });
}

/** Names are unique regardless of case ("usd" and "USD" would be the same rate to a reader). */
async function requireFreeName({ db }: TenantContext, name: string, except: number | null) {
  let query = db.selectFrom("fx_rates").select("id").where(sql<boolean>`lower(name) = lower(${name})`);
  if (except !== null) query = query.where("id", "<>", except);
  if (await query.executeTakeFirst()) throw badRequest({ name: [FX_RATE_NAME_TAKEN] });
}

/** Two requests racing for one name: the loser's unique violation is the same field error, not a 500. */
async function uniqueName<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (typeof error === "object" && error !== null && (error as { code?: string }).code === "23505") throw badRequest({ name: [FX_RATE_NAME_TAKEN] });
    throw error;
  }
}
