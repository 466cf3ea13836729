import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { SSO_ALREADY_LINKED, SSO_FLOW_EXPIRED, SSO_NOT_LINKED, SsoCallback, SsoLinkRequest } from "../../../contracts/sso";
import type { SsoProviderConfig } from "../../config";
import { authenticate } from "../../platform/auth/authenticate";
import { requirePermission } from "../../platform/auth/permissions";
import { decodeInput } from "../../platform/http/decode";
import { badRequest, HttpError, notFound } from "../../platform/http/errors";
import type { AppServices } from "../../services";
import { finishSignIn } from "../auth/auth-routes";
import { authorizationUrl, completeAuthorization, type OidcFlow } from "./oidc";

const FLOW_COOKIE = "meridian_sso";
const FLOW_LIFETIME_SECONDS = 10 * 60;
const ID = /^\d+$/;

interface FlowClaims extends OidcFlow {
  readonly provider: string;
  readonly next: string;
  /** Set when a signed-in user links their account rather than signing in. */
  readonly link: { readonly tenantId: string; readonly userId: number } | null;
}

/** Only paths of this site after sign-in: never an open redirect. */
const safeNext = (next: unknown) => (typeof next === "string" && next.startsWith("/") && !next.startsWith("//") ? next : "/my-dashboard");

/**
 * Single sign-on with OpenID Connect: authorization code with PKCE, state and nonce. The flow's
 * secrets ride in a signed, HttpOnly cookie (SameSite=Lax: it must come back with the provider's
 * redirect). Provider accounts sign in only once linked to a user.
 */
export const ssoRoutes: FastifyPluginAsync<AppServices> = async (app, services) => {
  const { config, signer, withTenant, database } = services;
  const redirectUri = `${config.publicUrl}/oauth`;
  const secure = config.publicUrl.startsWith("https:");

  const providerOf = (name: unknown): SsoProviderConfig => {
    const provider = config.ssoProviders.find((candidate) => candidate.name === name);
    if (!provider) throw notFound();
    return provider;
  };

  const startFlow = async (reply: FastifyReply, provider: SsoProviderConfig, next: string, link: FlowClaims["link"]) => {
    const { url, flow } = await authorizationUrl(provider, redirectUri).catch((error: unknown) => {
      app.log.error({ err: error, provider: provider.name }, "OpenID provider unreachable");
      throw new HttpError(502, { detail: `${provider.label} cannot be reached right now. Please try again later.` });
    });
    const claims: FlowClaims = { ...flow, provider: provider.name, next, link };
    const token = await signer.sign("sso-flow", { tenantId: link?.tenantId ?? "", userId: link?.userId ?? 0 }, FLOW_LIFETIME_SECONDS, { flow: claims });
    reply.setCookie(FLOW_COOKIE, token, { httpOnly: true, secure, sameSite: "lax", path: "/api/sso/", maxAge: FLOW_LIFETIME_SECONDS });
    return url;
  };

  const flowOf = async (request: FastifyRequest, reply: FastifyReply): Promise<FlowClaims> => {
    const token = request.cookies[FLOW_COOKIE];
    reply.clearCookie(FLOW_COOKIE, { httpOnly: true, secure, sameSite: "lax", path: "/api/sso/" });
    const verified = token ? await signer.verify("sso-flow", token) : null;
    const flow = verified?.claims["flow"] as FlowClaims | undefined;
    if (!flow) throw badRequest({ detail: [SSO_FLOW_EXPIRED] });
    return flow;
  };

  app.get("/sso/config/", async () => ({ providers: config.ssoProviders.map((provider) => ({ name: provider.name, label: provider.label })) }));

  // A top-level navigation from the sign-in page: off to the provider.
  app.get<{ Params: { provider: string }; Querystring: { next?: string } }>("/sso/:provider/authorize/", async (request, reply) => {
    const provider = providerOf(request.params.provider);
    return reply.redirect(await startFlow(reply, provider, safeNext(request.query.next), null), 302);
  });

  // A signed-in user links their account at the provider: the answer is where to go.
  app.post<{ Params: { provider: string } }>("/sso/:provider/link-start/", async (request, reply) => {
    const user = await authenticate(request, signer, withTenant);
    const provider = providerOf(request.params.provider);
    return { url: await startFlow(reply, provider, "/settings/two-factor-auth", { tenantId: user.tenantId, userId: user.userId }) };
  });

  // /oauth posts what the provider sent back.
  app.post("/sso/callback/", async (request, reply) => {
    const callback = decodeInput(SsoCallback, request.body);
    const flow = await flowOf(request, reply);
    const provider = providerOf(flow.provider);
    const account = await completeAuthorization(provider, redirectUri, { code: callback.code, state: callback.state, ...(callback.iss ? { iss: callback.iss } : {}) }, flow).catch(
      (error: unknown) => {
        request.log.warn({ err: error, provider: provider.name }, "single sign-on refused");
        throw badRequest({ detail: [`${provider.label} did not confirm the sign-in. Please try again.`] });
      },
    );
    if (flow.link) {
      const { tenantId, userId } = flow.link;
      const taken = await database.system.selectFrom("sso_links").select(["tenant_id", "user_id"]).where("provider", "=", provider.name).where("subject", "=", account.subject).executeTakeFirst();
      if (taken && (taken.tenant_id !== tenantId || taken.user_id !== userId)) throw badRequest({ detail: [SSO_ALREADY_LINKED] });
      await withTenant(tenantId, { kind: "user", userId }, async (context) => {
        await context.db
          .insertInto("sso_links")
          .values({ tenant_id: tenantId, user_id: userId, provider: provider.name, subject: account.subject })
          .onConflict((oc) => oc.columns(["tenant_id", "user_id", "provider"]).doUpdateSet({ subject: account.subject }))
          .execute();
        await context.appendEvent({ type: "SsoLinked", payload: { userId, provider: provider.name } });
      });
      return { linked: true, provider: provider.name };
    }
    const link = await database.system.selectFrom("sso_links").select(["tenant_id", "user_id"]).where("provider", "=", provider.name).where("subject", "=", account.subject).executeTakeFirst();
    if (!link) throw badRequest({ detail: [SSO_NOT_LINKED] });
    const active = await withTenant(link.tenant_id, { kind: "system", name: "sso" }, ({ db }) => db.selectFrom("users").select("is_active").where("id", "=", link.user_id).executeTakeFirst());
    if (!active?.is_active) throw badRequest({ detail: [SSO_NOT_LINKED] });
    const answer = await finishSignIn(services, reply, { tenantId: link.tenant_id, userId: link.user_id }, `sso:${provider.name}`);
    return { ...answer, next: flow.next };
  });

  // An administrator links a user to an account at a provider.
  app.patch<{ Params: { id: string } }>("/sso/link/:id/", async (request) => {
    const admin = await authenticate(request, signer, withTenant);
    if (!ID.test(request.params.id)) throw notFound();
    const userId = Number(request.params.id);
    const body = decodeInput(SsoLinkRequest, request.body);
    const provider = config.ssoProviders.find((candidate) => candidate.name === body.sso_provider);
    if (!provider) throw badRequest({ sso_provider: [`"${body.sso_provider}" is not a configured provider.`] });
    await withTenant(admin.tenantId, { kind: "user", userId: admin.userId }, (context) => requirePermission(context, admin.userId, "manage_users"));
    const taken = await database.system.selectFrom("sso_links").select(["tenant_id", "user_id"]).where("provider", "=", provider.name).where("subject", "=", body.sso_id).executeTakeFirst();
    if (taken && (taken.tenant_id !== admin.tenantId || taken.user_id !== userId)) throw badRequest({ sso_id: [SSO_ALREADY_LINKED] });
    return withTenant(admin.tenantId, { kind: "user", userId: admin.userId }, async (context) => {
      const user = await context.db.selectFrom("users").select("id").where("id", "=", userId).executeTakeFirst();
      if (!user) throw notFound();
      await context.db
        .insertInto("sso_links")
        .values({ tenant_id: admin.tenantId, user_id: userId, provider: provider.name, subject: body.sso_id })
        .onConflict((oc) => oc.columns(["tenant_id", "user_id", "provider"]).doUpdateSet({ subject: body.sso_id }))
        .execute();
      await context.appendEvent({ type: "SsoLinked", payload: { userId, provider: provider.name, by: admin.userId } });
      return { id: userId, sso_provider: provider.name, sso_id: body.sso_id };
    });
  });
};
