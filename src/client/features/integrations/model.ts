import { castDraft, produce } from "immer";
import type { IntegrationDetail, IntegrationsOverview, IntegrationSummary, PreviewResponse } from "../../../contracts/integrations";
import type { Reducer } from "../../bus/store";

type LoadStatus = "idle" | "loading" | "loaded" | "error";

/** How one change (connect, save, reconnect, remove) ended: the form that sent it reads its errors here. */
export interface ChangeOutcome {
  readonly ok: boolean;
  readonly message: string | null;
  readonly fields: Readonly<Record<string, readonly string[]>>;
  /** The integration it made or changed. */
  readonly integrationId: number | null;
}

/** Outcomes kept, newest last: enough for the forms open at once. */
const OUTCOMES_KEPT = 20;

/** The integration screens' read model: the overview, one integration, the preview of a form, outcomes. */
export interface IntegrationsModel {
  readonly overview: { readonly status: LoadStatus; readonly message: string | null; readonly data: IntegrationsOverview | null };
  readonly summaries: Readonly<Record<string, IntegrationSummary>>;
  readonly detail: { readonly status: LoadStatus; readonly id: number | null; readonly message: string | null; readonly notFound: boolean; readonly data: IntegrationDetail | null };
  readonly preview: { readonly status: LoadStatus; readonly data: PreviewResponse | null; readonly message: string | null; readonly fields: Readonly<Record<string, readonly string[]>> };
  /** The rerun wait's message for an integration, until its next load. */
  readonly syncNotice: { readonly id: number; readonly message: string } | null;
  /** The integration whose "Sync now" is on its way to the server. */
  readonly syncing: number | null;
  /** By the id of the command that made the change. */
  readonly outcomes: Readonly<Record<string, ChangeOutcome>>;
}

export const initialIntegrations: IntegrationsModel = {
  overview: { status: "idle", message: null, data: null },
  summaries: {},
  detail: { status: "idle", id: null, message: null, notFound: false, data: null },
  preview: { status: "idle", data: null, message: null, fields: {} },
  syncNotice: null,
  syncing: null,
  outcomes: {},
};

const withOutcome = (outcomes: IntegrationsModel["outcomes"], commandId: string | undefined, outcome: ChangeOutcome): IntegrationsModel["outcomes"] =>
  commandId ? Object.fromEntries([...Object.entries(outcomes).filter(([id]) => id !== commandId), [commandId, outcome] as const].slice(-OUTCOMES_KEPT)) : outcomes;

export const integrationsReducer: Reducer<IntegrationsModel> = (model, event, envelope) => {
  switch (event._tag) {
    case "IntegrationsLoadStarted":
      return produce(model, (draft) => {
        draft.overview.status = "loading";
        draft.overview.message = null;
      });
    case "IntegrationsLoaded":
      return produce(model, (draft) => {
        draft.overview = castDraft({ status: "loaded", message: null, data: event.overview });
      });
    case "IntegrationsLoadFailed":
      return produce(model, (draft) => {
        draft.overview.status = "error";
        draft.overview.message = event.message;
      });
    case "IntegrationSummariesLoaded":
      return produce(model, (draft) => {
        for (const summary of event.summaries) draft.summaries[summary.name] = summary;
      });
    case "IntegrationLoadStarted":
      return produce(model, (draft) => {
        // Another integration's data is not shown while this one loads; the same one stays until replaced.
        const same = model.detail.id === event.id;
        draft.detail = castDraft({ status: "loading", id: event.id, message: null, notFound: false, data: same ? model.detail.data : null });
      });
    case "IntegrationLoaded":
      return produce(model, (draft) => {
        if (model.detail.id !== null && model.detail.id !== event.integration.id) return;
        draft.detail = castDraft({ status: "loaded", id: event.integration.id, message: null, notFound: false, data: event.integration });
        if (model.syncNotice?.id === event.integration.id && event.integration.rerunAt === null) draft.syncNotice = null;
      });
    case "IntegrationLoadFailed":
      return produce(model, (draft) => {
        if (model.detail.id !== event.id) return;
        draft.detail.status = "error";
        draft.detail.message = event.message;
        draft.detail.notFound = event.notFound;
      });
    case "IntegrationPreviewStarted":
      return produce(model, (draft) => {
        draft.preview = { status: "loading", data: null, message: null, fields: {} };
      });
    case "IntegrationPreviewed":
      return produce(model, (draft) => {
        draft.preview = castDraft({ status: "loaded", data: event.preview, message: null, fields: {} });
      });
    case "IntegrationPreviewFailed":
      return produce(model, (draft) => {
        draft.preview = castDraft({ status: "error", data: null, message: event.message, fields: event.fields });
      });
    case "IntegrationPreviewDiscarded":
      return model.preview.status === "idle" ? model : produce(model, (draft) => void (draft.preview = { status: "idle", data: null, message: null, fields: {} }));
    case "IntegrationSaved":
      return produce(model, (draft) => {
        draft.outcomes = castDraft(withOutcome(model.outcomes, envelope.commandId, { ok: true, message: null, fields: {}, integrationId: event.integration.id }));
        draft.preview = { status: "idle", data: null, message: null, fields: {} };
        if (model.detail.id === event.integration.id || event.created) draft.detail = castDraft({ status: "loaded", id: event.integration.id, message: null, notFound: false, data: event.integration });
      });
    case "IntegrationRemoved":
      return produce(model, (draft) => {
        draft.outcomes = castDraft(withOutcome(model.outcomes, envelope.commandId, { ok: true, message: null, fields: {}, integrationId: event.id }));
        if (draft.overview.data) draft.overview.data.integrations = draft.overview.data.integrations.filter((item) => item.id !== event.id);
        if (model.detail.id === event.id) draft.detail = { status: "idle", id: null, message: null, notFound: false, data: null };
      });
    case "IntegrationSyncStarted":
      return produce(model, (draft) => {
        draft.syncing = event.id;
      });
    case "IntegrationSyncQueued":
      return produce(model, (draft) => {
        draft.syncing = null;
        draft.syncNotice = null;
        if (draft.detail.data && draft.detail.id === event.id) {
          draft.detail.data.runs = castDraft([event.run, ...model.detail.data!.runs]);
          draft.detail.data.lastRun = castDraft(event.run);
        }
      });
    case "IntegrationSyncRefused":
      return produce(model, (draft) => {
        draft.syncing = null;
        draft.syncNotice = { id: event.id, message: event.message };
      });
    case "IntegrationActionFailed":
      return produce(model, (draft) => {
        if (event.action === "SyncIntegration") draft.syncing = null;
        draft.outcomes = castDraft(withOutcome(model.outcomes, envelope.commandId, { ok: false, message: event.message, fields: event.fields, integrationId: null }));
      });
    case "SignedOut":
      return initialIntegrations;
    default:
      return model;
  }
};
