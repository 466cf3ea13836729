import { Schema } from "@effect/schema";
import type { FastifyReply, FastifyRequest } from "fastify";
import { Text } from "../../../contracts/fields";
import { SSO_ALREADY_LINKED, SSO_FLOW_EXPIRED, SSO_NOT_LINKED, SsoCallback, SsoConfig, SsoLinked, SsoLinkRequest, SsoSession } from "../../../contracts/sso";
import type { SsoProviderConfig } from "../../config";
import { quoted } from "../../platform/http/decode";
import { badRequest, HttpError, notFound } from "../../platform/http/errors";
import { credential, IdParams, needs, publicRoute, signedIn, userRoute } from "../../platform/http/route";
import type { AppServices } from "../../services";
import { finishSignIn } from "../auth/auth-routes";
import { authorizationUrl, completeAuthorization, type OidcFlow } from "./oidc";

const FLOW_COOKIE = "meridian_sso";
const FLOW_LIFETIME_SECONDS = 10 * 60;

interface FlowClaims extends OidcFlow {
  readonly provider: string;
  readonly next: string;
  /** Set when a signed-in user links their account rather than signing in. */
  readonly link: { readonly tenantId: string; readonly userId: number } | null;
}

/** Only paths of this site after sign-in: never an open redirect. */
const safeNext = (next: unknown) => (typeof next === "string" && next.startsWith("/") && !next.startsWith("//") ? next : "/my-dashboard");

const redirectUriOf = (services: AppServices) => `${services.config.publicUrl}/oauth`;
const isSecure = (services: AppServices) => services.config.publicUrl.startsWith("https:");

function providerOf(services: AppServices, name: unknown): SsoProviderConfig {
  const provider = services.config.ssoProviders.find((candidate) => candidate.name === name);
  if (!provider) throw notFound();
  return provider;
}

async function startFlow(services: AppServices, request: FastifyRequest, reply: FastifyReply, provider: SsoProviderConfig, next: string, link: FlowClaims["link"]) {
  const { url, flow } = await authorizationUrl(provider, redirectUriOf(services)).catch((error: unknown) => {
    request.log.error({ err: error, provider: provider.name }, "OpenID provider unreachable");
    throw new HttpError(502, { detail: `${provider.label} cannot be reached right now. Please try again later.` });
  });
  const claims: FlowClaims = { ...flow, provider: provider.name, next, link };
  const token = await services.signer.sign("sso-flow", { tenantId: link?.tenantId ?? "", userId: link?.userId ?? 0 }, FLOW_LIFETIME_SECONDS, { flow: claims });
  reply.setCookie(FLOW_COOKIE, token, { httpOnly: true, secure: isSecure(services), sameSite: "lax", path: "/api/sso/", maxAge: FLOW_LIFETIME_SECONDS });
  return url;
}

async function flowOf(services: AppServices, request: FastifyRequest, reply: FastifyReply): Promise<FlowClaims> {
  const token = request.cookies[FLOW_COOKIE];
  reply.clearCookie(FLOW_COOKIE, { httpOnly: true, secure: isSecure(services), sameSite: "lax", path: "/api/sso/" });
  const verified = token ? await services.signer.verify("sso-flow", token) : null;
  const flow = verified?.claims["flow"] as FlowClaims | undefined;
  if (!flow) throw badRequest({ detail: [SSO_FLOW_EXPIRED] });
  return flow;
}

const ProviderParams = Schema.Struct({ provider: Text(64) });

/**
 * Single sign-on with OpenID Connect: authorization code with PKCE, state and nonce. The flow's
 * secrets ride in a signed, HttpOnly cookie (SameSite=Lax: it must come back with the provider's
 * redirect). Provider accounts sign in only once linked to a user.
 */
export const ssoRoutes = [
  publicRoute({
    method: "GET",
    path: "/sso/config/",
    summary: "The single sign-on providers the sign-in page offers",
    response: SsoConfig,
    handle: ({ services }) => ({ providers: services.config.ssoProviders.map((provider) => ({ name: provider.name, label: provider.label })) }),
  }),

  // A top-level navigation from the sign-in page: off to the provider.
  publicRoute({
    method: "GET",
    path: "/sso/{provider}/authorize/",
    summary: "Start signing in at a provider (a redirect)",
    params: ProviderParams,
    query: Schema.Struct({ next: Schema.optional(Text(2048)) }),
    response: { mediaType: "text/html", description: "302 redirect to the provider" },
    status: 302,
    handle: async ({ params, query, request, reply, services }) => {
      const provider = providerOf(services, params.provider);
      return reply.redirect(await startFlow(services, request, reply, provider, safeNext(query.next), null), 302);
    },
  }),

  // A signed-in user links their account at the provider: the answer is where to go.
  userRoute({
    method: "POST",
    path: "/sso/{provider}/link-start/",
    summary: "Start linking the signed-in user's account at a provider: where to go",
    access: signedIn(),
    params: ProviderParams,
    response: Schema.Struct({ url: Schema.String }),
    handle: async ({ params, user, request, reply, services }) => {
      const provider = providerOf(services, params.provider);
      return { url: await startFlow(services, request, reply, provider, "/settings/two-factor-auth", { tenantId: user.tenantId, userId: user.userId }) };
    },
  }),

  // /oauth posts what the provider sent back.
  publicRoute({
    method: "POST",
    path: "/sso/callback/",
    summary: "Complete a sign-in or link with what the provider sent back",
    access: credential("the signed single sign-on flow cookie set by the authorize or link-start step"),
    body: SsoCallback,
    response: Schema.Union(SsoSession, SsoLinked, Schema.Struct({ ephemeral_token: Schema.String, next: Schema.optional(Schema.String) })),
    handle: async ({ body: callback, request, reply, services }) => {
      const { database, withTenant } = services;
      const flow = await flowOf(services, request, reply);
      const provider = providerOf(services, flow.provider);
      const account = await completeAuthorization(
        provider,
        redirectUriOf(services),
        { code: callback.code, state: callback.state, ...(callback.iss ? { iss: callback.iss } : {}) },
        flow,
      ).catch((error: unknown) => {
        request.log.warn({ err: error, provider: provider.name }, "single sign-on refused");
        throw badRequest({ detail: [`${provider.label} did not confirm the sign-in. Please try again.`] });
      });
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
    },
  }),

  // An administrator links a user to an account at a provider.
  userRoute({
    method: "PATCH",
    path: "/sso/link/{id}/",
    summary: "Link a user to their account at a provider",
    access: needs("manage_users"),
    params: IdParams,
    body: SsoLinkRequest,
    response: Schema.Struct({ id: Schema.Number, sso_provider: Schema.String, sso_id: Schema.String }),
    handle: async ({ params: { id: userId }, body, user: admin, services, inTenant }) => {
      // An unknown user (or another company's) first: 404 says nothing about providers.
      const target = await inTenant(({ db }) => db.selectFrom("users").select("id").where("id", "=", userId).executeTakeFirst());
      if (!target) throw notFound();
      const provider = services.config.ssoProviders.find((candidate) => candidate.name === body.sso_provider);
      if (!provider) throw badRequest({ sso_provider: [`${quoted(body.sso_provider)} is not a configured provider.`] });
      const taken = await services.database.system.selectFrom("sso_links").select(["tenant_id", "user_id"]).where("provider", "=", provider.name).where("subject", "=", body.sso_id).executeTakeFirst();
      if (taken && (taken.tenant_id !== admin.tenantId || taken.user_id !== userId)) throw badRequest({ sso_id: [SSO_ALREADY_LINKED] });
      return inTenant(async (context) => {
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
    },
  }),
];
