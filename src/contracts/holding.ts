import { Schema } from "@effect/schema";
import { FiniteNumber, List, MonthDate, RequiredText } from "./fields";
import { Sensitive } from "./sensitive";

/**
 * The holding instance (issue 14, scope 6; spec sections 1, 3, 4, 7, 8). A holding rolls up its
 * subsidiaries; a subsidiary decides whether it may (`is_authorized`). Routes:
 * - holding (feature holding_reporting, a holding instance only): GET/POST /api/holdings/,
 *   DELETE /api/holdings/{id}/, GET/PUT /api/holdings/rates/, GET /api/holdings/rollup/;
 * - subsidiary (manage_company_settings, a company only): GET /api/company/holdings/,
 *   POST /api/company/holdings/link-code/, POST /api/company/holdings/{id}/decision/.
 */

export const AuthorizationState = Schema.Literal("requested", "denied", "authorized");
export type AuthorizationState = typeof AuthorizationState.Type;

/** Spec section 8, for every failure to add a subsidiary (unknown, used or expired code, already added, the holding itself). */
export const ADD_SUBSIDIARY_FAILED = "There was a problem adding this reporting company";
/** A holding route asked on an instance that is not a holding (or a subsidiary route on one that is not a company). */
export const NOT_A_HOLDING = "This page does not exist";

/** A subsidiary as its holding lists it (spec section 3, Holding: is_authorized). */
export const Holding = Schema.Struct({
  id: Schema.Number,
  name: Schema.String,
  authorization_state: AuthorizationState,
  is_authorized: Schema.Boolean,
  /** The subsidiary's currency: what its figures are converted from. */
  currency: Schema.String,
});
export type Holding = typeof Holding.Type;

/** POST /api/holdings/: the one-time code the subsidiary's administrator gave the holding. */
export const AddSubsidiaryRequest = Schema.Struct({ code: Sensitive(RequiredText(100)) });

/** The holding's rate of a currency in a month: units of the holding's currency for one unit of `currency`. */
export const HoldingRate = Schema.Struct({
  currency: Schema.String.pipe(Schema.filter((text) => /^[A-Z]{3}$/.test(text) || "must be a currency code like EUR", { jsonSchema: { pattern: "^[A-Z]{3}$" } })),
  month: MonthDate,
  average_rate: FiniteNumber.pipe(Schema.filter((rate) => rate > 0 || "must be more than 0", { jsonSchema: { exclusiveMinimum: 0 } })),
  month_end_rate: FiniteNumber.pipe(Schema.filter((rate) => rate > 0 || "must be more than 0", { jsonSchema: { exclusiveMinimum: 0 } })),
});
export type HoldingRate = typeof HoldingRate.Type;

export const HoldingRates = Schema.Struct({ currency: Schema.String, rates: Schema.Array(HoldingRate) });
export type HoldingRates = typeof HoldingRates.Type;
/** PUT /api/holdings/rates/: the rates to set (a currency and month given again replaces its rates). */
export const SaveRatesRequest = Schema.Struct({ rates: List(HoldingRate, 2000) });

/** GET /api/holdings/rollup/: `from`/`to` months (YYYY-MM-01), or `period=ytd`. */
export const RollupQuery = Schema.Struct({
  period: Schema.optional(Schema.Literal("ytd", "range")),
  from: Schema.optional(MonthDate),
  to: Schema.optional(MonthDate),
});

export const CompanyFigure = Schema.Struct({
  subsidiary_id: Schema.Number,
  company: Schema.String,
  currency: Schema.String,
  local: Schema.NullOr(Schema.Number),
  converted: Schema.NullOr(Schema.Number),
  monthly: Schema.Array(Schema.NullOr(Schema.Number)),
});
export type CompanyFigure = typeof CompanyFigure.Type;

export const RollupLine = Schema.Struct({
  name: Schema.String,
  unit: Schema.String,
  aggregation: Schema.Literal("cum", "dd"),
  total: Schema.NullOr(Schema.Number),
  companies: Schema.Array(CompanyFigure),
  problems: Schema.Array(Schema.String),
});
export type RollupLine = typeof RollupLine.Type;

export const UnmatchedKpi = Schema.Struct({ name: Schema.String, unit: Schema.String, companies: Schema.Array(Schema.String), reason: Schema.String });
export type UnmatchedKpi = typeof UnmatchedKpi.Type;

export const HoldingRollup = Schema.Struct({
  currency: Schema.String,
  from: Schema.String,
  to: Schema.String,
  months: Schema.Array(Schema.String),
  /** The authorized subsidiaries rolled up, in order. */
  companies: Schema.Array(Schema.Struct({ id: Schema.Number, name: Schema.String, currency: Schema.String })),
  lines: Schema.Array(RollupLine),
  unmatched: Schema.Array(UnmatchedKpi),
});
export type HoldingRollup = typeof HoldingRollup.Type;

/** A holding's request as its subsidiary sees it (GET /api/company/holdings/). */
export const HoldingRequest = Schema.Struct({
  id: Schema.Number,
  holding_name: Schema.String,
  state: AuthorizationState,
  is_authorized: Schema.Boolean,
  requested_at: Schema.String,
  decided_at: Schema.NullOr(Schema.String),
});
export type HoldingRequest = typeof HoldingRequest.Type;

/** POST /api/company/holdings/link-code/: shown once; a holding adds the company with it. */
export const HoldingLinkCode = Schema.Struct({ code: Sensitive(Schema.String), expires_at: Schema.String });
export type HoldingLinkCode = typeof HoldingLinkCode.Type;

/** POST /api/company/holdings/{id}/decision/: the subsidiary authorizes or denies (denying later withdraws). */
export const HoldingDecisionRequest = Schema.Struct({ state: Schema.Literal("authorized", "denied") });
