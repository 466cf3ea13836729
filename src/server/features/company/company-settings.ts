import { LOGO_THEMES, TIME_ZONE_UNKNOWN, type CompanyLogo, type CompanyLogoVersions, type CompanySettings, type CompanySettingsChange, type LogoTheme } from "../../../contracts/company";
import { isTimeZone } from "../../../domain/company/time-zones";
import type { TenantContext } from "../../db/tenancy";
import { badRequest } from "../../platform/http/errors";

/** The company's settings as administrators edit them: the tenant's row and its logos. */
export async function loadCompanySettings(context: TenantContext): Promise<CompanySettings> {
  const tenant = await context.db.selectFrom("tenants").select(["name", "fiscal_year_offset", "local_currency", "time_zone"]).where("id", "=", context.tenantId).executeTakeFirstOrThrow();
  const logos = await loadLogoInfo(context);
  return {
    name: tenant.name,
    fiscalYearStartMonth: tenant.fiscal_year_offset + 1,
    localCurrency: tenant.local_currency,
    timeZone: tenant.time_zone,
    logos: { light: logos.find((logo) => logo.theme === "light") ?? null, dark: logos.find((logo) => logo.theme === "dark") ?? null },
  };
}

/**
 * Applies a change, all or nothing, and tells every open session (CompanySettingsChanged carries
 * the whole profile, so a client folds it without asking again). A change of the local currency
 * is also the corporate currency's (CorporateCurrencyChanged, as PATCH /kpis/currencies/corporate/).
 */
export async function changeCompanySettings(context: TenantContext, change: CompanySettingsChange): Promise<CompanySettings> {
  if (change.timeZone !== undefined && !isTimeZone(change.timeZone)) throw badRequest({ timeZone: [TIME_ZONE_UNKNOWN] });
  const before = await loadCompanySettings(context);
  const set = {
    ...(change.name !== undefined ? { name: change.name } : {}),
    ...(change.fiscalYearStartMonth !== undefined ? { fiscal_year_offset: change.fiscalYearStartMonth - 1 } : {}),
    ...(change.localCurrency !== undefined ? { local_currency: change.localCurrency } : {}),
    ...(change.timeZone !== undefined ? { time_zone: change.timeZone } : {}),
  };
  if (Object.keys(set).length === 0) return before;
  await context.db.updateTable("tenants").set(set).where("id", "=", context.tenantId).execute();
  const after = await loadCompanySettings(context);
  await context.appendEvent({
    type: "CompanySettingsChanged",
    payload: { name: after.name, fiscalYearStartMonth: after.fiscalYearStartMonth, localCurrency: after.localCurrency, timeZone: after.timeZone },
  });
  if (after.localCurrency !== before.localCurrency) {
    await context.appendEvent({ type: "CorporateCurrencyChanged", payload: { code: after.localCurrency, previous: before.localCurrency } });
  }
  return after;
}

/** The stored logos without their bytes. */
export async function loadLogoInfo({ db }: TenantContext): Promise<CompanyLogo[]> {
  const rows = await db.selectFrom("company_logos").select(["theme", "file_name", "media_type", "size", "width", "height", "updated_at"]).orderBy("theme").execute();
  return rows.map((row) => ({
    theme: row.theme,
    fileName: row.file_name,
    mediaType: row.media_type,
    size: row.size,
    width: row.width,
    height: row.height,
    version: new Date(row.updated_at).toISOString(),
  }));
}

/** Each theme's logo version (null: none), for GET /api/company/. */
export async function logoVersions(context: TenantContext): Promise<CompanyLogoVersions> {
  const logos = await loadLogoInfo(context);
  const versionOf = (theme: LogoTheme) => logos.find((logo) => logo.theme === theme)?.version ?? null;
  return Object.fromEntries(LOGO_THEMES.map((theme) => [theme, versionOf(theme)])) as CompanyLogoVersions;
}
