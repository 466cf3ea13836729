import { canReadSensitivity } from "../../../domain/permissions/sensitivity";
import type { Permission } from "../../../domain/permissions/catalogue";
import { needs } from "../../platform/http/route";
import type { Reader } from "./kpi-service";

/**
 * Who may do what in KPI reporting beyond a single KPI's sensitivity:
 * - reading company-wide reporting settings (currencies, categories) needs any KPI read
 *   permission (level 0 is readable with any of them), since they only make sense next to values;
 * - changing them (named FX rates, the corporate currency, a category's columns) is company
 *   administration: manage_company_settings (docs/decisions.md, "KPI reporting API");
 * - planning edits need a planning screen's permission on top of the KPI's write level.
 * Staff pass all of them.
 */
const KPI_READ_PERMISSIONS: readonly Permission[] = ["read_non_sensitive", "read_sensitive", "read_most_sensitive", "read_super_sensitive"];

export const mayReadReporting = (reader: Reader) => reader.isStaff || canReadSensitivity(reader.permissions, 0);

export const READ_REPORTING = needs(KPI_READ_PERMISSIONS);
export const MANAGE_REPORTING = needs("manage_company_settings");
export const PLAN = needs(["access_financial_planning", "access_operational_planning"]);
