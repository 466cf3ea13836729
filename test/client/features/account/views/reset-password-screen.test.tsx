import { act, cleanup, screen } from "@testing-library/react";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { PasswordResetConfirmFailed } from "../../../../../src/contracts/messages/account";
import ResetPasswordScreen from "../../../../../src/client/features/account/views/reset-password-screen";
import { renderWithBus } from "../../../support/dom";

test.after.each(() => cleanup());

const describedText = (input: HTMLElement) =>
  (input.getAttribute("aria-describedby") ?? "")
    .split(" ")
    .map((id) => document.getElementById(id)?.textContent)
    .join(" | ");

test("a message about the new password stands under it with the field's label; one about the link in an alert", async () => {
  const view = await renderWithBus(<ResetPasswordScreen />);
  act(() => void view.bus.receive(PasswordResetConfirmFailed.make({ messages: ["new_password: This password is too short. It must contain at least 12 characters.", "token: Invalid token for given user."] }), "local"));
  const password = screen.getByLabelText("New password");
  assert.is(password.getAttribute("aria-invalid"), "true");
  assert.match(describedText(password), /^New password: This password is too short\. It must contain at least 12 characters\. \| At least 12 characters/);
  assert.is(screen.getByLabelText("Repeat the new password").getAttribute("aria-invalid"), null);
  assert.is(screen.getByRole("alert").textContent, "token: Invalid token for given user.");
  view.unmount();
});

test.run();
