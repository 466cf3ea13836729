import type { AppState } from "../../../app/state";
import { selectManagesCompany } from "../../session/model";

/** Adding and removing subsidiaries, and deciding a holding's request, need manage_company_settings (staff have every permission). */
export const selectCanManageHolding = (state: AppState): boolean => selectManagesCompany(state.session);
