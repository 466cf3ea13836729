import { act, cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { test } from "uvu";
import * as assert from "uvu/assert";
import type { DomainEvent } from "../../../../../src/contracts/messages";
import { UserActionFailed, UserInvited, UsersLoaded } from "../../../../../src/contracts/messages/users";
import type { ManagedUser } from "../../../../../src/contracts/users";
import { initialState } from "../../../../../src/client/app/state";
import UserManagementScreen from "../../../../../src/client/features/users/views/user-management-screen";
import { PERMISSION_DENIED_TEXT } from "../../../../../src/client/ui/states";
import { renderWithBus } from "../../../support/dom";
import { demoCompany, profileWith } from "../../../support/session-fixtures";

test.after.each(() => cleanup());

const company = demoCompany();
const profile = (permissions: string[]) => profileWith(permissions);
const sessionOf = (permissions: string[]) => ({ session: { ...initialState.session, stage: "ready" as const, profile: profile(permissions), company } });
const grace: ManagedUser = { id: 7, email: "grace@demo.example", first_name: "Grace", last_name: "Hopper", is_active: true, is_staff: false, groups: [{ id: 2, name: "Employee" }], user_permissions: [], two_factor_enabled: false, last_login: null };

/** Folds an event as the answer to the command with id "id" (the test bus gives every command that id). */
const answer = (view: Awaited<ReturnType<typeof renderWithBus>>, event: DomainEvent) =>
  act(() => void view.store.fold({ seq: 1, type: event._tag, version: 1, payload: event, commandId: "id", occurredAt: "2026-11-23T10:00:00Z", origin: "local" }));

test("without manage_users: only the explanation, no admin controls, and no request for the list", async () => {
  const view = await renderWithBus(<UserManagementScreen />, { state: sessionOf(["access_my_dashboard"]) });
  assert.is(screen.getByRole("heading", { level: 1 }).textContent, PERMISSION_DENIED_TEXT);
  assert.is(screen.queryByRole("table"), null);
  assert.is(screen.queryAllByRole("button").length, 0);
  assert.equal(view.commands, []);
  view.unmount();
});

test("with manage_users: the list is asked for and shown as a table with row headers", async () => {
  const view = await renderWithBus(<UserManagementScreen />, { state: sessionOf(["manage_users"]) });
  await waitFor(() => assert.equal(view.commands, [{ _tag: "LoadUsers", search: "" }]));
  act(() => void view.bus.receive(UsersLoaded.make({ users: [grace], groups: [{ id: 2, name: "Employee", permissions: [] }] }), "local"));
  const table = screen.getByRole("table", { name: "Users" });
  assert.equal(
    [...table.querySelectorAll("thead th")].map((th) => th.textContent),
    ["Name", "E-mail", "Groups", "2FA", "Status", "Actions"],
  );
  assert.is(screen.getByRole("rowheader").textContent, "Grace Hopper");
  view.unmount();
});

test("deactivating asks first: Cancel keeps the user, Deactivate sends the change", async () => {
  const view = await renderWithBus(<UserManagementScreen />, { state: { ...sessionOf(["manage_users"]), users: { ...initialState.users, users: [grace], load: { status: "loaded", message: null, search: "" } } } });
  fireEvent.click(screen.getByRole("button", { name: "Deactivate grace@demo.example" }));
  fireEvent.click(await screen.findByRole("button", { name: "Cancel" }));
  await waitFor(() => assert.is(screen.queryByRole("dialog"), null));
  assert.not.ok(view.commands.some((command) => command._tag === "SetUserActive"));
  fireEvent.click(screen.getByRole("button", { name: "Deactivate grace@demo.example" }));
  fireEvent.click(await screen.findByRole("button", { name: "Deactivate" }));
  await waitFor(() => assert.equal(view.commands.at(-1), { _tag: "SetUserActive", userId: 7, active: false }));
  view.unmount();
});

test("the invite form shows the server's errors next to their fields, and closes once the invitation went out", async () => {
  const view = await renderWithBus(<UserManagementScreen />, { state: sessionOf(["manage_users"]) });
  fireEvent.click(screen.getByRole("button", { name: "Invite user" }));
  fireEvent.submit(screen.getByRole("form", { name: "Invite user" }));
  assert.equal(view.commands.at(-1), { _tag: "InviteUser", email: "", firstName: "", lastName: "", groupIds: [] });
  assert.is(screen.getByRole("button", { name: "Invite" }).getAttribute("aria-busy"), "true");

  answer(view, UserActionFailed.make({ action: "InviteUser", message: "x", fields: { email: ["This field may not be blank."], tenant: ["The company is archived."] } }));
  const email = screen.getByLabelText(/^E-mail/);
  assert.is(document.getElementById(email.getAttribute("aria-describedby")!.split(" ")[0]!)?.textContent, "E-mail: This field may not be blank.");
  assert.is(screen.getByRole("alert").textContent, "tenant: The company is archived.");

  fireEvent.change(email, { target: { value: "grace@demo.example" } });
  fireEvent.submit(screen.getByRole("form", { name: "Invite user" }));
  answer(view, UserInvited.make({ user: grace }));
  await waitFor(() => assert.is(screen.queryByRole("form", { name: "Invite user" }), null));
  view.unmount();
});

test.run();
