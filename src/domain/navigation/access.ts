import { withImpliedPermissions, type Permission } from "../permissions/catalogue";
import { SCREENS, type MenuSection, type Screen } from "./screens";

/** What access decisions need to know about the signed-in user and their company. */
export interface AccessProfile {
  readonly isStaff: boolean;
  readonly permissions: ReadonlySet<Permission>;
  readonly features: Readonly<Record<string, boolean>>;
  readonly instance: "company" | "investor" | "holding";
  readonly accessCustomDashboard: boolean;
}

export function accessProfile(input: {
  isStaff: boolean;
  grantedPermissions: Iterable<string>;
  features: Readonly<Record<string, boolean>>;
  instance: AccessProfile["instance"];
  accessCustomDashboard?: boolean;
}): AccessProfile {
  return {
    isStaff: input.isStaff,
    permissions: withImpliedPermissions(input.grantedPermissions),
    features: input.features,
    instance: input.instance,
    accessCustomDashboard: input.accessCustomDashboard ?? false,
  };
}

const CUSTOM_DASHBOARD_SCREENS = new Set(["/reporting/custom", "/reporting/custom-dashboard"]);

/** Staff pass everything; others need one listed permission and the screen's feature flag. */
export function canOpen(profile: AccessProfile, screen: Screen): boolean {
  if (!screen.instances.includes(profile.instance)) return false;
  if (profile.isStaff) return true;
  if (screen.feature && !profile.features[screen.feature]) return false;
  if (screen.anyOf === "anyone") return true;
  // A dashboard shared with the user opens the overview and the dashboard screen (the API decides which dashboards).
  if (CUSTOM_DASHBOARD_SCREENS.has(screen.path) && profile.accessCustomDashboard) return true;
  return screen.anyOf.some((permission) => profile.permissions.has(permission));
}

/** A menu item as GET /api/menu/ sends it (spec section 3). */
export interface MenuItem {
  readonly label: string;
  readonly isCustomLabel: boolean;
  readonly to: string;
  readonly params: Readonly<Record<string, string>>;
  readonly submenu: readonly MenuItem[];
}

/** Sections that stay a group even with one screen: a person looks for their settings under Settings. */
const ALWAYS_GROUPED: ReadonlySet<MenuSection> = new Set(["Settings"]);

/**
 * The menu of a user: the built screens they may open, grouped by section. A section with one
 * screen is a plain item (Settings excepted); with more, an item whose submenu lists them.
 */
export function buildMenu(profile: AccessProfile, screens: readonly Screen[] = SCREENS): MenuItem[] {
  const sections = new Map<MenuSection, Screen[]>();
  for (const screen of screens) {
    if (!screen.landed || screen.path === "/reporting/kpi-detail" || screen.menu === false || !canOpen(profile, screen)) continue;
    const list = sections.get(screen.section) ?? [];
    list.push(screen);
    sections.set(screen.section, list);
  }
  return [...sections.entries()].map(([section, list]) => {
    const item = (screen: Screen): MenuItem => ({ label: screen.label, isCustomLabel: false, to: screen.path, params: {}, submenu: [] });
    if (list.length === 1 && !ALWAYS_GROUPED.has(section)) return item(list[0]!);
    return { label: section, isCustomLabel: false, to: list[0]!.path, params: {}, submenu: list.map(item) };
  });
}
