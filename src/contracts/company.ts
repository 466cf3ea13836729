import { Schema } from "@effect/schema";
import { CurrencyCode } from "./kpis";

/**
 * Company settings (issue 15; spec sections 2, 7, 8, 9): the company's name, fiscal year start,
 * local currency, time zone, and its light and dark logos. Only company administrators
 * (manage_company_settings) or staff read and change them here; every user of the company sees
 * the name and the logo of their theme through GET /api/company/.
 */

export const LOGO_THEMES = ["light", "dark"] as const;
export type LogoTheme = (typeof LOGO_THEMES)[number];

/** Spec section 9: the suggested limits, enforced for the size; taller images are scaled down on display. */
export const LOGO_MAX_BYTES = 5 * 1024 * 1024;
export const LOGO_DISPLAY_HEIGHT = 60;
/** What a logo may be, judged by its bytes, never by its name or declared type (docs/decisions.md). */
export const LOGO_MEDIA_TYPES = ["image/png", "image/jpeg"] as const;
export type LogoMediaType = (typeof LOGO_MEDIA_TYPES)[number];

/** Spec section 8. */
export const LOGO_TYPE_NOT_ALLOWED = "File type not allowed";
export const LOGO_TOO_BIG = "File too big";

export const COMPANY_NAME_BLANK = "Enter the company's name.";
export const TIME_ZONE_UNKNOWN = "Choose a time zone from the list.";
export const FISCAL_START_INVALID = "Choose the month the fiscal year starts in.";

/** A stored logo: enough to show it (its version changes with every upload) and to describe it. */
export const CompanyLogo = Schema.Struct({
  theme: Schema.Literal(...LOGO_THEMES),
  fileName: Schema.String,
  mediaType: Schema.Literal(...LOGO_MEDIA_TYPES),
  size: Schema.Number,
  width: Schema.Number,
  height: Schema.Number,
  /** When it was uploaded (ISO): a new upload is a new version, so caches never show the old one. */
  version: Schema.String,
});
export type CompanyLogo = typeof CompanyLogo.Type;

/** GET and PATCH /api/company/settings/. */
export const CompanySettings = Schema.Struct({
  name: Schema.String,
  /** 1 = January … 12 = December (tenants.fiscal_year_offset + 1). */
  fiscalYearStartMonth: Schema.Number,
  localCurrency: Schema.String,
  /** IANA name, e.g. Europe/Berlin. */
  timeZone: Schema.String,
  logos: Schema.Struct({ light: Schema.NullOr(CompanyLogo), dark: Schema.NullOr(CompanyLogo) }),
});
export type CompanySettings = typeof CompanySettings.Type;

const CompanyName = Schema.Trim.pipe(Schema.filter((name) => (name.length < 1 ? COMPANY_NAME_BLANK : name.length <= 120 || "Use at most 120 characters."), { jsonSchema: { minLength: 1, maxLength: 120 } }));
const FiscalStartMonth = Schema.Number.pipe(Schema.filter((month) => (Number.isInteger(month) && month >= 1 && month <= 12) || FISCAL_START_INVALID, { jsonSchema: { type: "integer", minimum: 1, maximum: 12 } }));
const TimeZoneName = Schema.String.pipe(Schema.filter((zone) => (zone.length >= 1 && zone.length <= 64) || TIME_ZONE_UNKNOWN, { jsonSchema: { minLength: 1, maxLength: 64 } }));

/** PATCH /api/company/settings/: any of the fields; the time zone is checked against the runtime's IANA list. */
export const CompanySettingsChange = Schema.Struct({
  name: Schema.optional(CompanyName),
  fiscalYearStartMonth: Schema.optional(FiscalStartMonth),
  localCurrency: Schema.optional(CurrencyCode),
  timeZone: Schema.optional(TimeZoneName),
});
export type CompanySettingsChange = typeof CompanySettingsChange.Type;

/** The company's profile as every user's shell shows it: in GET /api/company/ and in the events below. */
export const CompanyLogoVersions = Schema.Struct({ light: Schema.NullOr(Schema.String), dark: Schema.NullOr(Schema.String) });
export type CompanyLogoVersions = typeof CompanyLogoVersions.Type;

/** Domain event payloads (server events, streamed to every user of the company). */
export const CompanySettingsChangedPayload = Schema.Struct({
  name: Schema.String,
  fiscalYearStartMonth: Schema.Number,
  localCurrency: Schema.String,
  timeZone: Schema.String,
});
export const CompanyLogoChangedPayload = Schema.Struct({ theme: Schema.Literal(...LOGO_THEMES), version: Schema.NullOr(Schema.String) });
