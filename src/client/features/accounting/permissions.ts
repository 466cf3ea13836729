import { canOpen } from "../../../domain/navigation/access";
import { screenOf } from "../../../domain/navigation/screens";
import { accountingWizardPath } from "../../../domain/integrations/accounting";
import type { AppState } from "../../app/state";
import { selectAccess } from "../session/model";

const WIZARD = screenOf(accountingWizardPath());

/**
 * Whether the signed-in person may use the accounting import wizard: the screen's own rule
 * (manage_data_integrations and the integration feature, or staff), which the server checks on
 * every call of the wizard's API.
 */
export function selectCanManageIntegrations(state: AppState): boolean {
  const access = selectAccess(state.session);
  return !!access && !!WIZARD && canOpen(access, WIZARD);
}
