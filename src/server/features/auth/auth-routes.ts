import { randomUUID } from "node:crypto";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { RefreshRequest, REFRESH_FAILED, SIGN_IN_FAILED, SignInRequest, type SessionTokens } from "../../../contracts/auth";
import { CODE_INVALID, PasscodeRequest } from "../../../contracts/two-factor";
import { buildMenu } from "../../../domain/navigation/access";
import type { TenantContext } from "../../db/tenancy";
import { authenticate, INVALID_TOKEN } from "../../platform/auth/authenticate";
import { THROTTLE_RULES, tooManyAttempts } from "../../platform/auth/throttle";
import { ACCESS_TOKEN_LIFETIME_SECONDS } from "../../platform/auth/tokens";
import { clientAddress } from "../../platform/http/client-address";
import { decodeInput } from "../../platform/http/decode";
import { badRequest, unauthorized } from "../../platform/http/errors";
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
  const claims = session.mustSetUpSecondFactor ? { mfa_setup: true } : {};
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
export const authServiceRoutes: FastifyPluginAsync<AppServices> = async (app, services) => {
  app.post("/auth/token/", async (request, reply) => {
    const { email, password } = decodeInput(SignInRequest, request.body);
    // Failed attempts are counted per submitted address and per client address, known or not.
    const accountKey = `signin:account:${email.trim().toLowerCase()}`;
    const addressKey = `signin:address:${clientAddress(request)}`;
    for (const [key, rule] of [[accountKey, THROTTLE_RULES.signInPerAccount], [addressKey, THROTTLE_RULES.signInPerAddress]] as const) {
      const state = await services.throttle.peek(key, rule);
      if (!state.allowed) throw tooManyAttempts(reply, state);
    }
    const user = await checkCredentials(services.database, services.withTenant, email, password);
    if (!user) {
      await services.throttle.hit(accountKey, THROTTLE_RULES.signInPerAccount);
      await services.throttle.hit(addressKey, THROTTLE_RULES.signInPerAddress);
      throw unauthorized(SIGN_IN_FAILED);
    }
    await services.throttle.clear(accountKey);
    return finishSignIn(services, reply, user, "password");
  });

  app.post("/auth/otp/validate", async (request, reply) => {
    const challenge = await mfaChallengeOf(request, services);
    const { passcode } = decodeInput(PasscodeRequest, request.body);
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
  });
};

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

/** Main API: refresh, logout, the profile, the menu and the company of the signed-in user. */
export const sessionRoutes: FastifyPluginAsync<AppServices> = async (app, services) => {
  app.post("/auth/token/refresh/", async (request, reply) => {
    const fromCookie = refreshCookieOf(request);
    const presented = fromCookie ?? decodeInput(RefreshRequest, request.body ?? {}).refresh;
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
  });

  app.post("/auth/logout/", async (request, reply) => {
    const presented = refreshCookieOf(request) ?? decodeInput(RefreshRequest, request.body ?? {}).refresh;
    const tenantId = presented ? tenantOfRefreshToken(presented) : null;
    if (presented && tenantId) {
      await services.withTenant(tenantId, { kind: "system", name: "logout" }, (context) => endSession(context, presented, new Date()));
    }
    clearRefreshCookie(reply, isSecure(services));
    return reply.status(204).send();
  });

  // The shell loads these even while a mandatory second factor is still to be set up.
  const pendingSetupAllowed = { allowPendingSecondFactorSetup: true };

  app.get("/auth/users/me/", async (request) => {
    const user = await authenticate(request, services.signer, services.withTenant, pendingSetupAllowed);
    return services.withTenant(user.tenantId, { kind: "user", userId: user.userId }, async (context) => (await loadProfile(context, user.userId)).profile);
  });

  app.get("/menu/", async (request) => {
    const user = await authenticate(request, services.signer, services.withTenant, pendingSetupAllowed);
    return services.withTenant(user.tenantId, { kind: "user", userId: user.userId }, async (context) => buildMenu((await loadProfile(context, user.userId)).access));
  });

  app.get("/company/", async (request) => {
    const user = await authenticate(request, services.signer, services.withTenant, pendingSetupAllowed);
    return services.withTenant(user.tenantId, { kind: "user", userId: user.userId }, loadCompany);
  });
};
