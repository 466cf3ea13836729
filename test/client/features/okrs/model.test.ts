// The objective screens' read model: events in, lists and open objectives out.
import { test } from "uvu";
import * as assert from "uvu/assert";
import {
  ObjectiveLoadFailed,
  ObjectiveRemoved,
  ObjectiveSaved,
  ObjectivesLoaded,
  ObjectivesReordered,
  KeyResultsReordered,
} from "../../../../src/contracts/messages/okrs";
import type { DomainEvent } from "../../../../src/contracts/messages";
import { followsKpis, initialOkrs, matchesQuery, okrsReducer, type OkrsModel } from "../../../../src/client/features/okrs/model";
import { keyResult, objective, YEAR_2026 } from "./fixtures";

const fold = (events: DomainEvent[], model: OkrsModel = initialOkrs) => events.reduce((state, event) => okrsReducer(state, event, undefined as never), model);
const corporate = objective({ id: 1, title: "Grow", position: 0 });
const team = objective({ id: 2, level: "team", title: "Win DACH", category: { id: 7, name: "DACH" }, parents: [{ id: 1, title: "Grow", level: "corporate" }] });
const Q1 = { ...YEAR_2026, from: "2026-01-01", to: "2026-03-31" };

test("matchesQuery: level, unit, owner, and a period that overlaps", () => {
  assert.ok(matchesQuery(corporate, YEAR_2026));
  assert.ok(matchesQuery(objective({ startsOn: "2025-11-01", endsOn: "2026-01-01" }), Q1), "overlapping by a day");
  assert.not.ok(matchesQuery(objective({ startsOn: "2026-04-01", endsOn: "2026-06-30" }), Q1));
  assert.not.ok(matchesQuery(corporate, { ...YEAR_2026, level: "team" }));
  assert.ok(matchesQuery(team, { ...YEAR_2026, categoryId: 7 }));
  assert.not.ok(matchesQuery(team, { ...YEAR_2026, categoryId: 8 }));
  assert.not.ok(matchesQuery(corporate, { ...YEAR_2026, ownerUserId: 3 }));
});

test("lists keep the server's order: level, then position", () => {
  const model = fold([ObjectivesLoaded.make({ listKey: "overview", query: YEAR_2026, objectives: [team, objective({ id: 3, position: 2, title: "Later" }), corporate] })]);
  assert.equal(model.lists["overview"]!.objectives.map((entry) => entry.id), [1, 3, 2]);
});

test("a created objective enters the lists it belongs to; a moved one leaves those it no longer does", () => {
  const loaded = fold([ObjectivesLoaded.make({ listKey: "overview", query: YEAR_2026, objectives: [corporate] }), ObjectivesLoaded.make({ listKey: "corporate", query: { ...YEAR_2026, level: "corporate" }, objectives: [corporate] })]);
  const created = fold([ObjectiveSaved.make({ action: "objective", objective: team, created: true })], loaded);
  assert.equal(created.lists["overview"]!.objectives.map((entry) => entry.id), [1, 2]);
  assert.equal(created.lists["corporate"]!.objectives.map((entry) => entry.id), [1], "not a corporate one");
  assert.is(created.open[2]?.objective?.title, "Win DACH", "opened as created");
  assert.is(created.action.status, "idle");
  const moved = fold([ObjectiveSaved.make({ action: "move", objective: { ...corporate, level: "team", category: { id: 7, name: "DACH" } }, created: false })], created);
  assert.equal(moved.lists["corporate"]!.objectives, []);
  assert.equal(moved.lists["overview"]!.objectives.map((entry) => entry.id), [1, 2]);
});

test("a renamed objective is renamed in the links of the others", () => {
  const loaded = fold([ObjectivesLoaded.make({ listKey: "overview", query: YEAR_2026, objectives: [corporate, team] })]);
  const renamed = fold([ObjectiveSaved.make({ action: "objective", objective: { ...corporate, title: "Grow profitably" }, created: false })], loaded);
  assert.is(renamed.lists["overview"]!.objectives[1]!.parents[0]!.title, "Grow profitably");
});

test("a deleted objective leaves every list, and the links to it go", () => {
  const loaded = fold([ObjectivesLoaded.make({ listKey: "overview", query: YEAR_2026, objectives: [corporate, team] }), ObjectiveSaved.make({ action: "objective", objective: team, created: true })]);
  const removed = fold([ObjectiveRemoved.make({ objectiveId: 1 })], loaded);
  assert.equal(removed.lists["overview"]!.objectives.map((entry) => entry.id), [2]);
  assert.equal(removed.lists["overview"]!.objectives[0]!.parents, []);
  assert.equal(removed.open[2]!.objective!.parents, []);
});

test("an objective that is gone: not found on its screen, out of the lists", () => {
  const loaded = fold([ObjectivesLoaded.make({ listKey: "overview", query: YEAR_2026, objectives: [corporate, team] })]);
  const gone = fold([ObjectiveLoadFailed.make({ objectiveId: 2, message: "gone", notFound: true })], loaded);
  assert.ok(gone.open[2]!.notFound);
  assert.equal(gone.lists["overview"]!.objectives.map((entry) => entry.id), [1]);
});

test("reordered: new positions in every list, and the live region's words", () => {
  const a = objective({ id: 1, position: 0, title: "A" });
  const b = objective({ id: 2, position: 1, title: "B" });
  const c = objective({ id: 3, position: 2, title: "C" });
  const loaded = fold([ObjectivesLoaded.make({ listKey: "corporate", query: YEAR_2026, objectives: [a, b, c] })]);
  const reordered = fold([ObjectivesReordered.make({ ids: [3, 1, 2], announcement: "“C” moved to position 1 of 3." })], loaded);
  assert.equal(reordered.lists["corporate"]!.objectives.map((entry) => entry.title), ["C", "A", "B"]);
  assert.is(reordered.announcement, "“C” moved to position 1 of 3.");
});

test("key results reorder on the open objective and in the lists", () => {
  const withKrs = objective({ keyResults: [keyResult({ id: 11, position: 0, title: "X" }), keyResult({ id: 12, position: 1, title: "Y" })] });
  const loaded = fold([ObjectivesLoaded.make({ listKey: "overview", query: YEAR_2026, objectives: [withKrs] }), ObjectiveSaved.make({ action: "objective", objective: withKrs, created: true })]);
  const reordered = fold([KeyResultsReordered.make({ objectiveId: 1, ids: [12, 11], announcement: "“Y” moved to position 1 of 2." })], loaded);
  assert.equal(reordered.open[1]!.objective!.keyResults.map((entry) => entry.title), ["Y", "X"]);
  assert.equal(reordered.lists["overview"]!.objectives[0]!.keyResults.map((entry) => entry.title), ["Y", "X"]);
});

test("followsKpis: any KPI-fed key result, or one fed by the KPIs named", () => {
  const fed = objective({ keyResults: [keyResult({ kpi: { id: 5, name: "Deals won", unit: "number" } })] });
  const manual = objective({ keyResults: [keyResult()] });
  assert.ok(followsKpis([manual, fed], null));
  assert.ok(followsKpis([fed], new Set([5])));
  assert.not.ok(followsKpis([fed], new Set([6])));
  assert.not.ok(followsKpis([manual], null));
});

test.run();
