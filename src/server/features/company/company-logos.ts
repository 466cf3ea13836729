import { LOGO_MAX_BYTES, LOGO_TOO_BIG, LOGO_TYPE_NOT_ALLOWED, type CompanySettings, type LogoTheme } from "../../../contracts/company";
import { sniffImage } from "../../../domain/company/logo-image";
import type { TenantContext } from "../../db/tenancy";
import { badRequest, notFound } from "../../platform/http/errors";
import type { UploadedFile } from "../../platform/http/route";
import { loadCompanySettings } from "./company-settings";

/**
 * Stores (or replaces) a theme's logo. The type is judged by the bytes: a PNG or JPEG whose header
 * gives its pixel size. A refused file changes nothing. The logo is stored as uploaded; a taller
 * one than 60 px is scaled down where it is shown (docs/decisions.md).
 */
export async function storeLogo(context: TenantContext, theme: LogoTheme, file: UploadedFile, userId: number): Promise<CompanySettings> {
  if (file.bytes.length > LOGO_MAX_BYTES) throw badRequest({ file: [LOGO_TOO_BIG] });
  const image = sniffImage(file.bytes);
  if (!image) throw badRequest({ file: [LOGO_TYPE_NOT_ALLOWED] });
  const row = {
    file_name: cleanFileName(file.filename, image.mediaType),
    media_type: image.mediaType,
    size: file.bytes.length,
    width: image.width,
    height: image.height,
    bytes: new Uint8Array(file.bytes),
    uploaded_by: userId,
    updated_at: new Date(),
  };
  await context.db
    .insertInto("company_logos")
    .values({ tenant_id: context.tenantId, theme, ...row })
    .onConflict((conflict) => conflict.columns(["tenant_id", "theme"]).doUpdateSet(row))
    .execute();
  const settings = await loadCompanySettings(context);
  await context.appendEvent({ type: "CompanyLogoChanged", payload: { theme, version: settings.logos[theme]?.version ?? null } });
  return settings;
}

/** Removes a theme's logo; the shell falls back to the product name. 404 when there is none. */
export async function removeLogo(context: TenantContext, theme: LogoTheme): Promise<CompanySettings> {
  const removed = await context.db.deleteFrom("company_logos").where("theme", "=", theme).executeTakeFirst();
  if (Number(removed.numDeletedRows) === 0) throw notFound();
  await context.appendEvent({ type: "CompanyLogoChanged", payload: { theme, version: null } });
  return loadCompanySettings(context);
}

/** A theme's logo bytes for display, or 404. */
export async function readLogo({ db }: TenantContext, theme: LogoTheme) {
  const row = await db.selectFrom("company_logos").select(["media_type", "bytes", "updated_at"]).where("theme", "=", theme).executeTakeFirst();
  if (!row) throw notFound();
  return { mediaType: row.media_type, bytes: Buffer.from(row.bytes), version: new Date(row.updated_at).toISOString() };
}

/** The name as shown in the settings: no path, printable, bounded, and ending as its type does. */
function cleanFileName(name: string, mediaType: string): string {
  const base = (name.split(/[\\/]/).at(-1) ?? "").replaceAll(/[\u0000-\u001f\u007f]/g, "").trim().slice(0, 200);
  return base || (mediaType === "image/png" ? "logo.png" : "logo.jpg");
}
