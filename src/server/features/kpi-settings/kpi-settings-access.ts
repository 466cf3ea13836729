import type { Permission } from "../../../domain/permissions/catalogue";
import { canReadSensitivity } from "../../../domain/permissions/sensitivity";
import { needs } from "../../platform/http/route";
import type { Reader } from "../kpis/kpi-service";

/**
 * Who may change what in the KPI settings (docs/decisions.md, "Glossary, benchmarks and KPI
 * management"):
 * - custom KPIs and custom categories: create_custom_kpis (spec section 7);
 * - a catalogue KPI's settings, and the glossary (writing, approving): a company administrator,
 *   manage_company_settings;
 * - a KPI's benchmarks and responsibles: whoever may change its settings.
 * Every KPI route answers 404 for a KPI the caller may not read. Staff pass all of them.
 */
export const CUSTOM_KPIS: Permission = "create_custom_kpis";
export const COMPANY_ADMIN: Permission = "manage_company_settings";

export const MANAGE_CUSTOM = needs(CUSTOM_KPIS);
export const MANAGE_ANY_KPI = needs([CUSTOM_KPIS, COMPANY_ADMIN]);
export const GLOSSARY_FEATURE = "kpi_glossary";
export const WRITE_GLOSSARY = needs(COMPANY_ADMIN, { feature: GLOSSARY_FEATURE });
export const READ_GLOSSARY = needs(["read_non_sensitive", "read_sensitive", "read_most_sensitive", "read_super_sensitive"], { feature: GLOSSARY_FEATURE });

const has = (reader: Reader, permission: Permission) => reader.isStaff || reader.permissions.has(permission);

export const isCompanyAdmin = (reader: Reader) => has(reader, COMPANY_ADMIN);
export const mayManageCustom = (reader: Reader) => has(reader, CUSTOM_KPIS);
export const mayEditKpi = (reader: Reader, kpi: { readonly isCustom: boolean }) => (kpi.isCustom ? mayManageCustom(reader) : isCompanyAdmin(reader));

/** The highest sensitivity the reader may read (3 for staff), -1 for none. */
export function readLevelOf(reader: Reader): number {
  if (reader.isStaff) return 3;
  for (let level = 3; level >= 0; level--) if (canReadSensitivity(reader.permissions, level)) return level;
  return -1;
}
