import type { OkrLevel } from "../../../contracts/okrs";
import type { AccessProfile } from "../../../domain/navigation/access";
import type { AppState } from "../../app/state";
import { selectAccess } from "../session/model";

/**
 * What the person may do on the objective screens, derived once per access profile (the views
 * read these through useModel: the same answer must be the same object).
 */
export interface OkrAbilities {
  /** The levels they may create objectives at (write_* permissions, higher include lower; staff all). */
  readonly writableLevels: readonly OkrLevel[];
  /** Team writers and above set other people's employee objectives; others only their own. */
  readonly writesOthersEmployeeObjectives: boolean;
  /** The level screens they may open (the route guard's rule: their read permission). */
  readonly readable: { readonly corporate: boolean; readonly teams: boolean };
}

const NOBODY: OkrAbilities = { writableLevels: [], writesOthersEmployeeObjectives: false, readable: { corporate: false, teams: false } };
const cache = new WeakMap<AccessProfile, OkrAbilities>();

export function selectOkrAbilities(state: AppState): OkrAbilities {
  const access = selectAccess(state.session);
  if (!access) return NOBODY;
  let abilities = cache.get(access);
  if (!abilities) {
    const may = (permission: "write_corporate_okrs" | "write_team_okrs" | "write_employee_okrs" | "read_corporate_okrs" | "read_team_okrs") => access.isStaff || access.permissions.has(permission);
    abilities = {
      writableLevels: [...(may("write_corporate_okrs") ? ["corporate" as const] : []), ...(may("write_team_okrs") ? ["team" as const] : []), ...(may("write_employee_okrs") ? ["employee" as const] : [])],
      writesOthersEmployeeObjectives: may("write_team_okrs"),
      readable: { corporate: may("read_corporate_okrs"), teams: may("read_team_okrs") },
    };
    cache.set(access, abilities);
  }
  return abilities;
}

export const selectWritableLevels = (state: AppState): readonly OkrLevel[] => selectOkrAbilities(state).writableLevels;
export const selectMayWriteOthersEmployeeObjectives = (state: AppState): boolean => selectOkrAbilities(state).writesOthersEmployeeObjectives;
export const selectReadableViews = (state: AppState): OkrAbilities["readable"] => selectOkrAbilities(state).readable;

const meCache = new WeakMap<object, { id: number; name: string }>();
/** The signed-in person as the OKR screens name people. */
export const selectMe = (state: AppState): { id: number; name: string } | null => {
  const profile = state.session.profile;
  if (!profile) return null;
  let me = meCache.get(profile);
  if (!me) {
    me = { id: profile.id, name: `${profile.first_name} ${profile.last_name}`.trim() || profile.email };
    meCache.set(profile, me);
  }
  return me;
};
