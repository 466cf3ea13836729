import { Effect, Either } from "effect";
import { concat, defer, EMPTY, exhaustMap, filter, fromEventPattern, map, mergeMap, of, switchMap, type Observable } from "rxjs";
import { Schema } from "@effect/schema";
import { Company, Menu, SessionTokens, UserProfile } from "../../../contracts/auth";
import { SecondFactorRequired } from "../../../contracts/messages/account";
import { SecondFactorChallenge } from "../../../contracts/two-factor";
import type { DomainEvent } from "../../../contracts/messages";
import {
  SessionAbsent,
  SessionExtended,
  SessionLoaded,
  SessionLoadFailed,
  SessionLoadStarted,
  SessionRestored,
  SignedOut,
  SignInFailed,
  SignInRequired,
  SignInStarted,
  SignInSucceeded,
} from "../../../contracts/messages/session";
import type { AppState } from "../../app/state";
import { STORAGE_KEYS, type EpicDeps } from "../../app/deps";
import type { Epic, Emitted } from "../../bus/bus";
import { causedBy, ofCommand } from "../../bus/operators";
import { describeApiError, fieldMessagesOf } from "../../effect/errors";
import { fromEffect } from "../../effect/observable";
import type { SessionTimes, TokenKeeper } from "../../effect/token-keeper";

type SessionEpic = Epic<AppState, EpicDeps>;

/** Profile, menu and company, together. */
export function loadSession(deps: EpicDeps): Observable<DomainEvent> {
  const load = Effect.all(
    [
      deps.api.request({ root: "main", method: "GET", path: "/auth/users/me/", decode: UserProfile }),
      deps.api.request({ root: "main", method: "GET", path: "/menu/", decode: Menu }),
      deps.api.request({ root: "main", method: "GET", path: "/company/", decode: Company }),
    ],
    { concurrency: 3 },
  ).pipe(
    Effect.match({
      onSuccess: ([profile, menu, company]): DomainEvent => SessionLoaded.make({ profile, menu, company }),
      onFailure: (error): DomainEvent => SessionLoadFailed.make({ message: describeApiError(error) }),
    }),
  );
  return concat(of(SessionLoadStarted.make({})), fromEffect(load));
}

const iso = (ms: number) => new Date(ms).toISOString();

const SignInAnswer = Schema.Union(SessionTokens, SecondFactorChallenge);

/** Tokens in hand: keep them, record the sign-in, load the session. */
export function signedIn(deps: EpicDeps, email: string, tokens: SessionTokens): Observable<DomainEvent> {
  const session = deps.api.startSession(tokens);
  return concat(of(SignInSucceeded.make({ email, refreshExpiresAt: iso(session.refreshExpiresAt) })), loadSession(deps));
}

/** Sign-in with e-mail and password; a second submit while one runs is ignored. */
export const signIn: SessionEpic = ({ command$ }, deps) =>
  command$.pipe(
    ofCommand("SignIn"),
    exhaustMap(({ command, commandId }) => {
      const request = deps.api
        .request({ root: "auth", method: "POST", path: "/auth/token/", body: { email: command.email, password: command.password }, decode: SignInAnswer, authenticated: false })
        .pipe(Effect.either);
      return concat(
        of(SignInStarted.make({ email: command.email })),
        fromEffect(request).pipe(
          mergeMap((result): Observable<DomainEvent> => {
            if (Either.isLeft(result)) {
              return of(SignInFailed.make({ message: describeApiError(result.left), fields: fieldMessagesOf(result.left) }));
            }
            if ("ephemeral_token" in result.right) {
              // The password was right; the authenticator code completes the sign-in.
              deps.challenge.set(result.right.ephemeral_token);
              deps.navigate("/login/mfa", { replace: true });
              return of(SecondFactorRequired.make({ email: command.email }));
            }
            return signedIn(deps, command.email, result.right);
          }),
        ),
      ).pipe(causedBy(commandId));
    }),
  );

/** On start: a live refresh cookie restores the session without signing in again. */
export const restoreSession: SessionEpic = ({ command$ }, deps) =>
  command$.pipe(
    ofCommand("RestoreSession"),
    switchMap(({ commandId }) =>
      fromEffect(Effect.either(deps.api.refresh(null))).pipe(
        mergeMap((result): Observable<DomainEvent> =>
          Either.isRight(result)
            ? concat(of(SessionRestored.make({ refreshExpiresAt: iso(result.right.refreshExpiresAt) })), loadSession(deps))
            : of(SessionAbsent.make({})),
        ),
        causedBy(commandId),
      ),
    ),
  );

export const reloadSession: SessionEpic = ({ command$ }, deps) =>
  command$.pipe(
    ofCommand("LoadSession"),
    switchMap(({ commandId }) => loadSession(deps).pipe(causedBy(commandId))),
  );

/** Activity renews the session (the refresh token's idle lifetime starts again). */
export const extendSession: SessionEpic = ({ command$ }, deps) =>
  command$.pipe(
    ofCommand("ExtendSession"),
    exhaustMap(({ commandId }) =>
      fromEffect(Effect.either(deps.api.refresh(deps.tokens.current()?.access ?? null))).pipe(
        mergeMap((result) => (Either.isRight(result) ? of(SessionExtended.make({ refreshExpiresAt: iso(result.right.refreshExpiresAt) })) : EMPTY)),
        causedBy(commandId),
      ),
    ),
  );

/** Logout: end the server session, clear what this browser keeps, go to /login. */
export const signOut: SessionEpic = ({ command$ }, deps) =>
  command$.pipe(
    ofCommand("SignOut"),
    exhaustMap(({ command, commandId }) =>
      concat(
        // A frame's session has no cookie of its own: logging out there must not end the parent's.
        deps.embed ? EMPTY : fromEffect(Effect.either(deps.api.request({ root: "main", method: "POST", path: "/auth/logout/", authenticated: false }))).pipe(mergeMap(() => EMPTY)),
        of(SignedOut.make({ reason: command.reason })),
        defer(() => {
          deps.tokens.clear("signed-out");
          deps.storage.remove(STORAGE_KEYS.fxRate);
          deps.navigate("/login", { replace: true });
          return EMPTY;
        }),
      ).pipe(causedBy(commandId)),
    ),
  );

/**
 * The session ended elsewhere: a refresh failed (this tab or another), or another tab signed
 * out. Ignored when this tab already knows it is signed out.
 */
export const sessionEndedElsewhere: SessionEpic = ({ state$ }, deps) =>
  tokenChanges(deps.tokens).pipe(
    filter(([session, reason]) => !session && reason !== undefined && state$.value.session.stage !== "anonymous"),
    mergeMap(([, reason]): Observable<Emitted> => {
      deps.navigate("/login", { replace: true });
      return of({ event: SignedOut.make({ reason: reason === "refresh-failed" ? "refresh-failed" : "other-tab" }) });
    }),
  );

/** The guard sent a signed-out visitor to /login: remember where they wanted to go. */
export const requireSignIn: SessionEpic = ({ command$ }, deps) =>
  command$.pipe(
    ofCommand("RequireSignIn"),
    mergeMap(({ command, commandId }) => {
      deps.navigate("/login", { replace: true });
      return of({ event: SignInRequired.make({ returnTo: command.returnTo }), commandId });
    }),
  );

function tokenChanges(tokens: TokenKeeper) {
  return fromEventPattern<[SessionTimes | null, ("signed-out" | "refresh-failed")?]>(
    (handler) => tokens.subscribe((session, reason) => handler([session, reason])),
    (_handler, unsubscribe: () => void) => unsubscribe(),
  ).pipe(map((change) => change));
}

export const sessionEpics = { signIn, restoreSession, reloadSession, extendSession, signOut, sessionEndedElsewhere, requireSignIn };
