import type { MenuItem } from "./access";
import { canOpen, type AccessProfile } from "./access";
import { isPrintPath } from "./print-routes";
import { screenOf, SCREENS, type Screen } from "./screens";

/** Routes anyone may open, signed in or not (spec section 2). */
const PUBLIC_ROUTES = [
  /^\/login(\/mfa)?$/,
  /^\/forgetpassword$/,
  /^\/password\/reset\/confirm\/[^/]+\/[^/]+$/,
  /^\/oauth$/,
  /^\/iframelogin$/,
  /^\/export\/custom-dashboard\/[^/]+$/,
  /^\/print\/investor-reporting\/[^/]+$/,
  /^\/print\/reporting\/custom-dashboard\/[^/]+$/,
];

/** Reachable by every signed-in user (spec section 6), whatever the menu says. */
const ALWAYS_REACHABLE = [/^\/settings(\/|$)/, /^\/uipatterns2?$/, /^\/404$/, /\/deepdrill/, /^\/reporting\/kpi-detail\/[^/]+\/[^/]+\/[^/]+$/];

/**
 * Every address of the main layout that spec section 2 names, built or not. An address outside
 * these is unknown: it shows the 404 page where it was typed, while a known address the user
 * may not open sends them to the first menu item.
 */
const KNOWN_ROUTES = [
  /^\/my-dashboard(\/[^/]+)?$/,
  /^\/planning\/(financial-planning(\/[^/]+)?|operational-planning)$/,
  /^\/liquidity-planning(\/(headcount|expenses)\/scenario\/[^/]+)?$/,
  /^\/forecasting\/(category\/)?[^/]+$/,
  /^\/reporting\/(custom|operational-dashboard|strategic-dashboard|custom-dashboard-helper|list-view)$/,
  /^\/reporting\/(financial-dashboard|custom-dashboard)(\/[^/]+)?$/,
  /^\/reporting\/kpi-detail\/[^/]+(\/[^/]+){0,2}$/,
  /^\/investor-reporting(\/[^/]+){0,2}$/,
  /^\/integration(\/[^/]+){0,2}$/,
  /^\/query-builder(\/[^/]+)?$/,
  /^\/objectives\/(overview(\/[^/]+)?|changelog|okrteamanalytics|corporate|okrlistview|scheduler|teams(\/[^/]+)?|users\/(teams\/)?[^/]+|id(\/[^/]+)?)$/,
  /^\/data-management(\/data-input)?$/,
  /^\/warehouse\/(sales|data-issues|raw-data|list-view(\/[^/]+)?|snapshots(\/[^/]+)?)$/,
  /^\/settings\/(user-management|currency-settings|kpi-management|kpi-glossary|okr-settings|chatgpt-settings|two-factor-auth|organizational-structure|company-settings|holdings)$/,
  /^\/holding\/(reporting|portfolio)(\/[^/]+)*$/,
  /^\/portfolio\/(companies|reports|linking)$/,
  /^\/chat$/,
  /^\/uipatterns2?$/,
  /^\/404$/,
];

export const isKnownRoute = (path: string) => KNOWN_ROUTES.some((pattern) => pattern.test(path));

/** Paths that only the permission check opens, even when the menu lists them. */
const PERMISSION_GATED = /liquidity|objectives|query-builder/;

/**
 * Fixed redirects of spec section 2. /data-management is the uploads screen instead of a redirect
 * to /integration: uploads need upload_download_excel_data, the integrations another permission
 * and a feature flag, so the redirect would send an uploader to a screen they cannot open.
 */
export const REDIRECTS: Readonly<Record<string, string>> = {
  "/": "/my-dashboard/favorite-kpis",
  "/reporting": "/reporting/operational-dashboard",
  "/planning": "/planning/financial-planning",
  "/objectives": "/objectives/overview",
  "/warehouse": "/warehouse/sales",
  "/settings": "/settings/user-management",
  "/portfolio": "/portfolio/companies",
};

export const SIGNED_IN_HOME = "/my-dashboard";

export type SessionStage = "unknown" | "anonymous" | "loading" | "ready";

export interface GuardInput {
  readonly path: string;
  readonly stage: SessionStage;
  readonly menu: readonly MenuItem[];
  readonly access: AccessProfile | null;
  /** Where a signed-out visitor wanted to go; /login sends them there once signed in. */
  readonly returnTo?: string | null;
  /** The company requires a second factor and the user has none: only its setup is open. */
  readonly mustSetUpSecondFactor?: boolean;
  readonly screens?: readonly Screen[];
}

export type GuardDecision =
  | { readonly kind: "allow"; readonly resetFx: boolean }
  | { readonly kind: "redirect"; readonly to: string; readonly rememberTarget?: string }
  | { readonly kind: "wait" };

export const isPublicRoute = (path: string) => PUBLIC_ROUTES.some((pattern) => pattern.test(path));

/** Investor and print routes always show local currency (/export/… is the PDF export's print route). */
export const resetsFx = (path: string) => path.startsWith("/investor-reporting") || isPrintPath(path);

/** Decides what happens on entering `path`. Pure: the router carries out the decision. */
export const SECOND_FACTOR_SETUP = "/settings/two-factor-auth";

export function guardRoute({ path: rawPath, stage, menu, access, returnTo, mustSetUpSecondFactor, screens = SCREENS }: GuardInput): GuardDecision {
  const path = rawPath.length > 1 ? rawPath.replace(/\/+$/, "") : rawPath;
  const redirect = REDIRECTS[path];
  if (redirect) return { kind: "redirect", to: redirect };
  if (isPublicRoute(path)) {
    if (stage !== "anonymous" && stage !== "unknown" && /^\/login(\/mfa)?$/.test(path)) return { kind: "redirect", to: returnTo ?? SIGNED_IN_HOME };
    return { kind: "allow", resetFx: resetsFx(path) };
  }
  if (stage === "unknown") return { kind: "wait" };
  if (stage === "anonymous") return { kind: "redirect", to: "/login", rememberTarget: rawPath };
  if (stage === "loading" || !access) return { kind: "wait" };
  if (mustSetUpSecondFactor && path !== SECOND_FACTOR_SETUP) return { kind: "redirect", to: SECOND_FACTOR_SETUP };
  // An unknown address opens the 404 page in place (the router's catch-all), so the person sees
  // what they typed instead of landing somewhere else without a word.
  if (!isKnownRoute(path)) return { kind: "allow", resetFx: false };
  if (isAllowed(path, menu, access, screens)) return { kind: "allow", resetFx: resetsFx(path) };
  const first = firstMenuTarget(menu);
  return { kind: "redirect", to: first && first !== path ? first : "/404" };
}

function isAllowed(path: string, menu: readonly MenuItem[], access: AccessProfile, screens: readonly Screen[]): boolean {
  if (ALWAYS_REACHABLE.some((pattern) => pattern.test(path))) return true;
  const screen = screenOf(path, screens);
  if (access.isStaff) return true;
  // A screen not built yet opens for nobody: the user goes to the first menu item instead.
  const passesChecks = screen !== undefined && screen.landed && canOpen(access, screen);
  if (PERMISSION_GATED.test(path)) return passesChecks;
  return inMenu(path, menu) || passesChecks;
}

function inMenu(path: string, menu: readonly MenuItem[]): boolean {
  return menu.some((item) => path === item.to || path.startsWith(`${item.to}/`) || inMenu(path, item.submenu));
}

function firstMenuTarget(menu: readonly MenuItem[]): string | undefined {
  const first = menu[0];
  if (!first) return undefined;
  return first.submenu[0]?.to ?? first.to;
}
