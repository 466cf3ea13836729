import { Schema } from "@effect/schema";
import { sql } from "kysely";
import {
  CORPORATE_CURRENCY_NAME,
  CorporateCurrencyRequest,
  CurrenciesResponse,
  Currency,
  CurrencyChangeRequest,
  CurrencyCreateRequest,
  CurrencyDetail,
  CurrencyRatesRequest,
  FX_RATE_DATES_DUPLICATE,
  FX_RATE_NAME_TAKEN,
  type DatedRateInput,
} from "../../../contracts/kpis";
import { rateFor, type DatedRate } from "../../../domain/kpi/fx";
import { monthIndexAt, monthIndexOf } from "../../../domain/months";
import type { TenantContext } from "../../db/tenancy";
import { badRequest, notFound } from "../../platform/http/errors";
import { ID_OUT_OF_RANGE } from "../../platform/http/decode";
import { IdParams, userRoute } from "../../platform/http/route";
import { MANAGE_REPORTING, READ_REPORTING } from "./kpi-access";

/** The corporate (local) currency's id in the list: named rates have identities from 1 up. */
export const CORPORATE_CURRENCY_ID = 0;

/** A currency's id in a path: 0 is the corporate currency, named rates count from 1. */
const CurrencyParams = Schema.Struct({
  id: Schema.String.pipe(
    Schema.filter((text) => /^\d+$/.test(text) || "must be a whole number"),
    Schema.transform(Schema.Number, { strict: true, decode: Number, encode: String }),
    Schema.filter((id) => Number.isSafeInteger(id) || ID_OUT_OF_RANGE),
  ),
});

/**
 * Currencies (spec section 3): the company's corporate currency (rate 1) and its named FX rates,
 * each with dated rates (units of its currency per unit of corporate currency). Reading needs any
 * KPI read permission; changes need manage_company_settings. A company with a named rate is
 * multi-currency, so GET /api/company/ lists its rates.
 */
export const kpiCurrencyRoutes = [
  userRoute({
    method: "GET",
    path: "/kpis/currencies/",
    summary: "The corporate currency (id 0, rate 1) and the named FX rates",
    access: READ_REPORTING,
    response: CurrenciesResponse,
    handle: ({ inTenant }) => inTenant(async (context) => ({ currencies: [await corporateCurrency(context), ...(await namedCurrencies(context))] })),
  }),

  userRoute({
    method: "GET",
    path: "/kpis/currencies/{id}/",
    summary: "A currency with its dated rates",
    access: READ_REPORTING,
    params: CurrencyParams,
    response: CurrencyDetail,
    handle: ({ params: { id }, inTenant }) =>
      inTenant(async (context) => (id === CORPORATE_CURRENCY_ID ? { ...(await corporateCurrency(context)), rates: [] } : currencyDetail(context, id))),
  }),

  userRoute({
    method: "POST",
    path: "/kpis/currencies/",
    summary: "Create a named FX rate with its dated rates",
    access: MANAGE_REPORTING,
    body: CurrencyCreateRequest,
    response: CurrencyDetail,
    status: 201,
    handle: ({ body: input, inTenant }) => {
      requireDistinctDates(input.rates);
      return uniqueName(() =>
        inTenant(async (context) => {
          await requireFreeName(context, input.name, null);
          const row = await context.db.insertInto("fx_rates").values({ tenant_id: context.tenantId, name: input.name, currency: input.code }).returning("id").executeTakeFirstOrThrow();
          await replaceRates(context, row.id, input.rates);
          await context.db.updateTable("tenants").set({ multi_currency: true }).where("id", "=", context.tenantId).execute();
          await context.appendEvent({ type: "CurrencyCreated", payload: { id: row.id, name: input.name, code: input.code, rates: input.rates } });
          return currencyDetail(context, row.id);
        }),
      );
    },
  }),

  userRoute({
    method: "PATCH",
    path: "/kpis/currencies/corporate/",
    summary: "Change the corporate currency's code",
    access: MANAGE_REPORTING,
    body: CorporateCurrencyRequest,
    response: Currency,
    handle: ({ body: { code }, inTenant }) =>
      inTenant(async (context) => {
        const previous = (await context.db.selectFrom("tenants").select("local_currency").where("id", "=", context.tenantId).executeTakeFirstOrThrow()).local_currency;
        await context.db
          .updateTable("tenants")
          .set({ local_currency: code, multi_currency: sql<boolean>`exists (select 1 from fx_rates)` })
          .where("id", "=", context.tenantId)
          .execute();
        await context.appendEvent({ type: "CorporateCurrencyChanged", payload: { code, previous } });
        return corporateCurrency(context);
      }),
  }),

  userRoute({
    method: "PATCH",
    path: "/kpis/currencies/{id}/",
    summary: "Rename a named FX rate or change its currency code",
    access: MANAGE_REPORTING,
    params: IdParams,
    body: CurrencyChangeRequest,
    response: CurrencyDetail,
    handle: ({ params: { id }, body: change, inTenant }) =>
      uniqueName(() =>
        inTenant(async (context) => {
          await currencyDetail(context, id); // 404 before anything else
          if (change.name !== undefined) await requireFreeName(context, change.name, id);
          const set = { ...(change.name !== undefined ? { name: change.name } : {}), ...(change.code !== undefined ? { currency: change.code } : {}) };
          if (Object.keys(set).length > 0) await context.db.updateTable("fx_rates").set(set).where("id", "=", id).execute();
          await context.appendEvent({ type: "CurrencyChanged", payload: { id, ...change } });
          return currencyDetail(context, id);
        }),
      ),
  }),

  userRoute({
    method: "PUT",
    path: "/kpis/currencies/{id}/rates/",
    summary: "Replace a named FX rate's dated rates",
    access: MANAGE_REPORTING,
    params: IdParams,
    body: CurrencyRatesRequest,
    response: CurrencyDetail,
    handle: ({ params: { id }, body: { rates }, inTenant }) => {
      requireDistinctDates(rates);
      return inTenant(async (context) => {
        await currencyDetail(context, id);
        await replaceRates(context, id, rates);
        await context.appendEvent({ type: "CurrencyChanged", payload: { id, rates } });
        return currencyDetail(context, id);
      });
    },
  }),
];

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
