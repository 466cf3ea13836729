import { randomUUID } from "node:crypto";
import type { FastifyPluginAsync } from "fastify";
import { EmbedAuthorizeRequest, EmbedSignInRequest, INSTANCE_NOT_AUTHORIZED } from "../../../contracts/portfolio";
import { authenticate, INVALID_TOKEN } from "../../platform/auth/authenticate";
import { requirePermission } from "../../platform/auth/permissions";
import { ACCESS_TOKEN_LIFETIME_SECONDS } from "../../platform/auth/tokens";
import { decodeInput } from "../../platform/http/decode";
import { forbidden, notFound, unauthorized } from "../../platform/http/errors";
import type { AppServices } from "../../services";

/** An embed token opens one frame, within a minute, once. */
const EMBED_TOKEN_LIFETIME_SECONDS = 60;
const ID = /^\d+$/;

/**
 * Investor and holding instances: their registered portfolio companies, and the one-minute token
 * that opens such a company in a frame as the company's user for the investor.
 */
export const portfolioRoutes: FastifyPluginAsync<AppServices> = async (app, services) => {
  const { signer, withTenant, config } = services;

  app.get("/oauth/instances/", async (request) => {
    const user = await authenticate(request, signer, withTenant);
    return withTenant(user.tenantId, { kind: "user", userId: user.userId }, ({ db }) =>
      db.selectFrom("registered_instances").select(["id", "instance_name", "frontend_url", "authorization_state"]).orderBy("instance_name").execute(),
    );
  });

  app.delete<{ Params: { id: string } }>("/oauth/instances/:id/", async (request, reply) => {
    const user = await authenticate(request, signer, withTenant);
    if (!ID.test(request.params.id)) throw notFound();
    await withTenant(user.tenantId, { kind: "user", userId: user.userId }, async (context) => {
      await requirePermission(context, user.userId, "manage_company_settings");
      const removed = await context.db.deleteFrom("registered_instances").where("id", "=", Number(request.params.id)).executeTakeFirst();
      if (Number(removed.numDeletedRows) === 0) throw notFound();
      await context.appendEvent({ type: "RegisteredInstanceRemoved", payload: { id: Number(request.params.id) } });
    });
    return reply.status(204).send();
  });

  app.post("/oauth/authorize/", async (request) => {
    const user = await authenticate(request, signer, withTenant);
    const { instance_id } = decodeInput(EmbedAuthorizeRequest, request.body);
    const instance = await withTenant(user.tenantId, { kind: "user", userId: user.userId }, ({ db }) =>
      db.selectFrom("registered_instances").select(["target_tenant_id", "target_user_id", "authorization_state", "frontend_url"]).where("id", "=", instance_id).executeTakeFirst(),
    );
    if (!instance) throw notFound();
    if (instance.authorization_state !== "authorized" || !instance.target_user_id) throw forbidden(INSTANCE_NOT_AUTHORIZED);
    const token = await signer.sign("embed", { tenantId: instance.target_tenant_id, userId: instance.target_user_id }, EMBED_TOKEN_LIFETIME_SECONDS, {
      jti: randomUUID(),
      by: `${user.tenantId}:${user.userId}`,
    });
    return { token, frontend_url: instance.frontend_url || config.publicUrl };
  });
};

/**
 * Auth service: POST /auth/embed/ turns an embed token into a frame session: an access token
 * only, no refresh cookie (the frame shares the parent's origin and cookie jar). When it runs
 * out, the frame asks its parent for a new embed token.
 */
export const embedSignInRoutes: FastifyPluginAsync<AppServices> = async (app, services) => {
  const { signer, withTenant, throttle } = services;
  app.post("/auth/embed/", async (request, reply) => {
    const { token } = decodeInput(EmbedSignInRequest, request.body);
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
  });
};
