import { act, cleanup, fireEvent, screen } from "@testing-library/react";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { SsoProvidersLoaded } from "../../../../../src/contracts/messages/account";
import { SignInFailed, SignInStarted } from "../../../../../src/contracts/messages/session";
import LoginScreen from "../../../../../src/client/features/session/views/login-screen";
import { renderWithBus } from "../../../support/dom";

test.after.each(() => cleanup());

test("submitting dispatches SignIn; the button says it is busy while signing in", async () => {
  const view = await renderWithBus(<LoginScreen />);
  fireEvent.change(screen.getByLabelText("E-mail"), { target: { value: "ada@demo.example" } });
  fireEvent.change(screen.getByLabelText("Password"), { target: { value: "meridian-demo" } });
  fireEvent.submit(screen.getByRole("button", { name: "Sign in" }).closest("form")!);
  assert.equal(view.commands, [{ _tag: "LoadSsoProviders" }, { _tag: "SignIn", email: "ada@demo.example", password: "meridian-demo" }]);
  act(() => void view.bus.receive(SignInStarted.make({ email: "ada@demo.example" }), "local"));
  assert.is(screen.getByRole("button", { name: "Sign in" }).getAttribute("aria-busy"), "true");
  view.unmount();
});

test("a field's message stands under that field with its label; the rest in a danger alert", async () => {
  const view = await renderWithBus(<LoginScreen />);
  assert.is(screen.queryByRole("alert"), null);
  act(() => void view.bus.receive(SignInFailed.make({ message: "x", fields: { email: ["Enter a valid email address."], detail: ["No user found for the given credentials"], tenant: ["Unknown company."] } }), "local"));
  assert.is(screen.getByRole("alert").textContent, "No user found for the given credentials\ntenant: Unknown company.");
  const email = screen.getByLabelText("E-mail");
  assert.is(email.getAttribute("aria-invalid"), "true");
  assert.is(document.getElementById(email.getAttribute("aria-describedby")!)?.textContent, "E-mail: Enter a valid email address.");
  view.unmount();
});

test("a failure without field messages shows its message", async () => {
  const view = await renderWithBus(<LoginScreen />);
  act(() => void view.bus.receive(SignInFailed.make({ message: "The server did not answer.", fields: {} }), "local"));
  assert.is(screen.getByRole("alert").textContent, "The server did not answer.");
  view.unmount();
});

test("each single sign-on provider gets a button that starts its sign-in", async () => {
  const view = await renderWithBus(<LoginScreen />);
  act(() => void view.bus.receive(SsoProvidersLoaded.make({ providers: [{ name: "okta", label: "Okta" }] }), "local"));
  fireEvent.click(screen.getByRole("button", { name: "Sign in with Okta" }));
  assert.equal(view.commands.at(-1), { _tag: "StartSso", provider: "okta", next: "/my-dashboard" });
  view.unmount();
});

test.run();
