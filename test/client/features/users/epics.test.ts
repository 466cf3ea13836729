import { test } from "uvu";
import * as assert from "uvu/assert";
import { json } from "../../effect/fake-server";
import { initialState } from "../../../../src/client/app/state";
import { testClient } from "../../support/harness";

const signedIn = (client: ReturnType<typeof testClient>) => client.tokens.set({ access: "a", accessExpiresAt: Date.now() + 60_000, refreshExpiresAt: Date.now() + 60_000 });
const file = () => new Blob(["xlsx bytes"], { type: "application/octet-stream" });

test("an erroneous upload lists every bad row and imports nothing", async () => {
  const client = testClient({
    "POST /api/auth/users/template/": () => json(400, { detail: ["The file is erroneous. Nothing was imported: correct the rows listed and upload it again."], rows: ["Row 3: bad", "Row 4: worse"] }),
  });
  signedIn(client);
  client.bus.dispatch({ _tag: "ImportUsers", file: file(), fileName: "users.xlsx" });
  await client.waitFor("UsersImportFailed");
  assert.equal(client.store.getState().users.importing, {
    status: "error",
    message: "The file is erroneous. Nothing was imported: correct the rows listed and upload it again.",
    lines: ["Row 3: bad", "Row 4: worse"],
  });
  assert.not.match(JSON.stringify(client.events), /xlsx bytes/);
});

test("a good upload reports the mails sent and their failures, then reloads the list", async () => {
  const client = testClient({
    "POST /api/auth/users/template/": () => json(201, { created: 2, detail: "Successfully sent 1 e-mails.", failures: [{ email: "b@x.example", error: "550 mailbox unavailable" }] }),
    "GET /api/vw/auth/users/": () => json(200, []),
    "GET /api/permissions/groups/": () => json(200, []),
  });
  signedIn(client);
  client.bus.dispatch({ _tag: "ImportUsers", file: file(), fileName: "users.xlsx" });
  await client.waitFor("UsersLoaded");
  assert.equal(client.store.getState().users.importing, { status: "done", message: "2 users imported. Successfully sent 1 e-mails.", lines: ["b@x.example: 550 mailbox unavailable"] });
});

test("the template downloads as a file", async () => {
  const client = testClient({ "GET /api/auth/users/template/": () => new Response(new Blob(["PK..."]), { status: 200 }) });
  signedIn(client);
  client.bus.dispatch({ _tag: "DownloadUsersTemplate" });
  await new Promise((resolve) => setTimeout(resolve, 50));
  assert.equal(client.saved.map((saved) => saved.name), ["meridian-users-template.xlsx"]);
});

const company = { name: "Demo GmbH", kind: "company" as const, multiCurrency: false, isInvestorInstance: false, localCurrency: "EUR", fiscal_year_offset: 0, fxRates: [] };
const signedInAs = (permissions: string[]) => ({
  ...initialState,
  session: {
    ...initialState.session,
    stage: "ready" as const,
    company,
    profile: { id: 1, email: "ada@demo.example", first_name: "Ada", last_name: "A", features: [], is_holding_instance: false, access_custom_dashboard: false, is_staff: false, user_permissions: permissions, groups: [], two_factor: { enabled: false, required: false } },
  },
});

test("without manage_users the list is not asked for: the load ends with the permission text", async () => {
  const client = testClient({}, { state: signedInAs(["access_my_dashboard"]) });
  signedIn(client);
  client.bus.dispatch({ _tag: "LoadUsers", search: "" });
  await client.waitFor("UsersLoadFailed");
  assert.equal(client.server.calls.map((call) => call.path), []);
  assert.is(client.store.getState().users.load.message, "You don't have permission to access this content.");
});

const grace = { id: 7, email: "grace@demo.example", first_name: "Grace", last_name: "Hopper", is_active: true, is_staff: false, groups: [], user_permissions: [], two_factor_enabled: false, last_login: null };

test("a deactivation answers the updated user, then a toast naming them; its outcome is kept under its command", async () => {
  const client = testClient({
    "GET /api/vw/auth/users/": () => json(200, [grace]),
    "GET /api/permissions/groups/": () => json(200, []),
    "PATCH /api/auth/users/7/": () => json(200, { ...grace, is_active: false }),
  }, { state: signedInAs(["manage_users"]) });
  signedIn(client);
  client.bus.dispatch({ _tag: "LoadUsers", search: "" });
  await client.waitFor("UsersLoaded");
  const { commandId } = client.bus.dispatch({ _tag: "SetUserActive", userId: 7, active: false });
  await client.waitFor("ToastShown");
  assert.equal(client.types().slice(-2), ["UserUpdated", "ToastShown"]);
  assert.equal(client.store.getState().notifications.toasts.map((toast) => [toast.tone, toast.text]), [["success", "Deactivated grace@demo.example: they can no longer sign in"]]);
  assert.equal(client.store.getState().users.outcomes[commandId], { ok: true, message: null, fields: {} });
});

test("a failed invitation keeps the server's field messages under its command for the form, with no toast repeating them", async () => {
  const client = testClient({ "POST /api/auth/users/": () => json(400, { email: ["This field may not be blank."] }) });
  signedIn(client);
  const { commandId } = client.bus.dispatch({ _tag: "InviteUser", email: "", firstName: "", lastName: "", groupIds: [] });
  await client.waitFor("UserActionFailed");
  assert.equal(client.store.getState().users.outcomes[commandId]?.fields, { email: ["This field may not be blank."] });
  assert.equal(client.store.getState().notifications.toasts, []);
});

test("a failed row action (deactivation) has no form to show it: a toast says so", async () => {
  const client = testClient({
    "GET /api/vw/auth/users/": () => json(200, [grace]),
    "GET /api/permissions/groups/": () => json(200, []),
    "PATCH /api/auth/users/7/": () => json(400, { detail: "You cannot deactivate the last administrator." }),
  }, { state: signedInAs(["manage_users"]) });
  signedIn(client);
  client.bus.dispatch({ _tag: "LoadUsers", search: "" });
  await client.waitFor("UsersLoaded");
  client.bus.dispatch({ _tag: "SetUserActive", userId: 7, active: false });
  await client.waitFor("ToastShown");
  const [toast] = client.store.getState().notifications.toasts;
  assert.is(toast!.tone, "error");
  assert.match(toast!.text, /^Could not change the status of grace@demo\.example: /);
});

test.run();
