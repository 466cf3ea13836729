import type { Permission } from "../../../domain/permissions/catalogue";
import { needs } from "../../platform/http/route";

/**
 * Who may use the warehouse (docs/decisions.md, "Warehouse"). Its analytics drill into a
 * company's raw deals, employees and products beneath the KPIs: the spec's deep-drill access
 * (`access_deep_drills`). Loading raw data is data management (`upload_download_excel_data`),
 * the permission of every other upload. Staff pass both.
 */
export const ANALYTICS_PERMISSIONS: readonly Permission[] = ["access_deep_drills"];
export const UPLOAD_PERMISSIONS: readonly Permission[] = ["upload_download_excel_data"];

export const READ_ANALYTICS = needs(ANALYTICS_PERMISSIONS);
export const UPLOAD_RAW_DATA = needs(UPLOAD_PERMISSIONS);
/** The raw data screen: what is loaded, for those who load it or read what it feeds. */
export const SEE_RAW_DATA = needs([...UPLOAD_PERMISSIONS, ...ANALYTICS_PERMISSIONS]);
