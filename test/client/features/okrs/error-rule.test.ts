// The spec's rule for objective errors (section 8) as a table: the response's detail, else the
// first of non_field_errors, else the raw error; and every OKR form gets it through the epic.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { initialState } from "../../../../src/client/app/state";
import { okrErrorText } from "../../../../src/domain/okrs/errors";
import { json } from "../../effect/fake-server";
import { signIn, testClient } from "../../support/harness";
import { demoCompany, profileWith } from "../../support/session-fixtures";

const RAW = "title: Enter a title.";
const table: [string, unknown, string][] = [
  ["detail wins", { detail: "You may not change this objective.", non_field_errors: ["Other"], title: ["Enter a title."] }, "You may not change this objective."],
  ["a detail given as a list: its first", { detail: ["First detail", "Second"] }, "First detail"],
  ["no detail: the first of non_field_errors", { non_field_errors: ["A team objective may link to at most two higher-level objectives.", "Second"] }, "A team objective may link to at most two higher-level objectives."],
  ["an empty detail is no detail", { detail: "", non_field_errors: ["From the list"] }, "From the list"],
  ["an empty list is no message", { non_field_errors: [] }, RAW],
  ["field messages only: the raw error", { title: ["Enter a title."] }, RAW],
  ["a text body: the raw error", "Bad gateway", RAW],
  ["no body: the raw error", undefined, RAW],
  ["a list body: the raw error", ["x"], RAW],
];

for (const [name, body, expected] of table) {
  test(`okrErrorText: ${name}`, () => {
    assert.is(okrErrorText(body, RAW), expected);
  });
}

const ready = { ...initialState, session: { ...initialState.session, stage: "ready" as const, company: demoCompany(), profile: profileWith(["write_corporate_okrs"]) } };

test("a refused objective: the form's line follows the rule, the field messages stay by field", async () => {
  const client = testClient({ "POST /api/okrs/objectives/": () => json(400, { non_field_errors: ["Link only to objectives of a higher level."], title: ["Too close to an existing title."] }) }, { state: ready });
  signIn(client);
  client.bus.dispatch({ _tag: "CreateObjective", request: { level: "team", categoryId: 3, ownerUserId: null, title: "Win DACH", description: "", startsOn: "2026-01-01", endsOn: "2026-03-31", statusId: null, parentIds: [], responsibleIds: [] } });
  await client.waitFor("OkrActionFailed");
  assert.equal(client.store.getState().okrs.action, { status: "error", action: "objective", message: "Link only to objectives of a higher level.", fields: { title: ["Too close to an existing title."] } });
});

test("a forbidden change says the server's detail", async () => {
  const client = testClient({ "PATCH /api/okrs/objectives/4/": () => json(403, { detail: "You may not change this objective." }) }, { state: ready });
  signIn(client);
  client.bus.dispatch({ _tag: "ChangeObjective", objectiveId: 4, change: { title: "New" } });
  await client.waitFor("OkrActionFailed");
  assert.is(client.store.getState().okrs.action.message, "You may not change this objective.");
  assert.equal(client.store.getState().okrs.action.fields, {});
});

test("a server error without a body: the raw error", async () => {
  const client = testClient({ "POST /api/okrs/key-results/9/check-ins/": () => json(500, {}) }, { state: ready });
  signIn(client);
  client.bus.dispatch({ _tag: "CheckInKeyResult", objectiveId: 1, keyResultId: 9, request: { value: null, confidence: 5, comment: "" } });
  await client.waitFor("OkrActionFailed");
  const action = client.store.getState().okrs.action;
  assert.is(action.action, "check-in");
  assert.is(action.message, "Error 500");
});

test.run();
