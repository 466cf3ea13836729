import type { AppState } from "../../../app/state";
import { selectAccess, selectManagesCompany } from "../../session/model";

/** KPI management opens for custom-KPI makers and company administrators (staff have every permission). */
export function selectCanOpenKpiManagement(state: AppState): boolean {
  const access = selectAccess(state.session);
  return !!access && (access.isStaff || access.permissions.has("create_custom_kpis") || access.permissions.has("manage_company_settings"));
}

/** The glossary is the company's when its kpi_glossary feature is on. */
export function selectGlossaryOn(state: AppState): boolean {
  return selectAccess(state.session)?.features["kpi_glossary"] === true;
}

/** Company administrators maintain the glossary and approve its entries. */
export const selectIsCompanyAdmin = (state: AppState): boolean => selectManagesCompany(state.session);
