import { canOpen } from "../../../domain/navigation/access";
import { screenOf } from "../../../domain/navigation/screens";
import type { AppState } from "../../app/state";
import { selectAccess } from "../session/model";

const INTEGRATIONS = screenOf("/integration");

/** Whether the signed-in person may manage integrations: the screen's own rule, as the server checks it. */
export function selectCanManageIntegrations(state: AppState): boolean {
  const access = selectAccess(state.session);
  return !!access && !!INTEGRATIONS && canOpen(access, INTEGRATIONS);
}
