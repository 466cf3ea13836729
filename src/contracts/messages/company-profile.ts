import { Schema } from "@effect/schema";
import { LOGO_THEMES } from "../company";

/**
 * The company as every shell shows it, kept current while the session is open: an
 * administrator's change (here or in another session) and the logos' images. Core messages:
 * every user folds them, whatever screens they open.
 */
const Theme = Schema.Literal(...LOGO_THEMES);

/** Name, fiscal year start, local currency and time zone as they are now. */
export class CompanyProfileChanged extends Schema.TaggedStruct("CompanyProfileChanged", {
  name: Schema.String,
  fiscalYearStartMonth: Schema.Number,
  localCurrency: Schema.String,
  timeZone: Schema.String,
}) {}
/** A theme's logo has a new version (null: removed). */
export class CompanyLogoVersionChanged extends Schema.TaggedStruct("CompanyLogoVersionChanged", { theme: Theme, version: Schema.NullOr(Schema.String) }) {}
/**
 * A theme's logo image, fetched with the person's token, as a URL the page can show (an object
 * URL: not replayable without the server, where the shell shows the product name instead).
 */
export class CompanyLogoLoaded extends Schema.TaggedStruct("CompanyLogoLoaded", { theme: Theme, version: Schema.String, url: Schema.String }) {}
export class CompanyLogoLoadFailed extends Schema.TaggedStruct("CompanyLogoLoadFailed", { theme: Theme, version: Schema.String, message: Schema.String }) {}

export const CompanyProfileEvent = Schema.Union(CompanyProfileChanged, CompanyLogoVersionChanged, CompanyLogoLoaded, CompanyLogoLoadFailed);
