import { randomUUID } from "node:crypto";
import { Schema } from "@effect/schema";
import { SessionTokens } from "../../../contracts/auth";
import { EmbedAuthorizeRequest, EmbedGrant, EmbedSignInRequest, INSTANCE_NOT_AUTHORIZED, RegisteredInstance } from "../../../contracts/portfolio";
import { INVALID_TOKEN } from "../../platform/auth/authenticate";
import { ACCESS_TOKEN_LIFETIME_SECONDS } from "../../platform/auth/tokens";
import { forbidden, notFound, unauthorized } from "../../platform/http/errors";
import { credential, IdParams, needs, publicRoute, signedIn, userRoute } from "../../platform/http/route";
import { portfolioProxyRoutes } from "./portfolio-proxy";

/** An embed token opens one frame, within a minute, once. */
const EMBED_TOKEN_LIFETIME_SECONDS = 60;

/**
 * Investor and holding instances: their registered portfolio companies, and the one-minute token
 * that opens such a company in a frame as the company's user for the investor.
 */
export const portfolioRoutes = [
  userRoute({
    method: "GET",
    path: "/oauth/instances/",
    summary: "The portfolio companies this instance is registered with",
    access: signedIn(),
    response: Schema.Array(RegisteredInstance),
    handle: ({ inTenant }) =>
      inTenant(({ db }) => db.selectFrom("registered_instances").select(["id", "instance_name", "frontend_url", "authorization_state"]).orderBy("instance_name").execute()),
  }),

  userRoute({
    method: "DELETE",
    path: "/oauth/instances/{id}/",
    summary: "Remove a registered portfolio company",
    access: needs("manage_company_settings"),
    params: IdParams,
    status: 204,
    handle: ({ params: { id }, inTenant }) =>
      inTenant(async (context) => {
        const removed = await context.db.deleteFrom("registered_instances").where("id", "=", id).executeTakeFirst();
        if (Number(removed.numDeletedRows) === 0) throw notFound();
        await context.appendEvent({ type: "RegisteredInstanceRemoved", payload: { id } });
      }),
  }),

  userRoute({
    method: "POST",
    path: "/oauth/authorize/",
    summary: "A one-minute, single-use token to open a portfolio company in a frame",
    access: signedIn(),
    body: EmbedAuthorizeRequest,
    response: EmbedGrant,
    handle: async ({ body: { instance_id }, user, services, inTenant }) => {
      const instance = await inTenant(({ db }) =>
        db.selectFrom("registered_instances").select(["target_tenant_id", "target_user_id", "authorization_state", "frontend_url"]).where("id", "=", instance_id).executeTakeFirst(),
      );
      if (!instance) throw notFound();
      if (instance.authorization_state !== "authorized" || !instance.target_user_id) throw forbidden(INSTANCE_NOT_AUTHORIZED);
      const token = await services.signer.sign("embed", { tenantId: instance.target_tenant_id, userId: instance.target_user_id }, EMBED_TOKEN_LIFETIME_SECONDS, {
        jti: randomUUID(),
        by: `${user.tenantId}:${user.userId}`,
      });
      return { token, frontend_url: instance.frontend_url || services.config.publicUrl };
    },
  }),

  ...portfolioProxyRoutes,
];

/**
 * Auth service: POST /auth/embed/ turns an embed token into a frame session: an access token
 * only, no refresh cookie (the frame shares the parent's origin and cookie jar). When it runs
 * out, the frame asks its parent for a new embed token.
 */
export const embedSignInRoutes = [
  publicRoute({
    method: "POST",
    path: "/auth/embed/",
    summary: "Open a frame session with an embed token",
    access: credential("a one-minute embed token from POST /api/oauth/authorize/, in the body"),
    body: EmbedSignInRequest,
    response: SessionTokens,
    handle: async ({ body: { token }, reply, services }) => {
      const { signer, withTenant, throttle } = services;
      const subject = await signer.verify("embed", token);
      const jti = subject?.claims["jti"];
      if (!subject || typeof jti !== "string") throw unauthorized(INVALID_TOKEN);
      const spent = await throttle.hit(`embed-token:${jti}`, { limit: 1, windowSeconds: EMBED_TOKEN_LIFETIME_SECONDS });
      if (!spent.allowed) throw unauthorized(INVALID_TOKEN);
      const active = await withTenant(subject.tenantId, { kind: "system", name: "embed" }, async (context) => {
        const user = await context.db.selectFrom("users").select("is_active").where("id", "=", subject.userId).executeTakeFirst();
        if (user?.is_active) await context.appendEvent({ type: "UserSignedIn", payload: { userId: subject.userId, method: "embed", by: subject.claims["by"] } });
        return !!user?.is_active;
      });
      if (!active) throw unauthorized(INVALID_TOKEN);
      const access = await signer.sign("access", { tenantId: subject.tenantId, userId: subject.userId }, ACCESS_TOKEN_LIFETIME_SECONDS, { embed: true });
      const expiresAt = new Date(Date.now() + ACCESS_TOKEN_LIFETIME_SECONDS * 1000).toISOString();
      reply.header("cache-control", "no-store");
      return { access, access_expires_at: expiresAt, refresh_expires_at: expiresAt };
    },
  }),
];
