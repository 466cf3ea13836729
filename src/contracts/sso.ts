import { Schema } from "@effect/schema";
import { SessionTokens } from "./auth";
import { RequiredText, Text } from "./fields";
import { Sensitive } from "./sensitive";

/** GET /api/sso/config/: the providers the sign-in page offers. */
export const SsoConfig = Schema.Struct({ providers: Schema.Array(Schema.Struct({ name: Schema.String, label: Schema.String })) });

/** POST /api/sso/callback/: what the provider sent back to /oauth. */
export const SsoCallback = Schema.Struct({
  code: Sensitive(Text(4096)),
  state: Text(1024),
  iss: Schema.optional(Text(2048)),
});

/** PATCH /api/sso/link/{id}/ */
export const SsoLinkRequest = Schema.Struct({ sso_provider: Text(64), sso_id: RequiredText(255) });

/** The callback's answer when it completed a link rather than a sign-in. */
export const SsoLinked = Schema.Struct({ linked: Schema.Literal(true), provider: Schema.String });

export const SSO_NOT_LINKED = "Requested user not linked with any existing user";
export const SSO_FLOW_EXPIRED = "The single sign-on took too long or was started elsewhere. Please try again.";
export const SSO_ALREADY_LINKED = "This account of the provider is already linked to a user.";

/** The callback's answer for a sign-in: the session, and where the user was headed. */
export const SsoSession = Schema.extend(SessionTokens, Schema.Struct({ next: Schema.optional(Schema.String) }));
