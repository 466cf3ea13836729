import { act, cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { CompanySettingsLoaded } from "../../../../../src/contracts/messages/company";
import { CompanyLogoLoaded } from "../../../../../src/contracts/messages/company-profile";
import { initialState } from "../../../../../src/client/app/state";
import { CompanyBrand } from "../../../../../src/client/app/shell/company-brand";
import CompanySettingsScreen from "../../../../../src/client/features/company/views/company-settings-screen";
import { PERMISSION_DENIED_TEXT } from "../../../../../src/client/ui/states";
import { renderWithBus } from "../../../support/dom";
import { demoCompany, profileWith } from "../../../support/session-fixtures";

test.after.each(() => cleanup());

const sessionOf = (permissions: string[]) => ({ session: { ...initialState.session, stage: "ready" as const, profile: profileWith(permissions), company: demoCompany() } });
const settings = { name: "Demo GmbH", fiscalYearStartMonth: 4, localCurrency: "EUR", timeZone: "Europe/Berlin", logos: { light: null, dark: { theme: "dark" as const, fileName: "tall.png", mediaType: "image/png" as const, size: 2048, width: 400, height: 200, version: "v1" } } };

test("without manage_company_settings: only the explanation, and nothing asked of the server", async () => {
  const view = await renderWithBus(<CompanySettingsScreen />, { state: sessionOf(["manage_users", "read_sensitive"]) });
  assert.is(screen.getByRole("heading", { level: 1 }).textContent, PERMISSION_DENIED_TEXT);
  assert.equal(view.commands, []);
  view.unmount();
});

test("an administrator's form sends only what changed; a tall logo says how it is shown", async () => {
  const view = await renderWithBus(<CompanySettingsScreen />, { state: sessionOf(["manage_company_settings"]) });
  await waitFor(() => assert.equal(view.commands, [{ _tag: "LoadCompanySettings" }]));
  act(() => void view.bus.receive(CompanySettingsLoaded.make({ settings }), "local"));
  const save = screen.getByRole("button", { name: "Save changes" }) as HTMLButtonElement;
  assert.ok(save.disabled, "nothing to save yet");
  fireEvent.change(screen.getByLabelText("Company name", { exact: false }), { target: { value: "Demo Group" } });
  fireEvent.change(screen.getByLabelText("Fiscal year starts in"), { target: { value: "1" } });
  fireEvent.click(save);
  await waitFor(() => assert.equal(view.commands.at(-1), { _tag: "SaveCompanySettings", change: { name: "Demo Group", fiscalYearStartMonth: 1 } }));
  assert.ok(screen.getByText(/tall\.png · 400 × 200 px · 2 KB · shown 120 × 60 px/));
  assert.ok(screen.getByRole("button", { name: "Upload light logo" }));
  assert.ok(screen.getByRole("button", { name: "Replace dark logo" }));
  view.unmount();
});

test("the menu's brand: the product name until the theme's logo is in, then the logo named after the company", async () => {
  const view = await renderWithBus(<CompanyBrand />, { state: sessionOf([]) });
  assert.is(screen.getByTestId("company-brand").textContent, "Meridian");
  act(() => void view.bus.receive(CompanyLogoLoaded.make({ theme: "light", version: "v1", url: "blob:light" }), "local"));
  assert.is(screen.getByTestId("company-brand").textContent, "Meridian", "the light logo does not show on the dark theme");
  act(() => void view.bus.receive(CompanyLogoLoaded.make({ theme: "dark", version: "v2", url: "blob:dark" }), "local"));
  const image = screen.getByRole("img", { name: "Demo GmbH logo" });
  assert.is(image.getAttribute("src"), "blob:dark");
  view.unmount();
});

test.run();
