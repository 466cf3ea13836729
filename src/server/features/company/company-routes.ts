import { Schema } from "@effect/schema";
import { CompanySettings, CompanySettingsChange, LOGO_MAX_BYTES, LOGO_MEDIA_TYPES, LOGO_THEMES, LOGO_TOO_BIG, type CompanySettingsChange as Change } from "../../../contracts/company";
import { needs, READ_WHILE_PRINTING, signedIn, userRoute, type UploadedFile } from "../../platform/http/route";
import { readLogo, removeLogo, storeLogo } from "./company-logos";
import { changeCompanySettings, loadCompanySettings } from "./company-settings";

/** Company administration (spec section 6: only company administrators change company settings); staff pass. */
const MANAGE_COMPANY = needs("manage_company_settings");

const ThemeParams = Schema.Struct({ theme: Schema.Literal(...LOGO_THEMES).annotations({ message: () => "Choose light or dark." }) });
type ThemeParams = typeof ThemeParams.Type;

/**
 * /settings/company-settings (issue 15): the company's name, fiscal year start, local currency,
 * time zone and its two logos. Reading the logo bytes is open to every user of the company (the
 * shell shows it to all, spec section 6) and to print tokens (print pages show it too).
 */
export const companyRoutes = [
  userRoute({
    method: "GET",
    path: "/company/settings/",
    summary: "The company's settings: name, fiscal year start month, local currency, time zone, logos",
    access: MANAGE_COMPANY,
    response: CompanySettings,
    handle: ({ inTenant }) => inTenant(loadCompanySettings),
  }),

  userRoute<undefined, undefined, Change>({
    method: "PATCH",
    path: "/company/settings/",
    summary: "Change the company's name, fiscal year start month (1–12), local currency or time zone (IANA)",
    description: "An unknown time zone answers 400 'Choose a time zone from the list.'. A new local currency is also the corporate currency of the FX table.",
    access: MANAGE_COMPANY,
    body: CompanySettingsChange,
    response: CompanySettings,
    handle: ({ body, inTenant }) => inTenant((context) => changeCompanySettings(context, body)),
  }),

  userRoute<ThemeParams, undefined, UploadedFile>({
    method: "POST",
    path: "/company/logos/{theme}/",
    summary: "Upload or replace the light or dark logo (PNG or JPEG, at most 5 MB, judged by its content)",
    description: "Another type answers 400 'File type not allowed'; past 5 MB, 413 'File too big'. Nothing is stored on a refusal.",
    access: MANAGE_COMPANY,
    params: ThemeParams,
    upload: { field: "file", maxBytes: LOGO_MAX_BYTES, mediaTypes: [...LOGO_MEDIA_TYPES], tooLarge: LOGO_TOO_BIG },
    bodyLimit: LOGO_MAX_BYTES + 64 * 1024,
    response: CompanySettings,
    status: 201,
    handle: ({ params, body, user, inTenant }) => inTenant((context) => storeLogo(context, params.theme, body, user.userId)),
  }),

  userRoute<ThemeParams>({
    method: "GET",
    path: "/company/logos/{theme}/",
    summary: "The light or dark logo's image, for every user of the company",
    access: signedIn(),
    print: READ_WHILE_PRINTING,
    params: ThemeParams,
    response: { mediaType: "image/png", description: "The logo as uploaded (PNG or JPEG)" },
    handle: async ({ params, inTenant, reply }) => {
      const logo = await inTenant((context) => readLogo(context, params.theme));
      // Served as an image that can never be run as a page, whatever its bytes.
      return reply
        .header("content-type", logo.mediaType)
        .header("x-content-type-options", "nosniff")
        .header("content-security-policy", "default-src 'none'; sandbox")
        .header("cache-control", "private, max-age=0, must-revalidate")
        .header("etag", `"${logo.version}"`)
        .send(logo.bytes);
    },
  }),

  userRoute<ThemeParams>({
    method: "DELETE",
    path: "/company/logos/{theme}/",
    summary: "Remove the light or dark logo (the shell shows the product name instead)",
    access: MANAGE_COMPANY,
    params: ThemeParams,
    response: CompanySettings,
    handle: ({ params, inTenant }) => inTenant((context) => removeLogo(context, params.theme)),
  }),
];
