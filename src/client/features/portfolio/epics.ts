import { Schema } from "@effect/schema";
import { Effect } from "effect";
import { concat, concatMap, defer, EMPTY, exhaustMap, filter, groupBy, ignoreElements, map, merge, mergeMap, of, switchMap, take, takeUntil, tap, timer, type Observable } from "rxjs";
import { ReportsResponse } from "../../../contracts/investor-reporting";
import type { DomainEvent } from "../../../contracts/messages";
import { ToastShown } from "../../../contracts/messages/notifications";
import {
  PortfolioClosed,
  PortfolioCompanySelected,
  PortfolioFrameFailed,
  PortfolioFrameLoaded,
  PortfolioFrameNavigated,
  PortfolioFrameRetried,
  PortfolioInstanceRemoved,
  PortfolioInstanceRemoveFailed,
  PortfolioLoaded,
  PortfolioLoadFailed,
  PortfolioLoadStarted,
  PortfolioReportsLoaded,
  PortfolioReportsLoadFailed,
  PortfolioReportsLoadStarted,
  PortfolioTokenSent,
} from "../../../contracts/messages/portfolio";
import { EMBED_MESSAGE, EMBED_NAVIGATE, EMBED_THEME, EmbedGrant, RegisteredInstance } from "../../../contracts/portfolio";
import type { EpicDeps } from "../../app/deps";
import type { AppState } from "../../app/state";
import type { Emitted, Epic } from "../../bus/bus";
import { causedBy, ofCommand, ofEvent } from "../../bus/operators";
import { describeApiError, type ApiError } from "../../effect/errors";
import { fromEffect, outcome$ } from "../../effect/observable";
import type { FramePort } from "./frame-port";

type PortfolioEpic = Epic<AppState, EpicDeps>;

/** A frame that has not signed in by then has failed (the company's app did not start, or never asked for its token). */
export const FRAME_TIMEOUT_MS = 30_000;
export const FRAME_TIMED_OUT = "The company did not open in time. Try again.";

/** A company's own report screen, inside its frame. */
export const companyReportPath = (reportId: number) => `/investor-reporting/${reportId}`;

/**
 * The portfolio's epics, around the port to the company frames (injected: the browser's port in
 * the app, a fake in tests). Tokens travel from the API straight to the frame that asked for
 * one; no event carries a token.
 */
export function portfolioEpics(port: FramePort, options: { frameTimeoutMs?: number } = {}): Record<string, PortfolioEpic> {
  const frameTimeoutMs = options.frameTimeoutMs ?? FRAME_TIMEOUT_MS;

  /** The registered companies; a newer load supersedes a running one. */
  const loadPortfolio: PortfolioEpic = ({ command$ }, deps) =>
    command$.pipe(
      ofCommand("LoadPortfolio"),
      switchMap(({ commandId }) =>
        concat(
          of<DomainEvent>(PortfolioLoadStarted.make({})),
          outcome$(
            deps.api.request({ root: "main", method: "GET", path: "/oauth/instances/", decode: Schema.Array(RegisteredInstance) }),
            (instances): DomainEvent => PortfolioLoaded.make({ instances }),
            (error): DomainEvent => PortfolioLoadFailed.make({ message: describeApiError(error) }),
          ),
        ).pipe(causedBy(commandId)),
      ),
    );

  const selectCompany: PortfolioEpic = ({ command$ }) =>
    command$.pipe(
      ofCommand("SelectPortfolioCompany", "RetryPortfolioFrame", "ClosePortfolio"),
      map(({ command, commandId }): Emitted => ({
        event:
          command._tag === "SelectPortfolioCompany"
            ? PortfolioCompanySelected.make({ instanceId: command.instanceId })
            : command._tag === "RetryPortfolioFrame"
              ? PortfolioFrameRetried.make({ instanceId: command.instanceId })
              : PortfolioClosed.make({}),
        commandId,
      })),
    );

  /**
   * A frame asks for a token (at start, and whenever its session runs out): a new one-minute
   * token goes to that frame only, with the current theme and, before its first sign-in, the
   * report to land on. Per company one request at a time (exhaustMap: a frame asking twice gets one).
   */
  const answerTokenRequests: PortfolioEpic = ({ state$ }, deps) =>
    port.incoming$.pipe(
      filter(({ message }) => message.type === "meridian:embed-token-request"),
      groupBy(({ instanceId }) => instanceId),
      mergeMap((requests$) =>
        requests$.pipe(
          exhaustMap(({ instanceId }) =>
            outcome$(
              deps.api.request({ root: "main", method: "POST", path: "/oauth/authorize/", body: { instance_id: instanceId }, decode: EmbedGrant }),
              (grant): DomainEvent => {
                const state = state$.value;
                const frame = state.portfolio.frames[instanceId];
                const path = frame && frame.status !== "loaded" ? frame.landingPath : null;
                port.post(instanceId, { type: EMBED_MESSAGE, token: grant.token, theme: state.shell.theme, ...(path ? { path } : {}) });
                return PortfolioTokenSent.make({ instanceId });
              },
              (error: ApiError): DomainEvent => PortfolioFrameFailed.make({ instanceId, message: describeApiError(error), notAuthorized: error._tag === "Forbidden" }),
            ),
          ),
        ),
      ),
      map((event): Emitted => ({ event })),
    );

  /** A frame is signed in (or moved on); a report asked for while it was signing in is shown now. */
  const frameReady: PortfolioEpic = ({ state$ }) =>
    port.incoming$.pipe(
      mergeMap(({ instanceId, message }): Observable<Emitted> => {
        if (message.type !== "meridian:embed-ready") return EMPTY;
        const landing = state$.value.portfolio.frames[instanceId]?.landingPath ?? null;
        return concat(
          of<Emitted>({ event: PortfolioFrameLoaded.make({ instanceId, path: message.path }) }),
          defer(() => {
            if (landing && landing !== message.path) port.post(instanceId, { type: EMBED_NAVIGATE, path: landing });
            return EMPTY;
          }),
        );
      }),
    );

  /** A received report opens in its company's frame: at once when the frame is in, else once it is. */
  const openReport: PortfolioEpic = ({ command$, state$ }) =>
    command$.pipe(
      ofCommand("OpenPortfolioReport"),
      mergeMap(({ command, commandId }) => {
        const path = companyReportPath(command.reportId);
        if (state$.value.portfolio.frames[command.instanceId]?.status === "loaded") port.post(command.instanceId, { type: EMBED_NAVIGATE, path });
        return of<DomainEvent[]>([PortfolioCompanySelected.make({ instanceId: command.instanceId }), PortfolioFrameNavigated.make({ instanceId: command.instanceId, path })]).pipe(
          mergeMap((events) => events),
          causedBy(commandId),
        );
      }),
    );

  /** A frame still loading after the timeout has failed (with a retry); a newer start of the same frame restarts the wait. */
  const frameWatchdog: PortfolioEpic = ({ event$, state$ }) =>
    event$.pipe(
      ofEvent("PortfolioCompanySelected", "PortfolioFrameRetried"),
      map((envelope) => ({ instanceId: envelope.payload.instanceId, generation: state$.value.portfolio.frames[envelope.payload.instanceId]?.generation ?? 0 })),
      filter(({ instanceId }) => state$.value.portfolio.frames[instanceId]?.status === "loading"),
      groupBy(({ instanceId }) => instanceId),
      mergeMap((starts$) =>
        starts$.pipe(
          switchMap(({ instanceId, generation }) => {
            const settled$ = event$.pipe(
              ofEvent("PortfolioFrameLoaded", "PortfolioFrameFailed"),
              filter((envelope) => envelope.payload.instanceId === instanceId),
            );
            return timer(frameTimeoutMs).pipe(
              takeUntil(settled$),
              filter(() => {
                const frame = state$.value.portfolio.frames[instanceId];
                return frame?.status === "loading" && frame.generation === generation;
              }),
              map((): Emitted => ({ event: PortfolioFrameFailed.make({ instanceId, message: FRAME_TIMED_OUT, notAuthorized: false }) })),
            );
          }),
        ),
      ),
    );

  /** The parent's theme changes: every open frame follows. */
  const themeToFrames: PortfolioEpic = ({ event$ }) =>
    event$.pipe(
      ofEvent("ThemeChanged"),
      tap((envelope) => port.postAll({ type: EMBED_THEME, theme: envelope.payload.theme })),
      ignoreElements(),
    );

  /**
   * Reports received: each authorized company's reports shared with the instance's user there,
   * read through the portfolio proxy, a few companies at a time; each company answers on its own.
   */
  const loadReports: PortfolioEpic = ({ command$, state$ }, deps) =>
    command$.pipe(
      ofCommand("LoadPortfolioReports"),
      switchMap(({ commandId }) =>
        state$.pipe(
          filter((state) => state.portfolio.instances.status === "loaded"),
          take(1),
          mergeMap((state) => {
            const ids = state.portfolio.instances.list.filter((instance) => instance.authorization_state === "authorized").map((instance) => instance.id);
            const one = (instanceId: number) =>
              outcome$(
                deps.api.request({
                  root: "main",
                  method: "POST",
                  path: `/portfolios/${instanceId}/proxy/`,
                  body: { method: "GET", endpoint: "/investor-reporting/reports/", service: "main", payload: {} },
                  // Not retried: a 429 would wait out the minute's budget before the person sees anything.
                  decode: ReportsResponse,
                }),
                (answer): DomainEvent => PortfolioReportsLoaded.make({ instanceId, reports: answer.reports }),
                (error): DomainEvent => PortfolioReportsLoadFailed.make({ instanceId, message: describeApiError(error) }),
              );
            return concat(of<DomainEvent>(PortfolioReportsLoadStarted.make({ instanceIds: ids })), merge(...ids.map(one), 3));
          }),
          causedBy(commandId),
        ),
      ),
    );

  /** Removing a registered company (multi-instance linking): in order, each outcome a toast. */
  const removeInstance: PortfolioEpic = ({ command$ }, deps) =>
    command$.pipe(
      ofCommand("RemovePortfolioInstance"),
      concatMap(({ command, commandId }) => {
        const toast = (tone: "success" | "error", text: string): DomainEvent => ToastShown.make({ id: deps.ids(), tone, text, action: null });
        return fromEffect(
          deps.api.request({ root: "main", method: "DELETE", path: `/oauth/instances/${command.instanceId}/` }).pipe(
            Effect.match({
              onSuccess: (): DomainEvent[] => [PortfolioInstanceRemoved.make({ instanceId: command.instanceId }), toast("success", `Removed “${command.name}” from your portfolio.`)],
              onFailure: (error): DomainEvent[] => {
                const message = describeApiError(error);
                return [PortfolioInstanceRemoveFailed.make({ instanceId: command.instanceId, message }), toast("error", `“${command.name}” was not removed: ${message}`)];
              },
            }),
          ),
        ).pipe(
          mergeMap((events) => events),
          causedBy(commandId),
        );
      }),
    );

  return { loadPortfolio, selectCompany, answerTokenRequests, frameReady, openReport, frameWatchdog, themeToFrames, loadReports, removeInstance };
}
