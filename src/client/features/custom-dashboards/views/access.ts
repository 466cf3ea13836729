import type { AppState } from "../../../app/state";
import { selectAccess } from "../../session/model";

/**
 * Creating, duplicating and ordering dashboards need control_custom_dashboards (staff have every
 * permission); a user who only has dashboards shared with them reads and, where allowed, edits those.
 */
export function selectCanCreateDashboards(state: AppState): boolean {
  const access = selectAccess(state.session);
  return !!access && (access.isStaff || access.permissions.has("control_custom_dashboards"));
}
