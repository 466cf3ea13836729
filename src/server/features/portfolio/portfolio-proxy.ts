import { Schema } from "@effect/schema";
import { API_ROOTS } from "../../../contracts/api-roots";
import { INSTANCE_NOT_AUTHORIZED, PORTFOLIO_PROXY_THROTTLED, PORTFOLIO_USER_INACTIVE, PortfolioProxyRequest } from "../../../contracts/portfolio";
import { decideProxyCall, PROXY_ALLOW_LIST } from "../../../domain/portfolio/proxy-allow-list";
import { badRequest, forbidden, HttpError, notFound } from "../../platform/http/errors";
import { IdParams, signedIn, userRoute } from "../../platform/http/route";

/** Reads a person may send through the proxy per minute (the switcher and the reports list take a few each). */
export const PROXY_RULE = { limit: 120, windowSeconds: 60 } as const;

/** A forwarded read's access token lives this long; it never leaves the server. */
const FORWARD_TOKEN_SECONDS = 60;

/**
 * POST /portfolios/{id}/proxy/: one allow-listed read of a registered, authorized portfolio
 * company. The read runs through the app itself (Fastify inject) with a short access token of
 * the registration's viewAs user in the company's tenant, so that user's permissions, KPI
 * sensitivity and the company's row-level security apply exactly as in the company's own app;
 * the investor's tenant and the company's never meet in one query. The answer is the company's
 * answer (status and JSON), except that a 401 (its user can no longer sign in) becomes a 403.
 */
export const portfolioProxyRoutes = [
  userRoute({
    method: "POST",
    path: "/portfolios/{id}/proxy/",
    summary: "Forward one allow-listed read to a registered portfolio company, as its user for this instance",
    description: `Allowed (method GET, service main): ${PROXY_ALLOW_LIST.map((entry) => entry.path).join(", ")}. Query parameters go in payload. Other methods and endpoints answer 403; malformed endpoints (query strings, encoded characters, dots) 400; a registration of another instance 404; one the company has not authorized 403. At most ${PROXY_RULE.limit} reads a minute per person (429).`,
    access: signedIn(),
    params: IdParams,
    body: PortfolioProxyRequest,
    response: Schema.Unknown,
    handle: async ({ params: { id }, body, user, request, reply, services, inTenant }) => {
      const decision = decideProxyCall(body);
      if (!decision.allowed) throw decision.status === 403 ? forbidden(decision.message) : badRequest({ [decision.field]: [decision.message] });
      const instance = await inTenant(({ db }) => db.selectFrom("registered_instances").select(["target_tenant_id", "target_user_id", "authorization_state"]).where("id", "=", id).executeTakeFirst());
      if (!instance) throw notFound();
      if (instance.authorization_state !== "authorized" || instance.target_user_id === null) throw forbidden(INSTANCE_NOT_AUTHORIZED);
      const budget = await services.throttle.hit(`portfolio-proxy:${user.tenantId}:${user.userId}`, PROXY_RULE);
      if (!budget.allowed) {
        reply.header("retry-after", String(budget.retryAfterSeconds));
        throw new HttpError(429, { detail: PORTFOLIO_PROXY_THROTTLED(Math.ceil(budget.retryAfterSeconds / 60)) });
      }
      const token = await services.signer.sign("access", { tenantId: instance.target_tenant_id, userId: instance.target_user_id }, FORWARD_TOKEN_SECONDS, {
        proxy: true,
        by: `${user.tenantId}:${user.userId}`,
      });
      const { call } = decision;
      const search = new URLSearchParams(call.query).toString();
      const answer = await request.server.inject({
        method: "GET",
        url: `${API_ROOTS[call.service]}${call.path}${search ? `?${search}` : ""}`,
        headers: { authorization: `Bearer ${token}`, accept: "application/json" },
      });
      if (answer.statusCode === 401) throw forbidden(PORTFOLIO_USER_INACTIVE);
      reply.header("cache-control", "no-store");
      reply.status(answer.statusCode);
      return answer.body === "" ? reply.send() : reply.type("application/json").send(answer.body);
    },
  }),
];
