import { Schema } from "@effect/schema";
import { Effect } from "effect";
import { concat, concatMap, exhaustMap, filter, map, of, switchMap } from "rxjs";
import { Holding, HoldingLinkCode, HoldingRates, HoldingRequest, HoldingRollup } from "../../../contracts/holding";
import type { DomainEvent } from "../../../contracts/messages";
import {
  HoldingDecisionFailed,
  HoldingDecisionSaved,
  HoldingDecisionStarted,
  HoldingLinkCodeFailed,
  HoldingLinkCodeReceived,
  HoldingLinkCodeStarted,
  HoldingRatesLoaded,
  HoldingRatesLoadFailed,
  HoldingRatesLoadStarted,
  HoldingRateSaved,
  HoldingRateSaveFailed,
  HoldingRateSaveStarted,
  HoldingRequestsLoaded,
  HoldingRequestsLoadFailed,
  HoldingRequestsLoadStarted,
  HoldingRollupLoaded,
  HoldingRollupLoadFailed,
  HoldingRollupLoadStarted,
  HoldingsChangedElsewhere,
  HoldingsLoaded,
  HoldingsLoadFailed,
  HoldingsLoadStarted,
  SubsidiaryAddFailed,
  SubsidiaryAdded,
  SubsidiaryAddStarted,
  SubsidiaryRemoved,
  SubsidiaryRemoveFailed,
  SubsidiaryRemoveStarted,
} from "../../../contracts/messages/holding";
import type { EpicDeps } from "../../app/deps";
import type { AppState } from "../../app/state";
import type { Emitted, Epic } from "../../bus/bus";
import { causedBy, ofCommand, ofEvent } from "../../bus/operators";
import { describeApiError, fieldMessagesOf, type ApiError } from "../../effect/errors";
import { fromEffect, outcome$ } from "../../effect/observable";
import { rollupParams } from "./model";

type HoldingEpic = Epic<AppState, EpicDeps>;

const HoldingList = Schema.Array(Holding);
const RequestList = Schema.Array(HoldingRequest);

/** A field's own message (the spec's 'There was a problem adding this reporting company'), else the general one. */
const messageOf = (error: ApiError, field: string) => fieldMessagesOf(error)[field]?.[0] ?? describeApiError(error);

export const loadHoldings: HoldingEpic = ({ command$ }, deps) =>
  command$.pipe(
    ofCommand("LoadHoldings"),
    switchMap(({ commandId }) =>
      concat(
        of<DomainEvent>(HoldingsLoadStarted.make({})),
        outcome$(
          deps.api.request({ root: "main", method: "GET", path: "/holdings/", decode: HoldingList, idempotent: true }),
          (holdings): DomainEvent => HoldingsLoaded.make({ holdings }),
          (error): DomainEvent => HoldingsLoadFailed.make({ message: describeApiError(error) }),
        ),
      ).pipe(causedBy(commandId)),
    ),
  );

/** One add at a time: a second press while the first is on its way is the same request. */
export const addSubsidiary: HoldingEpic = ({ command$ }, deps) =>
  command$.pipe(
    ofCommand("AddSubsidiary"),
    exhaustMap(({ command, commandId }) =>
      concat(
        of<DomainEvent>(SubsidiaryAddStarted.make({})),
        outcome$(
          deps.api.request({ root: "main", method: "POST", path: "/holdings/", body: { code: command.code.trim() }, decode: Holding }),
          (holding): DomainEvent => SubsidiaryAdded.make({ holding }),
          (error): DomainEvent => SubsidiaryAddFailed.make({ message: messageOf(error, "code") }),
        ),
      ).pipe(causedBy(commandId)),
    ),
  );

export const removeSubsidiary: HoldingEpic = ({ command$ }, deps) =>
  command$.pipe(
    ofCommand("RemoveSubsidiary"),
    concatMap(({ command, commandId }) =>
      concat(
        of<DomainEvent>(SubsidiaryRemoveStarted.make({ id: command.id })),
        outcome$(
          deps.api.request({ root: "main", method: "DELETE", path: `/holdings/${command.id}/` }),
          (): DomainEvent => SubsidiaryRemoved.make({ id: command.id, name: command.name }),
          (error): DomainEvent => SubsidiaryRemoveFailed.make({ id: command.id, message: describeApiError(error) }),
        ),
      ).pipe(causedBy(commandId)),
    ),
  );

/** A newer period supersedes the roll-up on its way (switchMap). */
export const loadRollup: HoldingEpic = ({ command$ }, deps) =>
  command$.pipe(
    ofCommand("LoadHoldingRollup"),
    switchMap(({ command, commandId }) => {
      const params = rollupParams(command.period, command.from, command.to);
      const query = command.period === "ytd" ? { period: "ytd" } : { from: command.from ?? undefined, to: command.to ?? undefined };
      return concat(
        of<DomainEvent>(HoldingRollupLoadStarted.make({ params })),
        outcome$(
          deps.api.request({ root: "main", method: "GET", path: "/holdings/rollup/", query, decode: HoldingRollup, idempotent: true }),
          (rollup): DomainEvent => HoldingRollupLoaded.make({ params, rollup }),
          (error): DomainEvent => HoldingRollupLoadFailed.make({ params, message: Object.values(fieldMessagesOf(error))[0]?.[0] ?? describeApiError(error) }),
        ),
      ).pipe(causedBy(commandId));
    }),
  );

export const loadRequests: HoldingEpic = ({ command$ }, deps) =>
  command$.pipe(
    ofCommand("LoadHoldingRequests"),
    switchMap(({ commandId }) =>
      concat(
        of<DomainEvent>(HoldingRequestsLoadStarted.make({})),
        outcome$(
          deps.api.request({ root: "main", method: "GET", path: "/company/holdings/", decode: RequestList, idempotent: true }),
          (requests): DomainEvent => HoldingRequestsLoaded.make({ requests }),
          (error): DomainEvent => HoldingRequestsLoadFailed.make({ message: describeApiError(error) }),
        ),
      ).pipe(causedBy(commandId)),
    ),
  );

export const issueLinkCode: HoldingEpic = ({ command$ }, deps) =>
  command$.pipe(
    ofCommand("IssueHoldingLinkCode"),
    exhaustMap(({ commandId }) =>
      concat(
        of<DomainEvent>(HoldingLinkCodeStarted.make({})),
        outcome$(
          deps.api.request({ root: "main", method: "POST", path: "/company/holdings/link-code/", decode: HoldingLinkCode }),
          (answer): DomainEvent => HoldingLinkCodeReceived.make({ code: answer.code, expiresAt: answer.expires_at }),
          (error): DomainEvent => HoldingLinkCodeFailed.make({ message: describeApiError(error) }),
        ),
      ).pipe(causedBy(commandId)),
    ),
  );

/** Decisions go in the order given (an authorize then a deny must arrive in that order). */
export const decideRequest: HoldingEpic = ({ command$ }, deps) =>
  command$.pipe(
    ofCommand("DecideHoldingRequest"),
    concatMap(({ command, commandId }) =>
      concat(
        of<DomainEvent>(HoldingDecisionStarted.make({ id: command.id })),
        fromEffect(
          deps.api.request({ root: "main", method: "POST", path: `/company/holdings/${command.id}/decision/`, body: { state: command.state }, decode: HoldingRequest }).pipe(
            Effect.match({
              onSuccess: (request): DomainEvent => HoldingDecisionSaved.make({ request }),
              onFailure: (error): DomainEvent => HoldingDecisionFailed.make({ id: command.id, message: describeApiError(error) }),
            }),
          ),
        ),
      ).pipe(causedBy(commandId)),
    ),
  );

export const loadRates: HoldingEpic = ({ command$ }, deps) =>
  command$.pipe(
    ofCommand("LoadHoldingRates"),
    switchMap(({ commandId }) =>
      concat(
        of<DomainEvent>(HoldingRatesLoadStarted.make({})),
        outcome$(
          deps.api.request({ root: "main", method: "GET", path: "/holdings/rates/", decode: HoldingRates, idempotent: true }),
          (rates): DomainEvent => HoldingRatesLoaded.make({ rates }),
          (error): DomainEvent => HoldingRatesLoadFailed.make({ message: describeApiError(error) }),
        ),
      ).pipe(causedBy(commandId)),
    ),
  );

/** Rates are saved in the order given (concatMap): the last one entered for a month stands. */
export const saveRate: HoldingEpic = ({ command$ }, deps) =>
  command$.pipe(
    ofCommand("SaveHoldingRate"),
    concatMap(({ command, commandId }) =>
      concat(
        of<DomainEvent>(HoldingRateSaveStarted.make({})),
        outcome$(
          deps.api.request({ root: "main", method: "PUT", path: "/holdings/rates/", body: { rates: [command.rate] }, decode: HoldingRates }),
          (rates): DomainEvent => HoldingRateSaved.make({ rate: command.rate, rates }),
          (error): DomainEvent => HoldingRateSaveFailed.make({ message: describeApiError(error), fields: fieldMessagesOf(error) }),
        ),
      ).pipe(causedBy(commandId)),
    ),
  );

/** The server's events of the holding relationship, on either side. */
export const HOLDING_CHANGES: ReadonlySet<string> = new Set([
  "SubsidiaryRequested",
  "SubsidiaryAuthorizationChanged",
  "SubsidiaryRemoved",
  "HoldingRatesSaved",
  "HoldingRequestReceived",
  "HoldingRequestDecided",
  "HoldingLinkRemoved",
]);

/** A change made elsewhere (the subsidiary decided, another administrator): open screens load again. */
export const holdingsChangedElsewhere: HoldingEpic = ({ event$ }) =>
  event$.pipe(
    ofEvent("ServerEventReceived"),
    filter((envelope) => HOLDING_CHANGES.has(envelope.payload.type)),
    map((envelope): Emitted => ({ event: HoldingsChangedElsewhere.make({ change: envelope.payload.type }), origin: "remote" })),
  );

export const holdingEpics = { loadHoldings, addSubsidiary, removeSubsidiary, loadRollup, loadRequests, issueLinkCode, decideRequest, loadRates, saveRate, holdingsChangedElsewhere };

