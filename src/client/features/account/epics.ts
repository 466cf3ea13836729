import { Schema } from "@effect/schema";
import { Effect, Either } from "effect";
import { concat, defer, EMPTY, exhaustMap, filter, mergeMap, of, switchMap, take, takeUntil, type Observable } from "rxjs";
import { SessionTokens } from "../../../contracts/auth";
import type { DomainEvent } from "../../../contracts/messages";
import { ToastShown } from "../../../contracts/messages/notifications";
import { ThemeChanged } from "../../../contracts/messages/session";
import {
  EmbedSignInFailed,
  SecondFactorRequired,
  SsoAccountLinked,
  SsoCompleting,
  SsoFailed,
  SsoProvidersLoaded,
  CodeRejected,
  CodeVerificationStarted,
  PasswordResetConfirmed,
  PasswordResetConfirmFailed,
  PasswordResetConfirmStarted,
  PasswordResetRequested,
  PasswordResetRequestFailed,
  PasswordResetRequestStarted,
  TwoFactorActivated,
  TwoFactorActivationFailed,
  TwoFactorDeactivated,
  TwoFactorDeactivationFailed,
  TwoFactorLoaded,
  TwoFactorPolicyFailed,
  TwoFactorPolicySet,
  TwoFactorLoadFailed,
  TwoFactorLoadStarted,
  TwoFactorSetupFailed,
  TwoFactorSetupStarted,
} from "../../../contracts/messages/account";
import { SsoConfig, SsoLinked, SsoSession } from "../../../contracts/sso";
import { SecondFactorChallenge, TwoFactorSetup, TwoFactorStatus } from "../../../contracts/two-factor";
import { fieldMessagesText } from "../../../domain/errors/display";
import type { EpicDeps } from "../../app/deps";
import type { AppState } from "../../app/state";
import type { Emitted, Epic } from "../../bus/bus";
import { causedBy, ofCommand, ofEvent } from "../../bus/operators";
import { describeApiError, fieldMessagesOf, type ApiError } from "../../effect/errors";
import { fromEffect, outcome$ } from "../../effect/observable";
import { loadSession, signedIn } from "../session/epics";
import { followEmbedParent, keepEmbedSession } from "./embed-epics";
import { accountToastFor } from "./toasts";

type AccountEpic = Epic<AppState, EpicDeps>;

/** Every message of a failed call, one per line ('field: messages' where a field is named). */
const messageLines = (error: ApiError) => ("body" in error ? fieldMessagesText(error.body).split("\n").filter(Boolean) : []);

/** The code from the authenticator app completes a sign-in whose password was right. */
export const verifySignInCode: AccountEpic = ({ command$, state$ }, deps) =>
  command$.pipe(
    ofCommand("VerifySignInCode"),
    exhaustMap(({ command, commandId }) => {
      const challenge = deps.challenge.get();
      if (!challenge) {
        deps.navigate("/login", { replace: true });
        return of(CodeRejected.make({ message: "The sign-in step expired. Please sign in again.", fields: {} })).pipe(causedBy(commandId));
      }
      const request = deps.api.request({ root: "auth", method: "POST", path: "/auth/otp/validate", body: { passcode: command.passcode }, decode: SessionTokens, authenticated: false, bearer: challenge });
      return concat(
        of(CodeVerificationStarted.make({})),
        fromEffect(Effect.either(request)).pipe(
          mergeMap((result): Observable<DomainEvent> => {
            if (Either.isLeft(result)) {
              if (result.left._tag === "Unauthorized") deps.challenge.set(null);
              return of(CodeRejected.make({ message: describeApiError(result.left), fields: fieldMessagesOf(result.left) }));
            }
            deps.challenge.set(null);
            return signedIn(deps, state$.value.account.secondFactorStep.email ?? "", result.right);
          }),
        ),
      ).pipe(causedBy(commandId));
    }),
  );

export const requestPasswordReset: AccountEpic = ({ command$ }, deps) =>
  command$.pipe(
    ofCommand("RequestPasswordReset"),
    exhaustMap(({ command, commandId }) =>
      concat(
        of(PasswordResetRequestStarted.make({ email: command.email })),
        outcome$(
          deps.api.request({ root: "main", method: "POST", path: "/auth/users/reset_password/", body: { email: command.email }, authenticated: false }),
          (): DomainEvent => PasswordResetRequested.make({ email: command.email }),
          (error): DomainEvent => PasswordResetRequestFailed.make({ message: describeApiError(error) }),
        ),
      ).pipe(causedBy(commandId)),
    ),
  );

export const confirmPasswordReset: AccountEpic = ({ command$ }, deps) =>
  command$.pipe(
    ofCommand("ConfirmPasswordReset"),
    exhaustMap(({ command, commandId }) =>
      concat(
        of(PasswordResetConfirmStarted.make({})),
        outcome$(
          deps.api.request({
            root: "main",
            method: "POST",
            path: "/auth/users/reset_password_confirm/",
            body: { uid: command.uid, token: command.token, new_password: command.password, re_new_password: command.repeat },
            authenticated: false,
          }),
          (): DomainEvent => PasswordResetConfirmed.make({}),
          (error): DomainEvent => {
            const lines = messageLines(error);
            return PasswordResetConfirmFailed.make({ messages: lines.length > 0 ? lines : [describeApiError(error)] });
          },
        ),
      ).pipe(causedBy(commandId)),
    ),
  );

const loadStatus = (deps: EpicDeps) =>
  outcome$(
    deps.api.request({ root: "main", method: "GET", path: "/auth/2fa/", decode: TwoFactorStatus }),
    (status): DomainEvent => TwoFactorLoaded.make({ status }),
    (error): DomainEvent => TwoFactorLoadFailed.make({ message: describeApiError(error) }),
  );

export const loadTwoFactor: AccountEpic = ({ command$ }, deps) =>
  command$.pipe(
    ofCommand("LoadTwoFactor"),
    switchMap(({ commandId }) => concat(of(TwoFactorLoadStarted.make({})), loadStatus(deps)).pipe(causedBy(commandId))),
  );

export const startTwoFactorSetup: AccountEpic = ({ command$ }, deps) =>
  command$.pipe(
    ofCommand("StartTwoFactorSetup"),
    exhaustMap(({ commandId }) =>
      outcome$(
        deps.api.request({ root: "main", method: "POST", path: "/auth/2fa/setup/", decode: TwoFactorSetup }),
        (setup): DomainEvent => TwoFactorSetupStarted.make({ secret: setup.secret, otpauthUrl: setup.otpauth_url, qrSvg: setup.qr_svg }),
        (error): DomainEvent => TwoFactorSetupFailed.make({ message: describeApiError(error) }),
      ).pipe(causedBy(commandId)),
    ),
  );

/**
 * Activation. Afterwards the session is renewed (a token issued under a mandatory policy allowed
 * only the setup) and reloaded, so the menu and the guard see the second factor.
 */
export const activateTwoFactor: AccountEpic = ({ command$, event$ }, deps) =>
  command$.pipe(
    ofCommand("ActivateTwoFactor"),
    exhaustMap(({ command, commandId }) =>
      fromEffect(Effect.either(deps.api.request({ root: "main", method: "POST", path: "/auth/2fa/activate/", body: { passcode: command.passcode } }))).pipe(
        mergeMap((result): Observable<DomainEvent> => {
          if (Either.isLeft(result)) return of(TwoFactorActivationFailed.make({ message: describeApiError(result.left) }));
          const renewed = fromEffect(Effect.either(deps.api.refresh(deps.tokens.current()?.access ?? null))).pipe(
            mergeMap((result) => (Either.isRight(result) ? loadSession(deps) : EMPTY)),
            takeUntil(event$.pipe(ofEvent("SignedOut"))),
          );
          return concat(of(TwoFactorActivated.make({})), renewed);
        }),
        causedBy(commandId),
      ),
    ),
  );

export const deactivateTwoFactor: AccountEpic = ({ command$ }, deps) =>
  command$.pipe(
    ofCommand("DeactivateTwoFactor"),
    exhaustMap(({ command, commandId }) =>
      outcome$(
        deps.api.request({ root: "main", method: "POST", path: "/auth/2fa/deactivate/", body: { passcode: command.passcode } }),
        (): DomainEvent => TwoFactorDeactivated.make({}),
        (error): DomainEvent => TwoFactorDeactivationFailed.make({ message: describeApiError(error) }),
      ).pipe(causedBy(commandId)),
    ),
  );

export const setTwoFactorPolicy: AccountEpic = ({ command$ }, deps) =>
  command$.pipe(
    ofCommand("SetTwoFactorPolicy"),
    exhaustMap(({ command, commandId }) =>
      outcome$(
        deps.api.request({ root: "main", method: "PATCH", path: "/auth/2fa/policy/", body: { policy: command.policy } }),
        (): DomainEvent => TwoFactorPolicySet.make({ policy: command.policy }),
        (error): DomainEvent => TwoFactorPolicyFailed.make({ message: describeApiError(error) }),
      ).pipe(causedBy(commandId)),
    ),
  );

export const loadSsoProviders: AccountEpic = ({ command$ }, deps) =>
  command$.pipe(
    ofCommand("LoadSsoProviders"),
    switchMap(({ commandId }) =>
      fromEffect(
        deps.api.request({ root: "main", method: "GET", path: "/sso/config/", decode: SsoConfig, authenticated: false }).pipe(
          // Without the list the page still offers the password; nothing to report.
          Effect.match({ onSuccess: (config): DomainEvent | null => SsoProvidersLoaded.make({ providers: config.providers }), onFailure: () => null }),
        ),
      ).pipe(
        mergeMap((event) => (event ? [event] : [])),
        causedBy(commandId),
      ),
    ),
  );

/** Off to the provider: a full-page navigation the server answers with the redirect. */
export const startSso: AccountEpic = ({ command$ }, deps) =>
  command$.pipe(
    ofCommand("StartSso"),
    mergeMap(({ command }) => {
      const next = command.next.startsWith("/") ? command.next : "/my-dashboard";
      deps.leave(`${deps.roots.main}/sso/${encodeURIComponent(command.provider)}/authorize/?next=${encodeURIComponent(next)}`);
      return EMPTY;
    }),
  );

/** Back from the provider at /oauth: a sign-in (maybe with the second factor), or a new link. */
export const completeSso: AccountEpic = ({ command$ }, deps) =>
  command$.pipe(
    ofCommand("CompleteSso"),
    exhaustMap(({ command, commandId }) =>
      concat(
        of(SsoCompleting.make({})),
        fromEffect(
          Effect.either(
            deps.api.request({ root: "main", method: "POST", path: "/sso/callback/", body: { code: command.code, state: command.state, ...(command.iss ? { iss: command.iss } : {}) }, decode: SsoAnswer, authenticated: false }),
          ),
        ).pipe(
          mergeMap((result): Observable<DomainEvent> => {
            if (Either.isLeft(result)) return of(SsoFailed.make({ message: describeApiError(result.left) }));
            const answer = result.right;
            if ("linked" in answer) return of(SsoAccountLinked.make({ provider: answer.provider }));
            if ("ephemeral_token" in answer) {
              deps.challenge.set(answer.ephemeral_token);
              deps.navigate("/login/mfa", { replace: true });
              return of(SecondFactorRequired.make({ email: "" }));
            }
            return concat(
              signedIn(deps, "", answer),
              defer(() => {
                deps.navigate(answer.next ?? "/my-dashboard", { replace: true });
                return EMPTY;
              }),
            );
          }),
        ),
      ).pipe(causedBy(commandId)),
    ),
  );

export const startSsoLink: AccountEpic = ({ command$ }, deps) =>
  command$.pipe(
    ofCommand("StartSsoLink"),
    exhaustMap(({ command, commandId }) =>
      fromEffect(
        deps.api.request({ root: "main", method: "POST", path: `/sso/${encodeURIComponent(command.provider)}/link-start/`, decode: Schema.Struct({ url: Schema.String }) }).pipe(
          Effect.match({
            onSuccess: (answer): DomainEvent | null => {
              deps.leave(answer.url);
              return null;
            },
            onFailure: (error): DomainEvent | null => SsoFailed.make({ message: describeApiError(error) }),
          }),
        ),
      ).pipe(
        mergeMap((event) => (event ? [event] : [])),
        causedBy(commandId),
      ),
    ),
  );

const SsoAnswer = Schema.Union(SsoSession, SecondFactorChallenge, SsoLinked);

/**
 * A frame opened by an investor instance: the parent posts an embed token (and its theme), which
 * becomes a frame session: in memory only, renewed by asking the parent again.
 */
export const awaitEmbedSession: AccountEpic = ({ command$ }, deps) =>
  command$.pipe(
    ofCommand("AwaitEmbedSession"),
    switchMap(({ command, commandId }) => {
      const embed = deps.embed;
      if (!embed) return of(EmbedSignInFailed.make({ message: "This page opens only inside an investor instance." })).pipe(causedBy(commandId));
      embed.request();
      return embed.offers$.pipe(
        take(1),
        exhaustMap((offer) =>
          fromEffect(Effect.either(deps.api.request({ root: "auth", method: "POST", path: "/auth/embed/", body: { token: offer.token }, decode: SessionTokens, authenticated: false }))).pipe(
            mergeMap((result): Observable<DomainEvent> => {
              if (Either.isLeft(result)) return of(EmbedSignInFailed.make({ message: describeApiError(result.left) }));
              return concat(
                of(ThemeChanged.make({ theme: offer.theme })),
                signedIn(deps, "", result.right),
                defer(() => {
                  // A report the investor opened, or the company's start; the parent learns where the frame is.
                  const target = offer.path ?? (command.landing ? "/my-dashboard" : null);
                  if (target) deps.navigate(target, { replace: true });
                  embed.ready(target ?? "/");
                  return EMPTY;
                }),
              );
            }),
          ),
        ),
        causedBy(commandId),
      );
    }),
  );

/** The person's own account changes become toasts (see toasts.ts); replayed logs make none. */
export const toastAccountOutcomes: AccountEpic = ({ event$ }, deps) =>
  event$.pipe(
    filter((envelope) => envelope.origin === "local"),
    mergeMap((envelope): Emitted[] => {
      const content = accountToastFor(envelope.payload);
      return content ? [{ event: ToastShown.make({ id: deps.ids(), ...content }), commandId: envelope.commandId }] : [];
    }),
  );

export const accountEpics = {
  toastAccountOutcomes,
  followEmbedParent,
  keepEmbedSession,
  awaitEmbedSession, verifySignInCode, requestPasswordReset, confirmPasswordReset, loadTwoFactor, startTwoFactorSetup, activateTwoFactor, deactivateTwoFactor, setTwoFactorPolicy, loadSsoProviders, startSso, completeSso, startSsoLink };
