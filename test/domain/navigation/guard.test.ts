import { test } from "uvu";
import * as assert from "uvu/assert";
import { accessProfile, type MenuItem } from "../../../src/domain/navigation/access";
import { guardRoute, type GuardDecision, type SessionStage } from "../../../src/domain/navigation/guard";
import { SCREENS } from "../../../src/domain/navigation/screens";

const screens = SCREENS.map((screen) => ({ ...screen, landed: true }));
const item = (to: string, submenu: MenuItem[] = []): MenuItem => ({ label: to, isCustomLabel: false, to, params: {}, submenu });
const employee = accessProfile({ isStaff: false, grantedPermissions: ["access_my_dashboard", "access_operational_reporting"], features: { my_dashboard: true, okr: true }, instance: "company" });
const uploader = accessProfile({ isStaff: false, grantedPermissions: ["upload_download_excel_data"], features: {}, instance: "company" });
const staff = accessProfile({ isStaff: true, grantedPermissions: [], features: {}, instance: "company" });
const menu = [item("/my-dashboard"), item("/reporting/operational-dashboard")];

const allow = (resetFx = false): GuardDecision => ({ kind: "allow", resetFx });
const to = (path: string, rememberTarget?: string): GuardDecision => (rememberTarget ? { kind: "redirect", to: path, rememberTarget } : { kind: "redirect", to: path });

test("the route guard as a table", () => {
  const rows: [string, SessionStage, "employee" | "uploader" | "staff" | "none", MenuItem[], GuardDecision][] = [
    // redirects of spec section 2, whoever asks
    ["/", "anonymous", "none", [], to("/my-dashboard/favorite-kpis")],
    ["/reporting", "ready", "employee", menu, to("/reporting/operational-dashboard")],
    ["/planning", "ready", "employee", menu, to("/planning/financial-planning")],
    ["/objectives", "ready", "employee", menu, to("/objectives/overview")],
    // the uploads screen, not a redirect to /integration: it needs the data input permission
    ["/data-management", "ready", "employee", menu, to("/my-dashboard")],
    ["/data-management", "ready", "uploader", [], allow()],
    ["/data-management/data-input", "ready", "uploader", [], allow()],
    ["/data-management/other", "ready", "uploader", [], allow()], // unknown: the 404 page in place
    ["/settings/", "ready", "employee", menu, to("/settings/user-management")],
    // public routes
    ["/login", "anonymous", "none", [], allow()],
    ["/login", "ready", "employee", menu, to("/my-dashboard")],
    ["/login", "loading", "employee", [], to("/my-dashboard")],
    ["/login/mfa", "anonymous", "none", [], allow()],
    ["/login/mfa", "loading", "employee", [], to("/my-dashboard")],
    ["/password/reset/confirm/MQ/abc-123", "anonymous", "none", [], allow()],
    ["/print/investor-reporting/7", "anonymous", "none", [], allow(true)],
    ["/print/reporting/custom-dashboard/7", "ready", "employee", menu, allow(true)],
    ["/export/custom-dashboard/7", "anonymous", "none", [], allow(true)],
    // sign-in required: the target is remembered
    ["/reporting/operational-dashboard", "anonymous", "none", [], to("/login", "/reporting/operational-dashboard")],
    ["/reporting/kpi-detail/12/charts", "anonymous", "none", [], to("/login", "/reporting/kpi-detail/12/charts")],
    ["/reporting/operational-dashboard", "unknown", "none", [], { kind: "wait" }],
    ["/reporting/operational-dashboard", "loading", "employee", [], { kind: "wait" }],
    // allowed by the menu, or by permission and feature flag
    ["/reporting/operational-dashboard", "ready", "employee", menu, allow()],
    ["/my-dashboard/favorite-kpis", "ready", "employee", menu, allow()],
    ["/reporting/strategic-dashboard", "ready", "employee", [item("/reporting/strategic-dashboard"), ...menu], allow()],
    ["/reporting/financial-dashboard/3", "ready", "employee", menu, to("/my-dashboard")],
    ["/my-dashboard", "ready", "employee", [], allow()], // not in the menu, but permission and flag pass
    // liquidity, objectives, query-builder: the permission check decides, not the menu
    ["/objectives/overview", "ready", "employee", [...menu, item("/objectives/overview")], to("/my-dashboard")],
    ["/liquidity-planning", "ready", "employee", [item("/liquidity-planning")], to("/404")],
    ["/query-builder/4", "ready", "employee", menu, to("/my-dashboard")],
    // always reachable; staff everywhere
    ["/settings/user-management", "ready", "employee", menu, allow()],
    ["/404", "ready", "employee", [], allow()],
    ["/query-builder/4", "ready", "staff", [], allow()],
    ["/liquidity-planning", "ready", "staff", [], allow()],
    // nothing allowed and no menu: 404
    ["/reporting/financial-dashboard", "ready", "employee", [], to("/404")],
    // unknown addresses show the 404 page where they were typed; known ones the user may not open do not
    ["/reporting/kpi-detail", "ready", "employee", menu, allow()],
    ["/no/such/page", "ready", "employee", menu, allow()],
    ["/reporting/operational-dashboard/reporting/kpi-detail/13", "ready", "employee", menu, allow()],
    ["/no/such/page", "anonymous", "none", [], to("/login", "/no/such/page")],
    ["/planning/financial-planning/2", "ready", "employee", menu, to("/my-dashboard")],
    // the warehouse: its screens are known; without deep-drill access they send to the first menu item
    ["/warehouse", "ready", "employee", menu, to("/warehouse/sales")],
    ["/warehouse/list-view/mql-sql", "ready", "employee", menu, to("/my-dashboard")],
    ["/warehouse/snapshots/12", "ready", "staff", [], allow()],
    ["/warehouse/raw-data", "ready", "staff", [], allow()],
    ["/warehouse/unknown", "ready", "employee", menu, allow()],
    // investor routes reset the FX selection
    ["/investor-reporting/3/overview", "ready", "staff", [], allow(true)],
  ];
  for (const [path, stage, who, userMenu, expected] of rows) {
    const access = who === "employee" ? employee : who === "uploader" ? uploader : who === "staff" ? staff : null;
    assert.equal(guardRoute({ path, stage, menu: userMenu, access, screens }), expected, `${path} (${stage}, ${who})`);
  }
});

test("a screen that is not built yet sends the user to the first menu item", () => {
  const notBuilt = screens.map((screen) => (screen.path === "/my-dashboard" ? { ...screen, landed: false } : screen));
  assert.equal(guardRoute({ path: "/my-dashboard/favorite-kpis", stage: "ready", menu: [item("/settings/two-factor-auth")], access: employee, screens: notBuilt }), to("/settings/two-factor-auth"));
});

test("after sign-in, /login sends the user to the remembered target", () => {
  assert.equal(guardRoute({ path: "/login", stage: "loading", menu: [], access: null, returnTo: "/reporting/kpi-detail/12", screens }), to("/reporting/kpi-detail/12"));
});

test("a mandatory second factor not yet set up opens only its setup", () => {
  const input = { stage: "ready" as const, menu, access: employee, mustSetUpSecondFactor: true, screens };
  assert.equal(guardRoute({ ...input, path: "/my-dashboard" }), to("/settings/two-factor-auth"));
  assert.equal(guardRoute({ ...input, path: "/settings/two-factor-auth" }), allow());
  assert.equal(guardRoute({ ...input, path: "/forgetpassword" }), allow(), "public routes stay public");
});

test.run();
