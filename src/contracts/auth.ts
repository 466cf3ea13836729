import { Schema } from "@effect/schema";
import { Text } from "./fields";
import { Sensitive, SensitiveString } from "./sensitive";

const NonEmpty = (message: string) => Schema.String.pipe(Schema.minLength(1, { message: () => message }));

/** POST /auth-api/auth/token/ */
export const SignInRequest = Schema.Struct({
  email: NonEmpty("This field may not be blank.").pipe(Schema.maxLength(254)),
  password: Sensitive(NonEmpty("This field may not be blank.").pipe(Schema.maxLength(1024))),
});
export type SignInRequest = typeof SignInRequest.Type;

/**
 * The tokens of a session. The refresh token itself travels only in an HttpOnly cookie (page
 * scripts never see it); the body says when it expires, which drives the auto-logout countdown.
 */
export const SessionTokens = Schema.Struct({
  access: SensitiveString,
  access_expires_at: Schema.String,
  refresh_expires_at: Schema.String,
});
export type SessionTokens = typeof SessionTokens.Type;

/** POST /api/auth/token/refresh/: the cookie, or `refresh` in the body for non-browser clients. */
export const RefreshRequest = Schema.Struct({ refresh: Schema.optional(Sensitive(Text(1024))) });

export const Feature = Schema.Struct({ name: Schema.String, enabled: Schema.Boolean });

export const PermissionGroup = Schema.Struct({
  id: Schema.Number,
  name: Schema.String,
  permissions: Schema.Array(Schema.String),
});

/** GET /api/auth/users/me/ */
export const UserProfile = Schema.Struct({
  id: Schema.Number,
  email: Schema.String,
  first_name: Schema.String,
  last_name: Schema.String,
  features: Schema.Array(Feature),
  is_holding_instance: Schema.Boolean,
  access_custom_dashboard: Schema.Boolean,
  is_staff: Schema.Boolean,
  user_permissions: Schema.Array(Schema.String),
  groups: Schema.Array(PermissionGroup),
  /** The user's second factor, and whether the company requires one. */
  two_factor: Schema.Struct({ enabled: Schema.Boolean, required: Schema.Boolean }),
});
export type UserProfile = typeof UserProfile.Type;

export interface MenuItemShape {
  readonly label: string;
  readonly isCustomLabel: boolean;
  readonly to: string;
  readonly params: { readonly [key: string]: string };
  readonly submenu: readonly MenuItemShape[];
}

/** GET /api/menu/ answers an array of these. */
export const MenuItem: Schema.Schema<MenuItemShape> = Schema.Struct({
  label: Schema.String,
  isCustomLabel: Schema.Boolean,
  to: Schema.String,
  params: Schema.Record({ key: Schema.String, value: Schema.String }),
  submenu: Schema.Array(Schema.suspend((): Schema.Schema<MenuItemShape> => MenuItem)),
}).annotations({ identifier: "MenuItem" });
export const Menu = Schema.Array(MenuItem);

export const FxRateOption = Schema.Struct({ id: Schema.Number, name: Schema.String, currency: Schema.String });

/** GET /api/company/ */
export const Company = Schema.Struct({
  name: Schema.String,
  kind: Schema.Literal("company", "investor", "holding"),
  multiCurrency: Schema.Boolean,
  isInvestorInstance: Schema.Boolean,
  localCurrency: Schema.String,
  fiscal_year_offset: Schema.Number,
  fxRates: Schema.Array(FxRateOption),
  /** IANA time zone of the company's schedules (issue 15). Optional: a proxied or older answer has none (UTC). */
  timeZone: Schema.optional(Schema.String),
  /** Each theme's logo version (null or absent: none; the shell shows the product name); GET /api/company/logos/{theme}/ serves it. */
  logos: Schema.optional(Schema.Struct({ light: Schema.NullOr(Schema.String), dark: Schema.NullOr(Schema.String) })),
});
export type Company = typeof Company.Type;

export const SIGN_IN_FAILED = "No user found for the given credentials";
export const REFRESH_FAILED = "Token is invalid or expired";
