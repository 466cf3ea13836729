import { test } from "uvu";
import * as assert from "uvu/assert";
import { accessProfile, buildMenu } from "../../../src/domain/navigation/access";
import { guardRoute } from "../../../src/domain/navigation/guard";

const shared = accessProfile({ isStaff: false, grantedPermissions: ["access_my_dashboard"], features: { my_dashboard: true }, instance: "company", accessCustomDashboard: true });
const builder = accessProfile({ isStaff: false, grantedPermissions: ["control_custom_dashboards"], features: {}, instance: "company" });
const neither = accessProfile({ isStaff: false, grantedPermissions: ["access_my_dashboard"], features: { my_dashboard: true }, instance: "company" });

test("the overview is in the menu for the permission or a shared dashboard; a dashboard opens from it, not from the menu", () => {
  const labels = (profile: typeof shared) => buildMenu(profile).flatMap((item) => [item.label, ...item.submenu.map((sub) => sub.label)]);
  assert.ok(labels(shared).includes("Custom dashboards"));
  assert.ok(labels(builder).includes("Custom dashboards"));
  assert.not.ok(labels(neither).includes("Custom dashboards"));
  assert.not.ok(labels(builder).includes("Custom dashboard"), "one dashboard is no menu item");
  for (const profile of [shared, builder]) {
    const menu = buildMenu(profile);
    assert.equal(guardRoute({ path: "/reporting/custom-dashboard/5", stage: "ready", menu, access: profile }), { kind: "allow", resetFx: false });
    assert.equal(guardRoute({ path: "/reporting/custom", stage: "ready", menu, access: profile }), { kind: "allow", resetFx: false });
  }
  const menu = buildMenu(neither);
  assert.equal(guardRoute({ path: "/reporting/custom-dashboard/5", stage: "ready", menu, access: neither }), { kind: "redirect", to: "/my-dashboard" });
});

test.run();
