import { test } from "uvu";
import * as assert from "uvu/assert";
import { ACCOUNTING_FILES, ACCOUNTING_INTEGRATION, accountingWizardPath } from "../../../src/domain/integrations/accounting";
import { accessProfile, buildMenu, canOpen } from "../../../src/domain/navigation/access";
import { guardRoute, isKnownRoute } from "../../../src/domain/navigation/guard";
import { screenOf } from "../../../src/domain/navigation/screens";

const profile = (permissions: string[], features: Record<string, boolean> = { integration_dashboard: true }) => accessProfile({ isStaff: false, grantedPermissions: permissions, features, instance: "company" });

test("the catalogue names the wizard's address and the four required files", () => {
  assert.is(accountingWizardPath(), "/integration/accounting/wizard");
  assert.is(accountingWizardPath(ACCOUNTING_INTEGRATION.name), "/integration/accounting/wizard");
  assert.equal(ACCOUNTING_FILES.map((file) => file.name), ["accounts.csv", "bookings.csv", "debtors.csv", "creditors.csv"]);
});

test("the wizard opens with manage_data_integrations and the integration feature; it is reached from the integrations overview, not the menu", () => {
  const wizard = screenOf("/integration/accounting/wizard")!;
  assert.is(wizard.label, "Accounting import");
  assert.ok(isKnownRoute("/integration/accounting/wizard"));
  const manager = profile(["manage_data_integrations"]);
  assert.ok(canOpen(manager, wizard));
  assert.not.ok(canOpen(profile(["manage_data_integrations"], {}), wizard), "the feature flag is needed");
  assert.not.ok(canOpen(profile(["upload_download_excel_data"]), wizard));
  // The spec reaches the wizard from the integrations screen (/integration/{name}/wizard): the menu has Integrations only.
  const menu = buildMenu(manager);
  assert.equal(menu.map((item) => [item.label, item.to]), [["Integrations", "/integration"]]);
  assert.not.ok(JSON.stringify(buildMenu(profile(["manage_data_integrations", "upload_download_excel_data"]))).includes("Accounting import"));
  const decide = (access: ReturnType<typeof profile>) => guardRoute({ path: "/integration/accounting/wizard", stage: "ready", menu: buildMenu(access), access });
  assert.equal(decide(manager), { kind: "allow", resetFx: false });
  assert.equal(decide(profile(["access_my_dashboard"], { integration_dashboard: true, my_dashboard: true })), { kind: "redirect", to: "/my-dashboard" });
});

test.run();
