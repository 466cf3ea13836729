import { test } from "uvu";
import * as assert from "uvu/assert";
import { DEFAULT_LIST_COLUMNS, type ChangeLogResponse, type OkrListResponse, type TeamAnalyticsResponse, type TeamFigures } from "../../../../src/contracts/okr-insights";
import { DEFAULT_CHANGE_LOG_FILTER } from "../../../../src/domain/okr-insights/change-log-query";
import { okrInsightsReducer, initialOkrInsights, type OkrInsightsModel } from "../../../../src/client/features/okr-insights/model";
import type { DomainEvent } from "../../../../src/contracts/messages";
import { json } from "../../effect/fake-server";
import { settle, testClient } from "../../support/harness";

const signedIn = (client: ReturnType<typeof testClient>) => client.tokens.set({ access: "a", accessExpiresAt: Date.now() + 60_000, refreshExpiresAt: Date.now() + 60_000 });
const NO_FILTER = { level: null, unitId: null, from: null, to: null, statusId: null, responsibleId: null };
const list = (title: string): OkrListResponse => ({
  rows: [{ objectiveId: 1, objectiveTitle: title, level: "corporate", unit: null, owner: null, startsOn: "2026-04-01", endsOn: "2026-06-30", objectiveProgress: null, keyResult: null, status: null, updatedAt: "2026-04-01T00:00:00.000Z", responsible: [] }],
  statuses: [],
  units: [],
  people: [],
});
const log = (count: number, page = 1): ChangeLogResponse => ({ count, page, pageSize: 50, entries: [] });
const figures = (name: string): TeamFigures => ({ key: name, kind: "team", unitId: 1, name, objectives: 1, keyResults: 1, atRisk: 0, averageProgress: 50, expectedProgress: 40, averageConfidence: 7, checkIns: 2, recentCheckInShare: 1, weeks: [] });
const analytics = (from: string, to: string): TeamAnalyticsResponse => ({ from, to, today: "2026-05-13", teams: [figures("EMEA")], total: figures("All units"), atRisk: [] });

test("the list loads with the filter as the API's query; a newer filter supersedes the running load", async () => {
  const client = testClient({ "GET /api/okrs/list/": (call) => json(200, list(`level ${call.query.get("level") ?? "any"}`)) });
  signedIn(client);
  client.bus.dispatch({ _tag: "LoadOkrList", filter: NO_FILTER });
  client.bus.dispatch({ _tag: "LoadOkrList", filter: { ...NO_FILTER, level: "team", unitId: 4, from: "2026-04-01" } });
  await client.waitFor("OkrListLoaded");
  await settle();
  const state = client.store.getState().okrInsights.list;
  assert.equal([state.status, state.value?.rows[0]?.objectiveTitle], ["loaded", "level team"]);
  const last = client.server.calls.at(-1)!;
  assert.equal([last.query.get("level"), last.query.get("unitId"), last.query.get("from"), last.query.has("to"), last.query.has("statusId")], ["team", "4", "2026-04-01", false, false]);
  assert.is(client.events.filter((envelope) => envelope.type === "OkrListLoaded").length, 1, "the superseded answer is not folded");
});

test("columns: loaded, shown at once when changed, put back with a toast when the save fails", async () => {
  let fail = false;
  const client = testClient({
    "GET /api/okrs/list/columns/": () => json(200, { columns: ["name", "progress"], isDefault: false }),
    "PUT /api/okrs/list/columns/": (call) => (fail ? json(400, { columns: ["Choose each column once."] }) : json(200, { columns: (call.body as { columns: string[] | null }).columns ?? DEFAULT_LIST_COLUMNS, isDefault: (call.body as { columns: unknown }).columns === null })),
  });
  signedIn(client);
  client.bus.dispatch({ _tag: "LoadOkrListColumns" });
  await client.waitFor("OkrListColumnsLoaded");
  assert.equal(client.store.getState().okrInsights.columns.columns, ["name", "progress"]);
  client.bus.dispatch({ _tag: "SaveOkrListColumns", columns: ["progress", "name", "link"] });
  assert.equal(client.store.getState().okrInsights.columns.columns, ["progress", "name", "link"], "shown before the server answers");
  await client.waitFor("OkrListColumnsSaved");
  assert.equal(client.server.calls.find((call) => call.method === "PUT")?.body, { columns: ["progress", "name", "link"] });
  fail = true;
  client.bus.dispatch({ _tag: "SaveOkrListColumns", columns: ["status"] });
  await client.waitFor("OkrListColumnsSaveFailed");
  await settle();
  const state = client.store.getState();
  assert.equal([state.okrInsights.columns.columns, state.okrInsights.columns.status], [["progress", "name", "link"], "error"]);
  assert.ok(state.notifications.toasts.some((toast) => toast.tone === "error" && /The columns were not saved/.test(toast.text)));
  fail = false;
  client.bus.dispatch({ _tag: "SaveOkrListColumns", columns: null });
  assert.equal([client.store.getState().okrInsights.columns.columns, client.store.getState().okrInsights.columns.isDefault], [DEFAULT_LIST_COLUMNS, true], "back to the defaults, spelled out at once");
});

test("the change log asks with the API's names; team analytics with its period; failures become messages", async () => {
  const client = testClient({
    "GET /api/okrs/changelog/": (call) => json(200, log(120, Number(call.query.get("p") ?? "1"))),
    "GET /api/okrs/team-analytics/": (call) => (call.query.get("from") === "1999-01-01" ? json(403, { detail: "You may not read team OKRs." }) : json(200, analytics(call.query.get("from") ?? "2026-04-01", call.query.get("to") ?? "2026-06-30"))),
  });
  signedIn(client);
  client.bus.dispatch({ _tag: "LoadOkrChangeLog", filter: { ...DEFAULT_CHANGE_LOG_FILTER, order: "old_first", actionType: "updated", itemType: "milestone", timeRange: "30d", startDate: "2026-01-01", page: 2 } });
  await client.waitFor("OkrChangeLogLoaded");
  const asked = client.server.calls.find((call) => call.path === "/api/okrs/changelog/")!.query;
  assert.equal(Object.fromEntries(asked), { order: "old_first", startDate: "2026-01-01", action_type: "updated", item_type: "milestone", timeRange: "30d", p: "2" });
  assert.equal([client.store.getState().okrInsights.changeLog.value?.count, client.store.getState().okrInsights.changeLog.value?.page], [120, 2]);
  client.bus.dispatch({ _tag: "LoadOkrTeamAnalytics", from: null, to: null });
  await client.waitFor("OkrTeamAnalyticsLoaded");
  assert.is(client.store.getState().okrInsights.analytics.value?.from, "2026-04-01");
  client.bus.dispatch({ _tag: "LoadOkrTeamAnalytics", from: "1999-01-01", to: "1999-03-31" });
  await client.waitFor("OkrTeamAnalyticsLoadFailed");
  const failed = client.store.getState().okrInsights.analytics;
  assert.equal([failed.status, failed.value?.from], ["error", "2026-04-01"], "the last answer stays while the message shows");
  assert.match(failed.message ?? "", /You may not read team OKRs/);
});

test("OkrChanged from the server bumps the revision the open screen reloads on; other events do not", async () => {
  const client = testClient({});
  client.bus.receive({ _tag: "ServerEventReceived", seq: 1, type: "OkrChanged", payload: { objectiveId: 1, level: "team", categoryId: 3, ownerUserId: null, itemType: "objective", itemId: 1, actionType: "updated" }, actor: "user:2", actorName: "Bo", occurredAt: "" }, "remote");
  client.bus.receive({ _tag: "ServerEventReceived", seq: 2, type: "ChartChanged", payload: {}, actor: "user:2", actorName: "Bo", occurredAt: "" }, "remote");
  await settle();
  assert.is(client.store.getState().okrInsights.revision, 1);
});

const step = (model: OkrInsightsModel, event: DomainEvent) => okrInsightsReducer(model, event, { seq: 1, type: event._tag, version: 1, payload: event, occurredAt: "", origin: "local" });

test("reducer: a failure of a superseded load is ignored; a new load keeps the last answer on screen", () => {
  let model = step(initialOkrInsights, { _tag: "OkrChangeLogLoadStarted", key: "a" });
  model = step(model, { _tag: "OkrChangeLogLoaded", key: "a", log: log(3) });
  model = step(model, { _tag: "OkrChangeLogLoadStarted", key: "b" });
  assert.equal([model.changeLog.status, model.changeLog.value?.count], ["loading", 3]);
  model = step(model, { _tag: "OkrChangeLogLoadFailed", key: "a", message: "old" });
  assert.is(model.changeLog.status, "loading");
  model = step(model, { _tag: "OkrChangeLogLoadFailed", key: "b", message: "new" });
  assert.equal([model.changeLog.status, model.changeLog.message], ["error", "new"]);
  model = step(model, { _tag: "OkrListColumnsSaveStarted", columns: ["link"], isDefault: false, previous: ["name"], previousIsDefault: true });
  assert.equal([model.columns.columns, model.columns.isDefault, model.columns.status], [["link"], false, "saving"]);
  model = step(model, { _tag: "OkrListColumnsSaveFailed", message: "no", previous: ["name"], previousIsDefault: true });
  assert.equal([model.columns.columns, model.columns.isDefault, model.columns.message], [["name"], true, "no"]);
});

test.run();
