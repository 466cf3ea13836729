import { randomUUID } from "node:crypto";
import { Schema } from "@effect/schema";
import type { FastifyReply, FastifyRequest } from "fastify";
import { Company, Menu, RefreshRequest, REFRESH_FAILED, SIGN_IN_FAILED, SignInRequest, SessionTokens, UserProfile } from "../../../contracts/auth";
import { CODE_INVALID, PasscodeRequest } from "../../../contracts/two-factor";
import { buildMenu } from "../../../domain/navigation/access";
import type { TenantContext } from "../../db/tenancy";
import { INVALID_TOKEN } from "../../platform/auth/authenticate";
import { SESSION_ID_CLAIM } from "../../platform/auth/session-status";
import { reserveSignInAttempt } from "../../platform/auth/sign-in-budget";
import { THROTTLE_RULES, tooManyAttempts } from "../../platform/auth/throttle";
import { ACCESS_TOKEN_LIFETIME_SECONDS } from "../../platform/auth/tokens";
import { badRequest, unauthorized } from "../../platform/http/errors";
import { credential, publicRoute, READ_WHILE_PRINTING, signedIn, userRoute } from "../../platform/http/route";
import type { AppServices } from "../../services";
import { checkCode, mustSetUpSecondFactor, secondFactorOf } from "../two-factor/second-factor";
import { checkCredentials } from "./credentials";
import { loadCompany, loadProfile } from "./profile";
import { clearRefreshCookie, refreshCookieOf, setRefreshCookie } from "./session-cookie";
import { DEFAULT_SESSION_POLICY, endSession, rotateSession, startSession, tenantOfRefreshToken, type IssuedRefresh, type SessionPolicy } from "./sessions";

/** The MFA step's ephemeral token: good for five minutes, for the code check only, once. */
const MFA_TOKEN_LIFETIME_SECONDS = 5 * 60;

const policyOf = (services: AppServices): SessionPolicy => ({ ...DEFAULT_SESSION_POLICY, idleMinutes: services.config.autoLogoutMinutes });
const isSecure = (services: AppServices) => services.config.publicUrl.startsWith("https:");

interface IssuedSession {
  readonly tenantId: string;
  readonly refresh: IssuedRefresh;
  /** The tenant requires 2FA and the user has none yet: the access token allows only its setup. */
  readonly mustSetUpSecondFactor: boolean;
}

export async function answerTokens(services: AppServices, reply: FastifyReply, session: IssuedSession): Promise<SessionTokens> {
  // sid: the refresh family, so a sign-out or a revoked family ends this token (and its streams) at once.
  const claims = { [SESSION_ID_CLAIM]: session.refresh.familyId, ...(session.mustSetUpSecondFactor ? { mfa_setup: true } : {}) };
  const access = await services.signer.sign("access", { tenantId: session.tenantId, userId: session.refresh.userId }, ACCESS_TOKEN_LIFETIME_SECONDS, claims);
  setRefreshCookie(reply, session.refresh.token, session.refresh.idleExpiresAt, isSecure(services));
  reply.header("cache-control", "no-store");
  return {
    access,
    access_expires_at: new Date(Date.now() + ACCESS_TOKEN_LIFETIME_SECONDS * 1000).toISOString(),
    refresh_expires_at: session.refresh.idleExpiresAt.toISOString(),
  };
}

/** Starts a session in the tenant's transaction, with the sign-in recorded as an event. */
async function signInSession(services: AppServices, context: TenantContext, userId: number, method: string): Promise<IssuedSession> {
  await context.db.updateTable("users").set({ last_login_at: new Date() }).where("id", "=", userId).execute();
  await context.appendEvent({ type: "UserSignedIn", payload: { userId, method } });
  const refresh = await startSession(context, userId, policyOf(services), new Date());
  return { tenantId: context.tenantId, refresh, mustSetUpSecondFactor: await mustSetUpSecondFactor(context, userId) };
}

/**
 * The step after the first factor (a password, or a single sign-on): a session, or, when the
 * user has a second factor, an ephemeral token for the code check (/auth/otp/validate).
 */
export async function finishSignIn(services: AppServices, reply: FastifyReply, user: { tenantId: string; userId: number }, method: string) {
  const outcome = await services.withTenant(user.tenantId, { kind: "user", userId: user.userId }, async (context) =>
    (await secondFactorOf(context, user.userId)).enabled ? null : signInSession(services, context, user.userId, method),
  );
  if (outcome) return answerTokens(services, reply, outcome);
  reply.header("cache-control", "no-store");
  return { ephemeral_token: await services.signer.sign("mfa", user, MFA_TOKEN_LIFETIME_SECONDS, { jti: randomUUID(), first_factor: method }) };
}

/**
 * Auth service root: POST /auth/token/ checks e-mail and password and answers tokens, or an
 * ephemeral token when the user has a second factor; POST /auth/otp/validate completes that.
 */
export const authServiceRoutes = [
  publicRoute({
    method: "POST",
    path: "/auth/token/",
    summary: "Sign in with e-mail and password: tokens, or the second factor's step token",
    access: credential("an e-mail address and its password, in the body"),
    body: SignInRequest,
    response: Schema.Union(SessionTokens, Schema.Struct({ ephemeral_token: Schema.String })),
    handle: async ({ body: { email, password }, request, reply, services }) => {
      // Counted as a failure unless it succeeds; a 429 when its budget is spent (sign-in-budget.ts).
      const attempt = await reserveSignInAttempt(services, request, reply, email);
      const user = await checkCredentials(services.database, services.withTenant, email, password);
      if (!user) throw unauthorized(SIGN_IN_FAILED);
      await attempt.succeeded();
      return finishSignIn(services, reply, user, "password");
    },
  }),

  publicRoute({
    method: "POST",
    path: "/auth/otp/validate",
    summary: "Complete a sign-in with the authenticator app's code",
    access: credential("the ephemeral token of POST /auth/token/ as a Bearer token"),
    body: PasscodeRequest,
    response: SessionTokens,
    handle: async ({ body: { passcode }, request, reply, services }) => {
      const challenge = await mfaChallengeOf(request, services);
      const codeKey = `otp:${challenge.tenantId}:${challenge.userId}`;
      const attempts = await services.throttle.peek(codeKey, THROTTLE_RULES.codePerUser);
      if (!attempts.allowed) throw tooManyAttempts(reply, attempts);
      const session = await services.withTenant(challenge.tenantId, { kind: "user", userId: challenge.userId }, async (context) =>
        (await checkCode(context, challenge.userId, passcode, services.totpSealer, new Date())) ? signInSession(services, context, challenge.userId, `${challenge.firstFactor}+totp`) : null,
      );
      if (!session) {
        await services.throttle.hit(codeKey, THROTTLE_RULES.codePerUser);
        throw badRequest({ passcode: [CODE_INVALID] });
      }
      await services.throttle.clear(codeKey);
      // The ephemeral token is spent: a second code with it starts nothing.
      await services.throttle.hit(`mfa-token:${challenge.jti}`, { limit: 1, windowSeconds: MFA_TOKEN_LIFETIME_SECONDS });
      return answerTokens(services, reply, session);
    },
  }),
];

async function mfaChallengeOf(request: FastifyRequest, services: AppServices) {
  const [scheme, token] = (request.headers.authorization ?? "").split(" ");
  const subject = scheme === "Bearer" && token ? await services.signer.verify("mfa", token) : null;
  const jti = subject?.claims["jti"];
  if (!subject || typeof jti !== "string") throw unauthorized(INVALID_TOKEN);
  const spent = await services.throttle.peek(`mfa-token:${jti}`, { limit: 1, windowSeconds: MFA_TOKEN_LIFETIME_SECONDS });
  if (!spent.allowed) throw unauthorized(INVALID_TOKEN);
  const firstFactor = typeof subject.claims["first_factor"] === "string" ? subject.claims["first_factor"] : "password";
  return { tenantId: subject.tenantId, userId: subject.userId, jti, firstFactor };
}

/** Browsers send no body (the refresh token is in the cookie); other clients send { refresh }. */
const OptionalRefresh = Schema.UndefinedOr(RefreshRequest);

/** Main API: refresh, logout, the profile, the menu and the company of the signed-in user. */
export const sessionRoutes = [
  publicRoute({
    method: "POST",
    path: "/auth/token/refresh/",
    summary: "New tokens for the refresh cookie (or a refresh token in the body); the refresh token rotates",
    access: credential("the refresh cookie with the X-Requested-With: meridian header, or a refresh token in the body"),
    body: OptionalRefresh,
    response: SessionTokens,
    handle: async ({ body, request, reply, services }) => {
      const fromCookie = refreshCookieOf(request);
      const presented = fromCookie ?? body?.refresh;
      if (fromCookie && request.headers["x-requested-with"] !== "meridian") {
        // A cross-site form cannot set this header: the cookie alone never refreshes.
        throw badRequest({ detail: ["Missing X-Requested-With header."] });
      }
      const tenantId = presented ? tenantOfRefreshToken(presented) : null;
      const failed = () => {
        clearRefreshCookie(reply, isSecure(services));
        return unauthorized(REFRESH_FAILED);
      };
      if (!presented || !tenantId) throw failed();
      const outcome = await services.withTenant(tenantId, { kind: "system", name: "token-refresh" }, async (context) => {
        const refresh = await rotateSession(context, presented, policyOf(services), new Date());
        if (typeof refresh === "string") return refresh;
        const user = await context.db.selectFrom("users").select("is_active").where("id", "=", refresh.userId).executeTakeFirst();
        if (!user?.is_active) return "revoked" as const;
        return { tenantId, refresh, mustSetUpSecondFactor: await mustSetUpSecondFactor(context, refresh.userId) };
      });
      if (typeof outcome === "string") {
        if (outcome === "reused") request.log.warn({ tenantId }, "refresh token reuse: session family revoked");
        throw failed();
      }
      return answerTokens(services, reply, outcome);
    },
  }),

  publicRoute({
    method: "POST",
    path: "/auth/logout/",
    summary: "Sign out: the refresh token's session ends and the cookie is cleared",
    body: OptionalRefresh,
    status: 204,
    handle: async ({ body, request, reply, services }) => {
      const presented = refreshCookieOf(request) ?? body?.refresh;
      const tenantId = presented ? tenantOfRefreshToken(presented) : null;
      if (presented && tenantId) {
        await services.withTenant(tenantId, { kind: "system", name: "logout" }, (context) => endSession(context, presented, new Date()));
      }
      clearRefreshCookie(reply, isSecure(services));
    },
  }),

  // The shell loads these even while a mandatory second factor is still to be set up.
  userRoute({
    method: "GET",
    path: "/auth/users/me/",
    summary: "The signed-in user's profile, permissions and features",
    access: signedIn({ duringSecondFactorSetup: true }),
    print: READ_WHILE_PRINTING,
    response: UserProfile,
    handle: ({ user, inTenant }) => inTenant(async (context) => (await loadProfile(context, user.userId)).profile),
  }),

  userRoute({
    method: "GET",
    path: "/menu/",
    summary: "The menu the signed-in user may open",
    access: signedIn({ duringSecondFactorSetup: true }),
    print: READ_WHILE_PRINTING,
    response: Menu,
    handle: ({ user, inTenant }) => inTenant(async (context) => buildMenu((await loadProfile(context, user.userId)).access)),
  }),

  userRoute({
    method: "GET",
    path: "/company/",
    summary: "The signed-in user's company: name, currency, fiscal year, FX rates",
    access: signedIn({ duringSecondFactorSetup: true }),
    print: READ_WHILE_PRINTING,
    response: Company,
    handle: ({ inTenant }) => inTenant(loadCompany),
  }),
];
