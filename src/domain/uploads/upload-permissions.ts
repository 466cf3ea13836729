import { PLANNING_FORBIDDEN } from "../../contracts/kpis";
import type { UploadType } from "../../contracts/uploads";
import type { Permission } from "../permissions/catalogue";
import { FORECAST_UPLOAD_FORBIDDEN, FX_UPLOAD_FORBIDDEN } from "./upload-texts";

/**
 * Who may upload what. Every upload needs upload_download_excel_data (spec section 6: data
 * input). On top, each type needs what editing the same data by hand needs: planning a planning
 * screen's permission (as POST /api/kpis/planning-values/), forecasting write_forecasts, FX rates
 * manage_company_settings (as the currency settings); and every KPI value the KPI's write level
 * (checked per row). Staff pass. The server refuses with `denied`; the screen offers only the
 * types a person may upload.
 */
export const UPLOAD_TYPE_NEEDS: Readonly<Record<UploadType, { readonly anyOf: readonly Permission[]; readonly denied: string } | null>> = {
  reporting: null,
  dimensions: null,
  planning: { anyOf: ["access_financial_planning", "access_operational_planning"], denied: PLANNING_FORBIDDEN },
  forecasting: { anyOf: ["write_forecasts"], denied: FORECAST_UPLOAD_FORBIDDEN },
  fx: { anyOf: ["manage_company_settings"], denied: FX_UPLOAD_FORBIDDEN },
};

export function mayUploadType(who: { readonly isStaff: boolean; readonly permissions: ReadonlySet<Permission> }, type: UploadType): boolean {
  const needs = UPLOAD_TYPE_NEEDS[type];
  return !needs || who.isStaff || needs.anyOf.some((permission) => who.permissions.has(permission));
}
