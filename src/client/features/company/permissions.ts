import { canReadSensitivity } from "../../../domain/permissions/sensitivity";
import type { AppState } from "../../app/state";
import { selectAccess, selectManagesCompany } from "../session/model";

/** Company administration (manage_company_settings) or staff: who changes the settings, the FX table and the structure. */
export const selectMayManageCompany = (state: AppState): boolean => selectManagesCompany(state.session);

/** The FX table's readers: the currency API's rule (any KPI read permission), and its editors. */
export const selectMayReadFxTable = (state: AppState): boolean => {
  const access = selectAccess(state.session);
  return selectManagesCompany(state.session) || (access !== null && canReadSensitivity(access.permissions, 0));
};
