import type { ReactElement } from "react";
import { act, cleanup, fireEvent, screen } from "@testing-library/react";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { INSTANCE_NOT_AUTHORIZED, type RegisteredInstance } from "../../../../src/contracts/portfolio";
import { initialState } from "../../../../src/client/app/state";
import { initialPortfolio, type PortfolioModel } from "../../../../src/client/features/portfolio/model";
import { CompanyFrames } from "../../../../src/client/features/portfolio/views/company-frames";
import { CompanySwitcher } from "../../../../src/client/features/portfolio/views/company-switcher";
import { LinkingView } from "../../../../src/client/features/portfolio/views/linking-view";
import { renderWithBus } from "../../support/dom";
import { demoCompany, profileWith } from "../../support/session-fixtures";

test.after.each(() => cleanup());

const instances: RegisteredInstance[] = [
  { id: 1, instance_name: "Demo GmbH", frontend_url: "", authorization_state: "authorized" },
  { id: 2, instance_name: "Northwind AG", frontend_url: "", authorization_state: "authorized" },
  { id: 3, instance_name: "Pending AG", frontend_url: "", authorization_state: "requested" },
];
const company = demoCompany({ name: "Atlas Ventures", kind: "investor", isInvestorInstance: true });
const profile = (permissions: string[]) => profileWith(permissions, { email: "investor@atlas.example", first_name: "Ari", last_name: "Atlas" });
const render = (portfolio: Partial<PortfolioModel>, ui: ReactElement, permissions: string[] = []) =>
  renderWithBus(ui, {
    state: {
      session: { ...initialState.session, stage: "ready", profile: profile(permissions), company },
      portfolio: { ...initialPortfolio, instances: { status: "loaded", list: instances, message: null }, ...portfolio },
    },
  });

test("the switcher: tabs for every company, the shown one selected; arrows, Home and End switch", async () => {
  const view = await render({ selected: 1 }, <CompanySwitcher />);
  const tabs = screen.getAllByRole("tab");
  assert.equal(tabs.map((tab) => [tab.textContent, tab.getAttribute("aria-selected"), tab.tabIndex]), [
    ["Demo GmbH", "true", 0],
    ["Northwind AG", "false", -1],
    ["Pending AGRequested", "false", -1],
  ]);
  fireEvent.keyDown(tabs[0]!, { key: "ArrowRight" });
  fireEvent.keyDown(tabs[0]!, { key: "ArrowLeft" });
  fireEvent.keyDown(tabs[0]!, { key: "End" });
  fireEvent.click(screen.getByRole("tab", { name: "Northwind AG" }));
  assert.equal(view.commands.map((command) => (command as { instanceId?: number }).instanceId), [2, 3, 3, 2]);
});

test("the frames: loading, not authorized without a frame, failed with a retry; opened frames stay, hidden", async () => {
  const frames = {
    1: { status: "loaded", generation: 0, message: null, path: "/my-dashboard", landingPath: null },
    2: { status: "failed", generation: 1, message: "The company did not open in time. Try again.", path: null, landingPath: null },
    3: { status: "unauthorized", generation: 0, message: null, path: null, landingPath: null },
  } as const;
  const failed = await render({ selected: 2, frames }, <CompanyFrames visible />);
  assert.ok(screen.getByText("The company did not open in time. Try again."));
  fireEvent.click(screen.getByRole("button", { name: "Try again" }));
  assert.equal(failed.commands, [{ _tag: "RetryPortfolioFrame", instanceId: 2 }]);
  const opened = [...document.querySelectorAll("iframe")].map((frame) => [frame.title, frame.className, frame.getAttribute("src")]);
  const src = `${window.location.origin}/iframelogin`;
  assert.equal(opened, [["Demo GmbH in Meridian", "", src], ["Northwind AG in Meridian", "", src]], "both kept, neither shown while Northwind AG failed");
  cleanup();

  await render({ selected: 3, frames }, <CompanyFrames visible />);
  assert.ok(screen.getByText(INSTANCE_NOT_AUTHORIZED));
  assert.is(document.querySelector("iframe[title='Pending AG in Meridian']"), null, "no frame for a company that has not authorized");
  cleanup();

  await render({ selected: 1, frames: { 1: { ...frames[1], status: "loading", path: null } } }, <CompanyFrames visible />);
  assert.ok(screen.getByText("Opening Demo GmbH…"));
  cleanup();

  await render({ selected: 1, frames }, <CompanyFrames visible />);
  assert.is(document.querySelector("iframe.showing")?.getAttribute("title"), "Demo GmbH in Meridian");
  assert.is(document.querySelector("iframe.showing")?.getAttribute("data-path"), "/my-dashboard");
});

test("multi-instance linking: states for everyone; removing asks first and needs manage_company_settings", async () => {
  await render({}, <LinkingView />);
  assert.equal(
    screen.getAllByRole("row").slice(1).map((row) => [...row.querySelectorAll("td")].slice(0, 2).map((cell) => cell.textContent)),
    [["Demo GmbH", "Authorized"], ["Northwind AG", "Authorized"], ["Pending AG", "Requested"]],
  );
  assert.is(screen.queryByRole("button", { name: "Remove Demo GmbH" }), null);
  cleanup();

  const view = await render({}, <LinkingView />, ["manage_company_settings"]);
  fireEvent.click(screen.getByRole("button", { name: "Remove Northwind AG" }));
  const dialog = await screen.findByRole("alertdialog");
  assert.match(dialog.textContent ?? "", "Remove Northwind AG?");
  await act(async () => fireEvent.click(screen.getByRole("button", { name: "Remove" })));
  assert.equal(view.commands, [{ _tag: "RemovePortfolioInstance", instanceId: 2, name: "Northwind AG" }]);
});

test.run();
