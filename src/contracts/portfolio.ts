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

/** POST /api/oauth/authorize/: a one-minute, single-use token to open the company in a frame. */
export const EmbedAuthorizeRequest = Schema.Struct({ instance_id: RecordId });
export const EmbedGrant = Schema.Struct({ token: Sensitive(Schema.String), frontend_url: Schema.String });

/** POST /auth-api/auth/embed/ */
export const EmbedSignInRequest = Schema.Struct({ token: Sensitive(Text(4096)) });

/** What the parent window posts to /iframelogin; the frame answers token requests the same way. */
export const EMBED_MESSAGE = "meridian:embed-login";
export const EMBED_TOKEN_REQUEST = "meridian:embed-token-request";

export const INSTANCE_NOT_AUTHORIZED = "This company has not authorized access for your instance.";
