import { test } from "uvu";
import * as assert from "uvu/assert";
import type { DomainEvent } from "../../../../src/contracts/messages";
import { SessionAbsent, SessionLoaded, SignedOut, SignInFailed, SignInRequired, SignInStarted, SignInSucceeded } from "../../../../src/contracts/messages/session";
import { initialSession, selectAccess, sessionReducer, type SessionModel } from "../../../../src/client/features/session/model";

const fold = (events: DomainEvent[], model: SessionModel = initialSession) =>
  events.reduce((state, event, index) => sessionReducer(state, event, { seq: index + 1, type: event._tag, version: 1, payload: event, occurredAt: "", origin: "replay" }), model);

const profile = { id: 7, email: "ada@demo.example", first_name: "Ada", last_name: "A", features: [{ name: "okr", enabled: true }], is_holding_instance: false, access_custom_dashboard: false, is_staff: false, user_permissions: ["read_sensitive"], groups: [{ id: 1, name: "Employee", permissions: ["access_my_dashboard"] }], two_factor: { enabled: false, required: false } };
const company = { name: "Demo GmbH", kind: "company" as const, multiCurrency: true, isInvestorInstance: false, localCurrency: "EUR", fiscal_year_offset: 3, fxRates: [] };
const loaded = [SignInSucceeded.make({ email: "ada@demo.example", refreshExpiresAt: "2026-11-21T10:30:00Z" }), SessionLoaded.make({ profile, menu: [], company })];

test("events in, model out: a sign-in from start to a loaded session", () => {
  const model = fold([SignInRequired.make({ returnTo: "/reporting" }), SignInStarted.make({ email: "ada@demo.example" }), ...loaded]);
  assert.equal([model.stage, model.email, model.refreshExpiresAt, model.returnTo, model.signIn.status], ["ready", "ada@demo.example", "2026-11-21T10:30:00Z", null, "idle"]);
  const access = selectAccess(model)!;
  assert.ok(access.permissions.has("read_non_sensitive"), "implied permission resolved");
  assert.ok(access.permissions.has("access_my_dashboard"));
  assert.is(selectAccess(model), access, "derived once per profile");
});

test("a failed sign-in keeps its message and fields; a new attempt clears them", () => {
  const failed = fold([SignInStarted.make({ email: "x" }), SignInFailed.make({ message: "No user found", fields: { detail: ["No user found"] } })]);
  assert.equal(failed.signIn, { status: "error", message: "No user found", fields: { detail: ["No user found"] } });
  assert.equal(fold([SignInStarted.make({ email: "x" })], failed).signIn, { status: "loading", message: null, fields: {} });
});

test("sign-out clears user, menu, profile and company; an expired session remembers nothing but where it was", () => {
  const ready = fold(loaded);
  const out = fold([SignedOut.make({ reason: "user" })], ready);
  assert.equal([out.stage, out.profile, out.menu, out.company, out.email, out.signedOutReason], ["anonymous", null, [], null, null, "user"]);
  assert.is(fold([SessionAbsent.make({})]).stage, "anonymous");
});

test("a session load that finishes after sign-out is ignored", () => {
  const out = fold([...loaded, SignedOut.make({ reason: "user" })]);
  assert.is(fold([SessionLoaded.make({ profile, menu: [], company })], out), out);
});

test.run();
