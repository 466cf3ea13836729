import type { FastifyPluginAsync, FastifyReply } from "fastify";
import { RefreshRequest, REFRESH_FAILED, SIGN_IN_FAILED, SignInRequest, type SessionTokens } from "../../../contracts/auth";
import { buildMenu } from "../../../domain/navigation/access";
import { authenticate } from "../../platform/auth/authenticate";
import { THROTTLE_RULES, tooManyAttempts } from "../../platform/auth/throttle";
import { ACCESS_TOKEN_LIFETIME_SECONDS } from "../../platform/auth/tokens";
import { clientAddress } from "../../platform/http/client-address";
import { decodeInput } from "../../platform/http/decode";
import { badRequest, unauthorized } from "../../platform/http/errors";
import type { AppServices } from "../../services";
import { checkCredentials } from "./credentials";
import { loadCompany, loadProfile } from "./profile";
import { clearRefreshCookie, refreshCookieOf, setRefreshCookie } from "./session-cookie";
import { DEFAULT_SESSION_POLICY, endSession, rotateSession, startSession, tenantOfRefreshToken, type IssuedRefresh, type SessionPolicy } from "./sessions";

const policyOf = (services: AppServices): SessionPolicy => ({ ...DEFAULT_SESSION_POLICY, idleMinutes: services.config.autoLogoutMinutes });
const isSecure = (services: AppServices) => services.config.publicUrl.startsWith("https:");

async function answerTokens(services: AppServices, reply: FastifyReply, tenantId: string, refresh: IssuedRefresh): Promise<SessionTokens> {
  const access = await services.signer.sign("access", { tenantId, userId: refresh.userId }, ACCESS_TOKEN_LIFETIME_SECONDS);
  setRefreshCookie(reply, refresh.token, refresh.idleExpiresAt, isSecure(services));
  reply.header("cache-control", "no-store");
  return {
    access,
    access_expires_at: new Date(Date.now() + ACCESS_TOKEN_LIFETIME_SECONDS * 1000).toISOString(),
    refresh_expires_at: refresh.idleExpiresAt.toISOString(),
  };
}

/** Auth service root: POST /auth/token/ signs in with e-mail and password. */
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
    const refresh = await services.withTenant(user.tenantId, { kind: "user", userId: user.userId }, async (context) => {
      await context.db.updateTable("users").set({ last_login_at: new Date() }).where("id", "=", user.userId).execute();
      await context.appendEvent({ type: "UserSignedIn", payload: { userId: user.userId, method: "password" } });
      return startSession(context, user.userId, policyOf(services), new Date());
    });
    return answerTokens(services, reply, user.tenantId, refresh);
  });
};

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
    const outcome = await services.withTenant(tenantId, { kind: "system", name: "token-refresh" }, (context) =>
      rotateSession(context, presented, policyOf(services), new Date()),
    );
    if (typeof outcome === "string") {
      if (outcome === "reused") request.log.warn({ tenantId }, "refresh token reuse: session family revoked");
      throw failed();
    }
    return answerTokens(services, reply, tenantId, outcome);
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

  app.get("/auth/users/me/", async (request) => {
    const user = await authenticate(request, services.signer, services.withTenant);
    return services.withTenant(user.tenantId, { kind: "user", userId: user.userId }, async (context) => (await loadProfile(context, user.userId)).profile);
  });

  app.get("/menu/", async (request) => {
    const user = await authenticate(request, services.signer, services.withTenant);
    return services.withTenant(user.tenantId, { kind: "user", userId: user.userId }, async (context) => buildMenu((await loadProfile(context, user.userId)).access));
  });

  app.get("/company/", async (request) => {
    const user = await authenticate(request, services.signer, services.withTenant);
    return services.withTenant(user.tenantId, { kind: "user", userId: user.userId }, loadCompany);
  });
};
