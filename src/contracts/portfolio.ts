import { Schema } from "@effect/schema";
import { RecordId, Text } from "./fields";
import { Sensitive } from "./sensitive";

/** A portfolio company an investor or holding instance is registered with. */
export const RegisteredInstance = Schema.Struct({
  id: Schema.Number,
  instance_name: Schema.String,
  frontend_url: Schema.String,
  authorization_state: Schema.Literal("requested", "denied", "authorized"),
});
export type RegisteredInstance = typeof RegisteredInstance.Type;

/** POST /api/oauth/authorize/: a one-minute, single-use token to open the company in a frame. */
export const EmbedAuthorizeRequest = Schema.Struct({ instance_id: RecordId });
export const EmbedGrant = Schema.Struct({ token: Sensitive(Schema.String), frontend_url: Schema.String });

/** POST /auth-api/auth/embed/ */
export const EmbedSignInRequest = Schema.Struct({ token: Sensitive(Text(4096)) });

/**
 * The embed protocol between an investor instance (the parent) and a portfolio company in its
 * frame, by postMessage, never by URL:
 * - frame → parent EMBED_TOKEN_REQUEST: asks for a (new) embed token, at start and when its session runs out;
 * - parent → frame EMBED_MESSAGE { token, theme, path? }: the token, the parent's theme and, for the first
 *   sign-in, the path to land on (a report the investor opened);
 * - frame → parent EMBED_READY { path }: signed in and showing `path` (again after each navigation);
 * - parent → frame EMBED_NAVIGATE { path }: show another screen of the company (an in-app path);
 * - parent → frame EMBED_THEME { theme }: the parent's theme changed.
 */
export const EMBED_MESSAGE = "meridian:embed-login";
export const EMBED_TOKEN_REQUEST = "meridian:embed-token-request";
export const EMBED_READY = "meridian:embed-ready";
export const EMBED_NAVIGATE = "meridian:embed-navigate";
export const EMBED_THEME = "meridian:embed-theme";

/** An in-app path a frame may be sent to: one absolute path of the app, no scheme, host or doubled slash. */
export const isInAppPath = (path: string) => /^\/(?!\/)[A-Za-z0-9\-_/]*$/.test(path) && path.length <= 200;

export const INSTANCE_NOT_AUTHORIZED = "This company has not authorized access for your instance.";

/**
 * POST /api/portfolios/{id}/proxy/: one read of a registered portfolio company, as the company's
 * user the registration views it as. `payload` holds a GET's query parameters.
 */
export const PortfolioProxyRequest = Schema.Struct({
  method: Text(10),
  endpoint: Text(300),
  payload: Schema.optionalWith(Schema.NullOr(Schema.Record({ key: Schema.String, value: Schema.NullOr(Schema.Union(Text(1000), Schema.Number, Schema.Boolean)) })), { default: () => null }),
  service: Schema.optionalWith(Text(20), { default: () => "main" }),
});
export type PortfolioProxyRequest = typeof PortfolioProxyRequest.Type;

/** The company's user behind a registration can no longer sign in (deactivated, sessions ended). */
export const PORTFOLIO_USER_INACTIVE = "The company's user for your instance is no longer active. Ask the company to renew the authorization.";
export const PORTFOLIO_PROXY_THROTTLED = (minutes: number) => `Too many requests to your portfolio companies. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
