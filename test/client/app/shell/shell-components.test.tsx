import { act, cleanup, fireEvent, screen } from "@testing-library/react";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { FxRateSelected, SessionExtended } from "../../../../src/contracts/messages/session";
import { SessionTimer } from "../../../../src/client/app/shell/session-timer";
import { FxSelector, ThemeToggle } from "../../../../src/client/app/shell/display-controls";
import { initialState } from "../../../../src/client/app/state";
import { renderWithBus } from "../../support/dom";

test.after.each(() => cleanup());

const NOW = Date.parse("2026-11-21T10:00:00Z");
const sessionExpiring = (minutes: number) => ({ session: { ...initialState.session, stage: "ready" as const, refreshExpiresAt: new Date(NOW + minutes * 60_000).toISOString() } });
const company = { name: "Demo GmbH", kind: "company" as const, multiCurrency: true, isInvestorInstance: false, localCurrency: "EUR", fiscal_year_offset: 3, fxRates: [{ id: 1, name: "USD (monthly average)", currency: "USD" }, { id: 2, name: "CHF (monthly average)", currency: "CHF" }] };

test("the logout button shows the minutes left and the hover hint 'auto logout after N min'", async () => {
  const view = await renderWithBus(<SessionTimer />, { state: sessionExpiring(30), now: () => NOW });
  const button = screen.getByTestId("logout-button");
  assert.match(button.textContent ?? "", /30 min/);
  assert.is(document.getElementById(button.getAttribute("aria-describedby") ?? "")?.textContent, "auto logout after 30 min");
  fireEvent.click(button);
  assert.equal(view.commands, [{ _tag: "SignOut", reason: "user" }]);
  view.unmount();
});

test("the countdown follows session renewals; the warning modal opens 2 minutes before", async () => {
  const view = await renderWithBus(<SessionTimer />, { state: sessionExpiring(2), now: () => NOW });
  assert.ok(screen.getByRole("alertdialog"), "warning shown");
  fireEvent.click(screen.getByText("Stay signed in"));
  assert.equal(view.commands.at(-1), { _tag: "ExtendSession" });
  act(() => void view.bus.receive(SessionExtended.make({ refreshExpiresAt: new Date(NOW + 30 * 60_000).toISOString() }), "local"));
  assert.is(screen.queryByRole("alertdialog"), null, "warning gone after renewal");
  assert.match(screen.getByTestId("logout-button").textContent ?? "", /30 min/);
  view.unmount();
});

test("at 0 minutes the user is signed out automatically (once)", async () => {
  const view = await renderWithBus(<SessionTimer />, { state: sessionExpiring(-1), now: () => NOW });
  assert.equal(view.commands, [{ _tag: "SignOut", reason: "idle" }]);
  view.unmount();
});

test("the FX selector lists local currency and the named rates, and dispatches the choice", async () => {
  const view = await renderWithBus(<FxSelector />, { state: { session: { ...initialState.session, company } } });
  const select = screen.getByLabelText("Currency") as HTMLSelectElement;
  assert.equal([...select.options].map((option) => option.textContent), ["Local currency (EUR)", "USD (monthly average)", "CHF (monthly average)"]);
  assert.is(select.value, "", "local currency by default");
  fireEvent.change(select, { target: { value: "2" } });
  assert.equal(view.commands, [{ _tag: "SelectFxRate", fxRateId: 2 }]);
  act(() => void view.bus.receive(FxRateSelected.make({ fxRateId: 2 }), "local"));
  assert.is(select.value, "2");
  view.unmount();
});

test("no FX selector for a single-currency company", async () => {
  const view = await renderWithBus(<FxSelector />, { state: { session: { ...initialState.session, company: { ...company, multiCurrency: false } } } });
  assert.is(screen.queryByLabelText("Currency"), null);
  view.unmount();
});

test("the theme button names the theme and cycles it", async () => {
  const view = await renderWithBus(<ThemeToggle />);
  const button = screen.getByRole("button");
  assert.match(button.textContent ?? "", /Dark/);
  fireEvent.click(button);
  assert.equal(view.commands, [{ _tag: "CycleTheme" }]);
  view.unmount();
});

test.run();
