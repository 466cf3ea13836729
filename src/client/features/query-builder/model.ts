import { castDraft, produce } from "immer";
import type { QbView, QueryDetail, QuerySummary, RunResult } from "../../../contracts/query-builder";
import type { Reducer } from "../../bus/store";

type LoadStatus = "idle" | "loading" | "loaded" | "error";

/** How one change (save, activate, deactivate, delete) ended: the editor that sent it reads it here. */
export interface QueryOutcome {
  readonly ok: boolean;
  readonly message: string | null;
  readonly fields: Readonly<Record<string, readonly string[]>>;
  /** A save whose calculation failed: saved, with this warning. */
  readonly warning: string | null;
  /** The query a successful change answered (a new query's id). */
  readonly queryId: number | null;
}

/** Outcomes kept, newest last: enough for the editor open at once, without growing over a session. */
const OUTCOMES_KEPT = 20;

/** The query builder: the overview, the open query, the column list, the last preview and how changes ended. */
export interface QueryBuilderModel {
  readonly list: { readonly status: LoadStatus; readonly message: string | null; readonly queries: readonly QuerySummary[] };
  /** The query open in the editor. */
  readonly current: { readonly status: LoadStatus; readonly message: string | null; readonly notFound: boolean; readonly queryId: number | null; readonly query: QueryDetail | null };
  readonly columns: { readonly status: LoadStatus; readonly message: string | null; readonly views: readonly QbView[] };
  readonly run: { readonly status: "idle" | "running" | "done" | "error"; readonly message: string | null; readonly reasons: readonly string[]; readonly result: RunResult | null };
  /** By the id of the command that made the change. */
  readonly outcomes: Readonly<Record<string, QueryOutcome>>;
}

export const initialQueryBuilder: QueryBuilderModel = {
  list: { status: "idle", message: null, queries: [] },
  current: { status: "idle", message: null, notFound: false, queryId: null, query: null },
  columns: { status: "idle", message: null, views: [] },
  run: { status: "idle", message: null, reasons: [], result: null },
  outcomes: {},
};

const withOutcome = (outcomes: QueryBuilderModel["outcomes"], commandId: string | undefined, outcome: QueryOutcome): QueryBuilderModel["outcomes"] =>
  commandId ? Object.fromEntries([...Object.entries(outcomes).filter(([id]) => id !== commandId), [commandId, outcome] as const].slice(-OUTCOMES_KEPT)) : outcomes;

const succeeded = (queryId: number | null, warning: string | null = null): QueryOutcome => ({ ok: true, message: null, fields: {}, warning, queryId });

/** A summary row of a query as the overview shows it (the detail without its SQL). */
const summaryOf = ({ sql: _sql, ...summary }: QueryDetail): QuerySummary => summary;

/** The overview with this query in it (replaced, or first when new). */
const upsert = (queries: readonly QuerySummary[], query: QueryDetail) =>
  queries.some((candidate) => candidate.id === query.id) ? queries.map((candidate) => (candidate.id === query.id ? summaryOf(query) : candidate)) : [summaryOf(query), ...queries];

export const queryBuilderReducer: Reducer<QueryBuilderModel> = (model, event, envelope) => {
  switch (event._tag) {
    case "QueriesLoadStarted":
      return produce(model, (draft) => {
        draft.list.status = model.list.status === "loaded" ? "loaded" : "loading";
        draft.list.message = null;
      });
    case "QueriesLoaded":
      return produce(model, (draft) => {
        draft.list = castDraft({ status: "loaded" as const, message: null, queries: event.queries });
      });
    case "QueriesLoadFailed":
      return produce(model, (draft) => {
        draft.list.status = "error";
        draft.list.message = event.message;
      });
    case "QueryLoadStarted":
      return produce(model, (draft) => {
        const same = model.current.queryId === event.queryId && model.current.query !== null;
        draft.current = castDraft({ status: same ? ("loaded" as const) : ("loading" as const), message: null, notFound: false, queryId: event.queryId, query: same ? model.current.query : null });
        if (!same) draft.run = castDraft(initialQueryBuilder.run);
      });
    case "QueryLoaded":
      return produce(model, (draft) => {
        if (model.current.queryId !== event.query.id) return;
        draft.current = castDraft({ status: "loaded" as const, message: null, notFound: false, queryId: event.query.id, query: event.query });
      });
    case "QueryLoadFailed":
      return produce(model, (draft) => {
        if (model.current.queryId !== event.queryId) return;
        draft.current.status = "error";
        draft.current.message = event.message;
        draft.current.notFound = event.notFound;
      });
    case "QbColumnsLoaded":
      return produce(model, (draft) => {
        draft.columns = castDraft({ status: "loaded" as const, message: null, views: event.views });
      });
    case "QbColumnsLoadFailed":
      return produce(model, (draft) => {
        draft.columns.status = "error";
        draft.columns.message = event.message;
      });
    case "QuerySaved":
      return produce(model, (draft) => {
        draft.list.queries = castDraft(upsert(model.list.queries, event.query));
        if (event.created || model.current.queryId === event.query.id) draft.current = castDraft({ status: "loaded" as const, message: null, notFound: false, queryId: event.query.id, query: event.query });
        draft.outcomes = castDraft(withOutcome(model.outcomes, envelope.commandId, succeeded(event.query.id, event.warning)));
      });
    case "QueryStatusChanged":
      return produce(model, (draft) => {
        draft.list.queries = castDraft(upsert(model.list.queries, event.query));
        if (model.current.queryId === event.query.id) draft.current.query = castDraft(event.query);
        draft.outcomes = castDraft(withOutcome(model.outcomes, envelope.commandId, succeeded(event.query.id)));
      });
    case "QueryRemoved":
      return produce(model, (draft) => {
        // The open editor stays as it was until it leaves for the overview.
        draft.list.queries = castDraft(model.list.queries.filter((query) => query.id !== event.queryId));
        draft.outcomes = castDraft(withOutcome(model.outcomes, envelope.commandId, succeeded(event.queryId)));
      });
    case "QueryActionFailed":
      return produce(model, (draft) => {
        draft.outcomes = castDraft(withOutcome(model.outcomes, envelope.commandId, { ok: false, message: event.message, fields: event.fields, warning: null, queryId: null }));
      });
    case "QueryRunStarted":
      return produce(model, (draft) => {
        draft.run.status = "running";
        draft.run.message = null;
        draft.run.reasons = [];
      });
    case "QueryRan":
      return produce(model, (draft) => {
        draft.run = castDraft({ status: "done" as const, message: null, reasons: [], result: event.result });
      });
    case "QueryRunFailed":
      return produce(model, (draft) => {
        draft.run = castDraft({ status: "error" as const, message: event.message, reasons: event.reasons, result: null });
      });
    case "SignedOut":
      return initialQueryBuilder;
    default:
      return model;
  }
};
