import { Schema } from "@effect/schema";
import { Holding, HoldingRate, HoldingRates, HoldingRequest, HoldingRollup } from "../holding";
import { Sensitive } from "../sensitive";

/**
 * The holding instance's screens (/holding/portfolio, /holding/reporting) and the subsidiary's
 * side (/settings/holdings). Changes made elsewhere (the subsidiary's decision, another
 * administrator) arrive from the server's stream as HoldingsChangedElsewhere: open lists load again.
 */

// ── commands ────────────────────────────────────────────────────────────────
export class LoadHoldings extends Schema.TaggedStruct("LoadHoldings", {}) {}
export class AddSubsidiary extends Schema.TaggedStruct("AddSubsidiary", { code: Sensitive(Schema.String) }) {}
export class RemoveSubsidiary extends Schema.TaggedStruct("RemoveSubsidiary", { id: Schema.Number, name: Schema.String }) {}
/** The roll-up for year to date, or for `from`–`to` (YYYY-MM-01). */
export class LoadHoldingRollup extends Schema.TaggedStruct("LoadHoldingRollup", { period: Schema.Literal("ytd", "range"), from: Schema.NullOr(Schema.String), to: Schema.NullOr(Schema.String) }) {}
export class LoadHoldingRequests extends Schema.TaggedStruct("LoadHoldingRequests", {}) {}
export class IssueHoldingLinkCode extends Schema.TaggedStruct("IssueHoldingLinkCode", {}) {}
export class DecideHoldingRequest extends Schema.TaggedStruct("DecideHoldingRequest", { id: Schema.Number, holdingName: Schema.String, state: Schema.Literal("authorized", "denied") }) {}

export class LoadHoldingRates extends Schema.TaggedStruct("LoadHoldingRates", {}) {}
/** Sets one month's average and month-end rate of a currency (a month given again is replaced). */
export class SaveHoldingRate extends Schema.TaggedStruct("SaveHoldingRate", { rate: HoldingRate }) {}

export const HoldingCommand = Schema.Union(LoadHoldings, AddSubsidiary, RemoveSubsidiary, LoadHoldingRollup, LoadHoldingRequests, IssueHoldingLinkCode, DecideHoldingRequest, LoadHoldingRates, SaveHoldingRate);

// ── events ──────────────────────────────────────────────────────────────────
export class HoldingsLoadStarted extends Schema.TaggedStruct("HoldingsLoadStarted", {}) {}
export class HoldingsLoaded extends Schema.TaggedStruct("HoldingsLoaded", { holdings: Schema.Array(Holding) }) {}
export class HoldingsLoadFailed extends Schema.TaggedStruct("HoldingsLoadFailed", { message: Schema.String }) {}
export class SubsidiaryAddStarted extends Schema.TaggedStruct("SubsidiaryAddStarted", {}) {}
export class SubsidiaryAdded extends Schema.TaggedStruct("SubsidiaryAdded", { holding: Holding }) {}
export class SubsidiaryAddFailed extends Schema.TaggedStruct("SubsidiaryAddFailed", { message: Schema.String }) {}
export class SubsidiaryRemoveStarted extends Schema.TaggedStruct("SubsidiaryRemoveStarted", { id: Schema.Number }) {}
export class SubsidiaryRemoved extends Schema.TaggedStruct("SubsidiaryRemoved", { id: Schema.Number, name: Schema.String }) {}
export class SubsidiaryRemoveFailed extends Schema.TaggedStruct("SubsidiaryRemoveFailed", { id: Schema.Number, message: Schema.String }) {}
export class HoldingRollupLoadStarted extends Schema.TaggedStruct("HoldingRollupLoadStarted", { params: Schema.String }) {}
export class HoldingRollupLoaded extends Schema.TaggedStruct("HoldingRollupLoaded", { params: Schema.String, rollup: HoldingRollup }) {}
export class HoldingRollupLoadFailed extends Schema.TaggedStruct("HoldingRollupLoadFailed", { params: Schema.String, message: Schema.String }) {}
export class HoldingRequestsLoadStarted extends Schema.TaggedStruct("HoldingRequestsLoadStarted", {}) {}
export class HoldingRequestsLoaded extends Schema.TaggedStruct("HoldingRequestsLoaded", { requests: Schema.Array(HoldingRequest) }) {}
export class HoldingRequestsLoadFailed extends Schema.TaggedStruct("HoldingRequestsLoadFailed", { message: Schema.String }) {}
export class HoldingLinkCodeStarted extends Schema.TaggedStruct("HoldingLinkCodeStarted", {}) {}
/** The code is shown once, on this screen; the session log never keeps it. */
export class HoldingLinkCodeReceived extends Schema.TaggedStruct("HoldingLinkCodeReceived", { code: Sensitive(Schema.String), expiresAt: Schema.String }) {}
export class HoldingLinkCodeFailed extends Schema.TaggedStruct("HoldingLinkCodeFailed", { message: Schema.String }) {}
export class HoldingDecisionStarted extends Schema.TaggedStruct("HoldingDecisionStarted", { id: Schema.Number }) {}
export class HoldingDecisionSaved extends Schema.TaggedStruct("HoldingDecisionSaved", { request: HoldingRequest }) {}
export class HoldingDecisionFailed extends Schema.TaggedStruct("HoldingDecisionFailed", { id: Schema.Number, message: Schema.String }) {}
export class HoldingRatesLoadStarted extends Schema.TaggedStruct("HoldingRatesLoadStarted", {}) {}
export class HoldingRatesLoaded extends Schema.TaggedStruct("HoldingRatesLoaded", { rates: HoldingRates }) {}
export class HoldingRatesLoadFailed extends Schema.TaggedStruct("HoldingRatesLoadFailed", { message: Schema.String }) {}
export class HoldingRateSaveStarted extends Schema.TaggedStruct("HoldingRateSaveStarted", {}) {}
export class HoldingRateSaved extends Schema.TaggedStruct("HoldingRateSaved", { rate: HoldingRate, rates: HoldingRates }) {}
/** Nothing saved: why, and the server's field messages (`rates.0.average_rate`). */
export class HoldingRateSaveFailed extends Schema.TaggedStruct("HoldingRateSaveFailed", { message: Schema.String, fields: Schema.Record({ key: Schema.String, value: Schema.Array(Schema.String) }) }) {}
/** A subsidiary decided, a holding asked, or someone else changed the list or the rates: what is open loads again. */
export class HoldingsChangedElsewhere extends Schema.TaggedStruct("HoldingsChangedElsewhere", { change: Schema.String }) {}

export const HoldingEvent = Schema.Union(
  HoldingsLoadStarted,
  HoldingsLoaded,
  HoldingsLoadFailed,
  SubsidiaryAddStarted,
  SubsidiaryAdded,
  SubsidiaryAddFailed,
  SubsidiaryRemoveStarted,
  SubsidiaryRemoved,
  SubsidiaryRemoveFailed,
  HoldingRollupLoadStarted,
  HoldingRollupLoaded,
  HoldingRollupLoadFailed,
  HoldingRequestsLoadStarted,
  HoldingRequestsLoaded,
  HoldingRequestsLoadFailed,
  HoldingLinkCodeStarted,
  HoldingLinkCodeReceived,
  HoldingLinkCodeFailed,
  HoldingDecisionStarted,
  HoldingDecisionSaved,
  HoldingDecisionFailed,
  HoldingsChangedElsewhere,
  HoldingRatesLoadStarted,
  HoldingRatesLoaded,
  HoldingRatesLoadFailed,
  HoldingRateSaveStarted,
  HoldingRateSaved,
  HoldingRateSaveFailed,
);
