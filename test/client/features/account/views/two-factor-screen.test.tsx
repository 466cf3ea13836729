import { act, cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { TwoFactorDeactivationFailed, TwoFactorLoaded } from "../../../../../src/contracts/messages/account";
import TwoFactorScreen from "../../../../../src/client/features/account/views/two-factor-screen";
import { renderWithBus } from "../../../support/dom";

test.after.each(() => cleanup());

const enabled = TwoFactorLoaded.make({ status: { enabled: true, pending: false, policy: "optional", can_remove: true, can_set_policy: false } });

test("turning off asks first: Cancel sends nothing, Turn off sends the code", async () => {
  const view = await renderWithBus(<TwoFactorScreen />);
  act(() => void view.bus.receive(enabled, "local"));
  fireEvent.change(screen.getByLabelText("Current code"), { target: { value: "123 456" } });
  fireEvent.submit(screen.getByRole("form", { name: "Turn off two-factor authentication" }));
  fireEvent.click(await screen.findByRole("button", { name: "Cancel" }));
  await waitFor(() => assert.is(screen.queryByRole("alertdialog"), null));
  assert.not.ok(view.commands.some((command) => command._tag === "DeactivateTwoFactor"));
  fireEvent.submit(screen.getByRole("form", { name: "Turn off two-factor authentication" }));
  const dialog = await screen.findByRole("alertdialog");
  fireEvent.click([...dialog.querySelectorAll("button")].find((button) => button.textContent === "Turn off")!);
  await waitFor(() => assert.equal(view.commands.at(-1), { _tag: "DeactivateTwoFactor", passcode: "123456" }));
  view.unmount();
});

test("a wrong code stands under the code field with its label", async () => {
  const view = await renderWithBus(<TwoFactorScreen />);
  act(() => void view.bus.receive(enabled, "local"));
  act(() => void view.bus.receive(TwoFactorDeactivationFailed.make({ message: "passcode: The code is not valid." }), "local"));
  const code = screen.getByLabelText("Current code");
  assert.is(code.getAttribute("aria-invalid"), "true");
  assert.is(document.getElementById(code.getAttribute("aria-describedby")!.split(" ")[0]!)?.textContent, "Current code: The code is not valid.");
  assert.is(screen.queryByRole("alert"), null);
  view.unmount();
});

test.run();
