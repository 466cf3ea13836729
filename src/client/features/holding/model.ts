import { castDraft, produce } from "immer";
import type { Holding, HoldingRate, HoldingRates, HoldingRequest, HoldingRollup } from "../../../contracts/holding";
import type { Reducer } from "../../bus/store";

type LoadStatus = "idle" | "loading" | "loaded" | "error";

/**
 * The holding screens' read model: the holding's subsidiaries, adding and removing one, the
 * roll-up by its parameters; on a company, the holdings' requests, the link code just issued
 * (shown once) and each decision's state. `revision` goes up when the server says something
 * changed elsewhere, so open screens load again.
 */
export interface HoldingModel {
  readonly holdings: { readonly status: LoadStatus; readonly list: readonly Holding[]; readonly message: string | null };
  readonly add: { readonly status: "idle" | "adding" | "added" | "error"; readonly message: string | null; readonly added: string | null };
  readonly removing: Readonly<Record<number, { readonly status: "removing" | "error"; readonly message: string | null }>>;
  readonly rollup: { readonly status: LoadStatus; readonly params: string; readonly data: HoldingRollup | null; readonly message: string | null };
  readonly requests: { readonly status: LoadStatus; readonly list: readonly HoldingRequest[]; readonly message: string | null };
  readonly code: { readonly status: "idle" | "issuing" | "issued" | "error"; readonly code: string | null; readonly expiresAt: string | null; readonly message: string | null };
  readonly decisions: Readonly<Record<number, { readonly status: "saving" | "error"; readonly message: string | null }>>;
  readonly rates: { readonly status: LoadStatus; readonly data: HoldingRates | null; readonly message: string | null };
  readonly rateSave: { readonly status: "idle" | "saving" | "saved" | "error"; readonly saved: HoldingRate | null; readonly message: string | null; readonly fields: Readonly<Record<string, readonly string[]>> };
  readonly revision: number;
}

export const initialHolding: HoldingModel = {
  holdings: { status: "idle", list: [], message: null },
  add: { status: "idle", message: null, added: null },
  removing: {},
  rollup: { status: "idle", params: "", data: null, message: null },
  requests: { status: "idle", list: [], message: null },
  code: { status: "idle", code: null, expiresAt: null, message: null },
  decisions: {},
  rates: { status: "idle", data: null, message: null },
  rateSave: { status: "idle", saved: null, message: null, fields: {} },
  revision: 0,
};

/** The roll-up's parameters as one key: a newer answer for other parameters never overwrites. */
export const rollupParams = (period: "ytd" | "range", from: string | null, to: string | null) => (period === "ytd" ? "ytd" : `${from ?? ""}..${to ?? ""}`);

export const holdingReducer: Reducer<HoldingModel> = (model, event) => {
  switch (event._tag) {
    case "HoldingsLoadStarted":
      return produce(model, (draft) => {
        draft.holdings.status = "loading";
        draft.holdings.message = null;
      });
    case "HoldingsLoaded":
      return produce(model, (draft) => {
        draft.holdings = { status: "loaded", list: castDraft(event.holdings), message: null };
      });
    case "HoldingsLoadFailed":
      return produce(model, (draft) => {
        draft.holdings.status = "error";
        draft.holdings.message = event.message;
      });
    case "SubsidiaryAddStarted":
      return produce(model, (draft) => {
        draft.add = { status: "adding", message: null, added: null };
      });
    case "SubsidiaryAdded":
      return produce(model, (draft) => {
        draft.add = { status: "added", message: null, added: event.holding.name };
        draft.holdings.list = castDraft([...draft.holdings.list.filter((holding) => holding.id !== event.holding.id), event.holding].sort((a, b) => a.name.localeCompare(b.name)));
      });
    case "SubsidiaryAddFailed":
      return produce(model, (draft) => {
        draft.add = { status: "error", message: event.message, added: null };
      });
    case "SubsidiaryRemoveStarted":
      return produce(model, (draft) => {
        draft.removing[event.id] = { status: "removing", message: null };
      });
    case "SubsidiaryRemoved":
      return produce(model, (draft) => {
        delete draft.removing[event.id];
        draft.holdings.list = draft.holdings.list.filter((holding) => holding.id !== event.id);
      });
    case "SubsidiaryRemoveFailed":
      return produce(model, (draft) => {
        draft.removing[event.id] = { status: "error", message: event.message };
      });
    case "HoldingRollupLoadStarted":
      return produce(model, (draft) => {
        // The same figures asked again (a live reload) stay on screen while they load.
        const same = draft.rollup.params === event.params;
        draft.rollup = { status: "loading", params: event.params, data: same ? draft.rollup.data : null, message: null };
      });
    case "HoldingRollupLoaded":
      return produce(model, (draft) => {
        if (draft.rollup.params !== event.params) return;
        draft.rollup = { status: "loaded", params: event.params, data: castDraft(event.rollup), message: null };
      });
    case "HoldingRollupLoadFailed":
      return produce(model, (draft) => {
        if (draft.rollup.params !== event.params) return;
        draft.rollup.status = "error";
        draft.rollup.message = event.message;
      });
    case "HoldingRequestsLoadStarted":
      return produce(model, (draft) => {
        draft.requests.status = "loading";
        draft.requests.message = null;
      });
    case "HoldingRequestsLoaded":
      return produce(model, (draft) => {
        draft.requests = { status: "loaded", list: castDraft(event.requests), message: null };
      });
    case "HoldingRequestsLoadFailed":
      return produce(model, (draft) => {
        draft.requests.status = "error";
        draft.requests.message = event.message;
      });
    case "HoldingLinkCodeStarted":
      return produce(model, (draft) => {
        draft.code = { status: "issuing", code: null, expiresAt: null, message: null };
      });
    case "HoldingLinkCodeReceived":
      return produce(model, (draft) => {
        draft.code = { status: "issued", code: event.code, expiresAt: event.expiresAt, message: null };
      });
    case "HoldingLinkCodeFailed":
      return produce(model, (draft) => {
        draft.code = { status: "error", code: null, expiresAt: null, message: event.message };
      });
    case "HoldingDecisionStarted":
      return produce(model, (draft) => {
        draft.decisions[event.id] = { status: "saving", message: null };
      });
    case "HoldingDecisionSaved":
      return produce(model, (draft) => {
        delete draft.decisions[event.request.id];
        draft.requests.list = castDraft(draft.requests.list.map((request) => (request.id === event.request.id ? event.request : request)));
      });
    case "HoldingDecisionFailed":
      return produce(model, (draft) => {
        draft.decisions[event.id] = { status: "error", message: event.message };
      });
    case "HoldingRatesLoadStarted":
      return produce(model, (draft) => {
        draft.rates.status = "loading";
        draft.rates.message = null;
      });
    case "HoldingRatesLoaded":
      return produce(model, (draft) => {
        draft.rates = { status: "loaded", data: castDraft(event.rates), message: null };
      });
    case "HoldingRatesLoadFailed":
      return produce(model, (draft) => {
        draft.rates.status = "error";
        draft.rates.message = event.message;
      });
    case "HoldingRateSaveStarted":
      return produce(model, (draft) => {
        draft.rateSave = { status: "saving", saved: null, message: null, fields: {} };
      });
    case "HoldingRateSaved":
      return produce(model, (draft) => {
        draft.rateSave = { status: "saved", saved: castDraft(event.rate), message: null, fields: {} };
        draft.rates = { status: "loaded", data: castDraft(event.rates), message: null };
      });
    case "HoldingRateSaveFailed":
      return produce(model, (draft) => {
        draft.rateSave = { status: "error", saved: null, message: event.message, fields: castDraft(event.fields) };
      });
    case "HoldingsChangedElsewhere":
      return produce(model, (draft) => {
        draft.revision += 1;
      });
    default:
      return model;
  }
};
