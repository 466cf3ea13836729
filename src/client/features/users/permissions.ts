import { canOpen } from "../../../domain/navigation/access";
import { screenOf } from "../../../domain/navigation/screens";
import type { AppState } from "../../app/state";
import { selectAccess } from "../session/model";

const USER_MANAGEMENT = screenOf("/settings/user-management");

/**
 * Whether the signed-in person may manage users: the screen's own rule (manage_users, or staff),
 * the permission the server checks on every /auth/users call. Decided once the session is loaded.
 */
export function selectCanManageUsers(state: AppState): boolean {
  const access = selectAccess(state.session);
  return !!access && !!USER_MANAGEMENT && canOpen(access, USER_MANAGEMENT);
}
