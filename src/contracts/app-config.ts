import { Schema } from "@effect/schema";

/** A demo login shown on the sign-in page when the installation runs with demo data. */
export const DemoLogin = Schema.Struct({
  email: Schema.String,
  role: Schema.String,
  company: Schema.String,
});
export type DemoLogin = typeof DemoLogin.Type;

/** GET /config.json: what the client needs before it can call anything. */
export const AppConfig = Schema.Struct({
  roots: Schema.Struct({
    main: Schema.String,
    auth: Schema.String,
    warehouse: Schema.String,
    ai: Schema.String,
  }),
  /** Origins that may frame the app and post it an embed token (/iframelogin). */
  embedOrigins: Schema.optionalWith(Schema.Array(Schema.String), { default: () => [] }),
  demo: Schema.NullOr(
    Schema.Struct({
      password: Schema.String,
      logins: Schema.Array(DemoLogin),
    }),
  ),
});
export type AppConfig = typeof AppConfig.Type;
