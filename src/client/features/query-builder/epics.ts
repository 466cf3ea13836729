import { Schema } from "@effect/schema";
import { concat, concatMap, filter, map, of, switchMap } from "rxjs";
import type { DomainEvent } from "../../../contracts/messages";
import {
  QbColumnsLoaded,
  QbColumnsLoadFailed,
  QueriesLoaded,
  QueriesLoadFailed,
  QueriesLoadStarted,
  QueryActionFailed,
  QueryLoaded,
  QueryLoadFailed,
  QueryLoadStarted,
  QueryRan,
  QueryRemoved,
  QueryRunFailed,
  QueryRunStarted,
  QuerySaved,
  QueryStatusChanged,
} from "../../../contracts/messages/query-builder";
import { Activated, QbColumns, QueryDetail, QueryList, RunResult, SavedQuery } from "../../../contracts/query-builder";
import type { EpicDeps } from "../../app/deps";
import type { AppState } from "../../app/state";
import type { Emitted, Epic } from "../../bus/bus";
import { causedBy, ofCommand, ofEvent } from "../../bus/operators";
import { describeApiError, fieldMessagesOf, type ApiError } from "../../effect/errors";
import { outcome$ } from "../../effect/observable";

type QueryBuilderEpic = Epic<AppState, EpicDeps>;

/** How long a run may take to answer: the server stops user SQL after 5 s, a first run on the embedded database also starts its sandbox. */
const RUN_TIMEOUT_MS = 60_000;

const failed = (action: string) => (error: ApiError): DomainEvent => QueryActionFailed.make({ action, message: describeApiError(error), fields: fieldMessagesOf(error) });

export const loadQueries: QueryBuilderEpic = ({ command$ }, deps) =>
  command$.pipe(
    ofCommand("LoadQueries"),
    switchMap(({ commandId }) =>
      concat(
        of(QueriesLoadStarted.make({})),
        outcome$(
          deps.api.request({ root: "main", method: "GET", path: "/qb/queries/", decode: QueryList }),
          (answer): DomainEvent => QueriesLoaded.make({ queries: answer.queries }),
          (error): DomainEvent => QueriesLoadFailed.make({ message: describeApiError(error) }),
        ),
      ).pipe(causedBy(commandId)),
    ),
  );

export const loadQuery: QueryBuilderEpic = ({ command$ }, deps) =>
  command$.pipe(
    ofCommand("LoadQuery"),
    switchMap(({ command, commandId }) =>
      concat(
        of(QueryLoadStarted.make({ queryId: command.queryId })),
        outcome$(
          deps.api.request({ root: "main", method: "GET", path: `/qb/query/${command.queryId}/`, decode: QueryDetail }),
          (query): DomainEvent => QueryLoaded.make({ query }),
          (error): DomainEvent => QueryLoadFailed.make({ queryId: command.queryId, message: describeApiError(error), notFound: error._tag === "NotFound" }),
        ),
      ).pipe(causedBy(commandId)),
    ),
  );

export const loadColumns: QueryBuilderEpic = ({ command$ }, deps) =>
  command$.pipe(
    ofCommand("LoadQbColumns"),
    switchMap(({ commandId }) =>
      outcome$(
        deps.api.request({ root: "main", method: "GET", path: "/qb/columns/", decode: QbColumns }),
        (answer): DomainEvent => QbColumnsLoaded.make({ views: answer.views }),
        (error): DomainEvent => QbColumnsLoadFailed.make({ message: describeApiError(error) }),
      ).pipe(causedBy(commandId)),
    ),
  );

/**
 * A preview: a newer run supersedes a running one (switchMap). A refusal carries the spec's
 * text ('There was a problem running the query…' or "The query's syntax is incorrect.") and the
 * reasons the server gave.
 */
export const runQuery: QueryBuilderEpic = ({ command$ }, deps) =>
  command$.pipe(
    ofCommand("RunQuery"),
    switchMap(({ command, commandId }) =>
      concat(
        of(QueryRunStarted.make({})),
        outcome$(
          deps.api.request({ root: "main", method: "POST", path: "/qb/run/", body: { sql: command.sql, ...(command.kpiId === null ? {} : { kpi: command.kpiId }) }, decode: RunResult, timeoutMs: RUN_TIMEOUT_MS }),
          (result): DomainEvent => QueryRan.make({ result }),
          (error): DomainEvent => runFailure(error),
        ),
      ).pipe(causedBy(commandId)),
    ),
  );

function runFailure(error: ApiError): DomainEvent {
  const fields = fieldMessagesOf(error);
  const detail = fields["detail"]?.[0];
  const reasons = [...(fields["sql"] ?? []), ...(fields["kpi"] ?? [])];
  if (detail) return QueryRunFailed.make({ message: detail, reasons });
  if (reasons.length) return QueryRunFailed.make({ message: reasons[0]!, reasons: reasons.slice(1) });
  return QueryRunFailed.make({ message: describeApiError(error), reasons: [] });
}

/** Changes keep their order (concatMap); the editor that sent one reads its outcome (model outcomes). */
export const changeQueries: QueryBuilderEpic = ({ command$ }, deps) =>
  command$.pipe(
    ofCommand("SaveQuery", "ActivateQuery", "DeactivateQuery", "DeleteQuery"),
    concatMap(({ command, commandId }) => {
      switch (command._tag) {
        case "SaveQuery": {
          const body = { title: command.title, kpi: command.kpiId, sql: command.sql };
          const request =
            command.queryId === null
              ? deps.api.request({ root: "main", method: "POST", path: "/qb/query/", body, decode: SavedQuery, timeoutMs: RUN_TIMEOUT_MS })
              : deps.api.request({ root: "main", method: "PUT", path: `/qb/query/${command.queryId}/`, body, decode: SavedQuery, timeoutMs: RUN_TIMEOUT_MS });
          return outcome$(
            request,
            (answer): DomainEvent => QuerySaved.make({ query: answer.query, warning: answer.warning, created: command.queryId === null }),
            failed("SaveQuery"),
          ).pipe(causedBy(commandId));
        }
        case "ActivateQuery":
          return outcome$(
            deps.api.request({ root: "main", method: "POST", path: `/qb/query/${command.queryId}/activate/`, decode: Activated, timeoutMs: RUN_TIMEOUT_MS }),
            (answer): DomainEvent => QueryStatusChanged.make({ query: answer.query, months: answer.months }),
            failed("ActivateQuery"),
          ).pipe(causedBy(commandId));
        case "DeactivateQuery":
          return outcome$(
            deps.api.request({ root: "main", method: "POST", path: `/qb/query/${command.queryId}/deactivate/`, body: { values: command.values }, decode: QueryDetail }),
            (query): DomainEvent => QueryStatusChanged.make({ query, months: null }),
            failed("DeactivateQuery"),
          ).pipe(causedBy(commandId));
        case "DeleteQuery":
          return outcome$(
            deps.api.request({ root: "main", method: "DELETE", path: `/qb/query/${command.queryId}/`, decode: Schema.Unknown }),
            (): DomainEvent => QueryRemoved.make({ queryId: command.queryId }),
            failed("DeleteQuery"),
          ).pipe(causedBy(commandId));
      }
    }),
  );

/** Server event types of the query builder: another builder's change reloads an open overview. */
const QUERY_CHANGES = new Set(["QueryCreated", "QueryChanged", "QueryDeleted", "QueryActivated", "QueryDeactivated", "QueryValuesCalculated"]);

export const queriesChangedElsewhere: QueryBuilderEpic = ({ event$, state$ }, deps) =>
  event$.pipe(
    ofEvent("ServerEventReceived"),
    filter((envelope) => QUERY_CHANGES.has(envelope.payload.type) && state$.value.queryBuilder.list.status === "loaded"),
    switchMap(() =>
      outcome$(
        deps.api.request({ root: "main", method: "GET", path: "/qb/queries/", decode: QueryList }),
        (answer): DomainEvent => QueriesLoaded.make({ queries: answer.queries }),
        (error): DomainEvent => QueriesLoadFailed.make({ message: describeApiError(error) }),
      ).pipe(map((event): Emitted => ({ event, origin: "remote" }))),
    ),
  );

export const queryBuilderEpics = { loadQueries, loadQuery, loadColumns, runQuery, changeQueries, queriesChangedElsewhere };
