import { test } from "uvu";
import * as assert from "uvu/assert";
import { PlanningCellsEdited, PlanningGridLoaded, PlanningGridLoadStarted, PlanningSaveFailed, PlanningValuesSaved } from "../../../../src/contracts/messages/planning";
import { countOf, initialPlanning, planningReducer, type PlanningModel } from "../../../../src/client/features/planning/model";
import type { DomainEvent } from "../../../../src/contracts/messages";

const fold = (events: DomainEvent[], model: PlanningModel = initialPlanning) => events.reduce<PlanningModel>((current, event, index) => planningReducer(current, event, { seq: index + 1, type: event._tag, version: 1, payload: event, occurredAt: "", origin: "local" }), model);
const month = (date: string, planningValue: number | null) => ({ date, value: null, planningValue, lastYearValue: null, forecastValue: null });

test("edited cells: valid ones pending, refused ones with their message; a later edit of a cell replaces it", () => {
  const model = fold([
    PlanningCellsEdited.make({ pending: [{ kpi: 1, date: "2026-04-01", text: "5k", value: 5000 }], rejected: [{ kpi: 1, date: "2026-05-01", text: "12,5", message: "bad" }] }),
    PlanningCellsEdited.make({ pending: [{ kpi: 1, date: "2026-05-01", text: "-", value: "-" }], rejected: [] }),
  ]);
  assert.equal(model.pending, { 1: { "2026-04-01": { text: "5k", value: 5000 }, "2026-05-01": { text: "-", value: "-" } } });
  assert.equal(model.rejected, {});
  assert.is(countOf(model.pending), 2);
});

test("a refused save keeps every change and marks the cells the server named", () => {
  const edited = fold([PlanningCellsEdited.make({ pending: [{ kpi: 1, date: "2026-04-01", text: "1", value: 1 }, { kpi: 2, date: "2026-04-01", text: "2", value: 2 }], rejected: [] })]);
  const failed = fold([PlanningSaveFailed.make({ message: "Not valid", fields: { "values.1.date": ["Enter the first day of a month (YYYY-MM-01)."] }, cells: [{ kpi: 1, date: "2026-04-01" }, { kpi: 2, date: "2026-04-01" }] })], edited);
  assert.equal(failed.save, { status: "error", message: "Not valid" });
  assert.equal(failed.pending, { 1: { "2026-04-01": { text: "1", value: 1 } } });
  assert.equal(failed.rejected, { 2: { "2026-04-01": { text: "2", message: "Enter the first day of a month (YYYY-MM-01)." } } });
});

test("saved values reach every working-plan grid; another person's save on a pending cell keeps the draft and shows the conflict", () => {
  const loaded = fold([
    PlanningGridLoadStarted.make({ key: "g", params: "p", version: null }),
    PlanningGridLoaded.make({ key: "g", params: "p", kpis: [{ id: 1, values: [month("2026-04-01", 10), month("2026-05-01", 20)] }] }),
    PlanningGridLoadStarted.make({ key: "v", params: "q", version: 7 }),
    PlanningGridLoaded.make({ key: "v", params: "q", kpis: [{ id: 1, values: [month("2026-04-01", 9)] }] }),
    PlanningCellsEdited.make({ pending: [{ kpi: 1, date: "2026-04-01", text: "11", value: 11 }], rejected: [] }),
  ]);
  const elsewhere = fold([PlanningValuesSaved.make({ values: [{ kpi: 1, date: "2026-04-01", value: 12 }, { kpi: 1, date: "2026-05-01", value: null }], elsewhere: true })], loaded);
  assert.equal(elsewhere.grids["g"]!.kpis![0]!.values.map((value) => value.planningValue), [12, null]);
  assert.equal(elsewhere.grids["v"]!.kpis![0]!.values.map((value) => value.planningValue), [9], "a version's grid keeps the version");
  assert.equal(elsewhere.pending, { 1: { "2026-04-01": { text: "11", value: 11 } } }, "the draft stays");
  assert.equal(elsewhere.conflicts, { 1: { "2026-04-01": 12 } });
  const mine = fold([PlanningValuesSaved.make({ values: [{ kpi: 1, date: "2026-04-01", value: 11 }], elsewhere: false })], elsewhere);
  assert.equal([mine.pending, mine.conflicts, mine.grids["g"]!.kpis![0]!.values[0]!.planningValue], [{}, {}, 11]);
});

test("a grid's older answer does not overwrite a newer request", () => {
  const model = fold([
    PlanningGridLoadStarted.make({ key: "g", params: "2026", version: null }),
    PlanningGridLoadStarted.make({ key: "g", params: "2027", version: null }),
    PlanningGridLoaded.make({ key: "g", params: "2026", kpis: [] }),
  ]);
  assert.equal([model.grids["g"]!.status, model.grids["g"]!.params], ["loading", "2027"]);
});

test.run();
