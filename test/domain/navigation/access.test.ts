import { test } from "uvu";
import * as assert from "uvu/assert";
import { accessProfile, buildMenu, canOpen } from "../../../src/domain/navigation/access";
import { screenOf, SCREENS, type Screen } from "../../../src/domain/navigation/screens";

const landed = SCREENS.map((screen) => ({ ...screen, landed: true }));
const screen = (path: string) => landed.find((candidate) => candidate.path === path)!;
const profile = (grants: string[], options: { staff?: boolean; features?: Record<string, boolean>; instance?: "company" | "investor" | "holding" } = {}) =>
  accessProfile({ isStaff: options.staff ?? false, grantedPermissions: grants, features: options.features ?? { okr: true, forecasting: true, my_dashboard: true }, instance: options.instance ?? "company" });

test("canOpen as a table: permission, feature flag, instance kind, staff", () => {
  const table: [string, ReturnType<typeof profile>, boolean][] = [
    ["/my-dashboard", profile(["access_my_dashboard"]), true],
    ["/my-dashboard", profile([]), false],
    ["/my-dashboard", profile(["access_my_dashboard"], { features: {} }), false],
    ["/forecasting", profile(["write_forecasts"]), true], // write implies read
    ["/objectives/overview", profile(["read_employee_okrs"]), true],
    ["/objectives/overview", profile(["read_employee_okrs"], { features: {} }), false],
    ["/investor-reporting", profile(["read_investor_reporting"], { instance: "holding" }), false],
    ["/holding/reporting", profile([], { instance: "holding", features: { holding_reporting: true } }), true],
    ["/holding/reporting", profile([], { instance: "company", features: { holding_reporting: true } }), false],
    ["/query-builder", profile([], { staff: true, features: {} }), true],
    ["/reporting/kpi-detail", profile(["read_non_sensitive"]), true],
  ];
  for (const [path, who, expected] of table) assert.is(canOpen(who, screen(path)), expected, path);
});

test("custom dashboards: control_custom_dashboards, or a dashboard shared with the user (the profile flag)", () => {
  const shared = accessProfile({ isStaff: false, grantedPermissions: [], features: {}, instance: "company", accessCustomDashboard: true });
  assert.is(canOpen(profile(["control_custom_dashboards"]), screen("/reporting/custom")), true);
  assert.is(canOpen(profile([]), screen("/reporting/custom")), false);
  assert.is(canOpen(shared, screen("/reporting/custom")), true);
  assert.is(canOpen(shared, screen("/reporting/operational-dashboard")), false, "the flag opens the custom dashboards only");
  const dashboardScreen: Screen = { ...screen("/reporting/custom"), path: "/reporting/custom-dashboard" };
  assert.is(canOpen(shared, dashboardScreen), true, "and the dashboard screen, once it is a screen");
});

test("the menu holds only built screens the user may open, grouped by section", () => {
  const reporting = profile(["access_operational_reporting", "access_strategic_reporting", "access_my_dashboard"]);
  assert.equal(buildMenu(reporting, landed).map((item) => [item.label, item.to, item.submenu.map((sub) => sub.to)]), [
    ["My dashboard", "/my-dashboard", []],
    ["Reporting", "/reporting/operational-dashboard", ["/reporting/operational-dashboard", "/reporting/strategic-dashboard"]],
    // Settings: user management needs manage_users, two-factor its feature flag: neither shows.
  ]);
});

test("uploads and data input are a Data management section for whoever may upload", () => {
  const delegate = profile(["access_my_dashboard", "upload_download_excel_data"]);
  assert.equal(
    buildMenu(delegate, landed).find((item) => item.label === "Data management")?.submenu.map((sub) => [sub.label, sub.to]),
    [["Uploads", "/data-management"], ["Data input", "/data-management/data-input"]],
  );
  assert.is(buildMenu(profile(["access_my_dashboard"]), landed).find((item) => item.label === "Data management"), undefined);
  assert.is(screenOf("/data-management/data-input", landed)?.label, "Data input");
});

test("the warehouse: its analytics with deep-drill access, its raw data also for those who upload", () => {
  const warehouseOf = (who: ReturnType<typeof profile>) => buildMenu(who, landed).find((item) => item.label === "Warehouse" || item.to.startsWith("/warehouse"));
  assert.equal(warehouseOf(profile(["access_deep_drills"]))?.submenu.map((sub) => sub.to), ["/warehouse/sales", "/warehouse/list-view", "/warehouse/snapshots", "/warehouse/data-issues", "/warehouse/raw-data"]);
  const uploader = warehouseOf(profile(["upload_download_excel_data"]));
  assert.equal([uploader?.label, uploader?.to, uploader?.submenu], ["Raw data", "/warehouse/raw-data", []], "one screen: a plain item");
  assert.is(warehouseOf(profile(["access_my_dashboard", "read_sensitive"])), undefined);
});

test("two-factor authentication sits under Settings for every role, also as its only entry", () => {
  const employee = profile(["access_my_dashboard"], { features: { my_dashboard: true, two_factor_auth: true } });
  const admin = profile(["access_my_dashboard", "manage_users"], { features: { my_dashboard: true, two_factor_auth: true } });
  const settingsOf = (who: ReturnType<typeof profile>) => buildMenu(who, landed).find((item) => item.label === "Settings");
  assert.equal(settingsOf(employee)?.submenu.map((sub) => sub.label), ["Two-factor authentication"]);
  assert.equal(settingsOf(admin)?.submenu.map((sub) => sub.label), ["User management", "Two-factor authentication"]);
});

test("screens not yet built are in no menu", () => {
  const notBuilt: Screen[] = SCREENS.map((candidate) => ({ ...candidate, landed: false }));
  assert.equal(buildMenu(profile([], { staff: true }), notBuilt), []);
});

test("screenOf finds the longest matching screen path", () => {
  assert.is(screenOf("/reporting/kpi-detail/12/charts", landed)?.path, "/reporting/kpi-detail");
  assert.is(screenOf("/forecasting/category/3", landed)?.path, "/forecasting");
  assert.is(screenOf("/reportingx", landed), undefined);
});

test.run();
