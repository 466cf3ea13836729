import { test } from "uvu";
import * as assert from "uvu/assert";
import { DEFAULT_LIST_COLUMNS, type OkrListRow } from "../../../src/contracts/okr-insights";
import { addDays, changeLogFilterOf, changeLogProblems, changeLogSearch, changeLogWindow, DEFAULT_CHANGE_LOG_FILTER, pageCount } from "../../../src/domain/okr-insights/change-log-query";
import { listLines, listViewAddressOf, listViewSearch, moveColumn, sortRows, storedColumns, toggleColumn } from "../../../src/domain/okr-insights/list-view";
import { quarterLabel, quarterOf, teamAnalytics, weekStartOf, weeksBetween, type AnalyticsObjective } from "../../../src/domain/okr-insights/team-analytics";

test("time range: today and the days before it, intersected with start and end dates", () => {
  const table: [Parameters<typeof changeLogWindow>[0], { from: string | null; to: string | null }][] = [
    [{ timeRange: "all", startDate: null, endDate: null }, { from: null, to: null }],
    [{ timeRange: "7d", startDate: null, endDate: null }, { from: "2026-05-07", to: null }],
    [{ timeRange: "30d", startDate: null, endDate: null }, { from: "2026-04-14", to: null }],
    [{ timeRange: "90d", startDate: null, endDate: null }, { from: "2026-02-13", to: null }],
    [{ timeRange: "365d", startDate: null, endDate: null }, { from: "2025-05-14", to: null }],
    [{ timeRange: "7d", startDate: "2026-05-10", endDate: null }, { from: "2026-05-10", to: null }], // the later start wins
    [{ timeRange: "7d", startDate: "2026-01-01", endDate: "2026-05-08" }, { from: "2026-05-07", to: "2026-05-08" }],
    [{ timeRange: "all", startDate: "2026-01-01", endDate: "2026-01-31" }, { from: "2026-01-01", to: "2026-01-31" }],
  ];
  for (const [filter, expected] of table) assert.equal(changeLogWindow(filter, "2026-05-13"), expected, JSON.stringify(filter));
  assert.equal(changeLogProblems({ startDate: "2026-05-02", endDate: "2026-05-01" }), { endDate: ["The end date must be on or after the start date."] });
  assert.equal(changeLogProblems({ startDate: "2026-05-01", endDate: "2026-05-01" }), {});
  assert.equal([addDays("2026-03-01", -1), addDays("2024-02-28", 1), addDays("2026-12-31", 1)], ["2026-02-28", "2024-02-29", "2027-01-01"]);
  assert.equal([pageCount(0, 50), pageCount(50, 50), pageCount(51, 50), pageCount(120, 50)], [1, 1, 2, 3]);
});

test("the change log's address: the API's names both ways; unknown values read as defaults", () => {
  const table: [string, Partial<typeof DEFAULT_CHANGE_LOG_FILTER>][] = [
    ["", {}],
    ["?order=old_first&p=3", { order: "old_first", page: 3 }],
    ["?action_type=checked_in&item_type=key_result&timeRange=90d", { actionType: "checked_in", itemType: "key_result", timeRange: "90d" }],
    ["?startDate=2026-01-01&endDate=2026-02-01", { startDate: "2026-01-01", endDate: "2026-02-01" }],
    ["?order=sideways&p=0&timeRange=2w&action_type=renamed&item_type=kpi&startDate=2026-02-30&endDate=x", {}],
    ["?p=-2", {}],
  ];
  for (const [search, expected] of table) assert.equal(changeLogFilterOf(search), { ...DEFAULT_CHANGE_LOG_FILTER, ...expected }, search);
  const filter = { ...DEFAULT_CHANGE_LOG_FILTER, order: "old_first" as const, actionType: "updated" as const, timeRange: "7d" as const, page: 2 };
  assert.is(changeLogSearch(filter), "?order=old_first&action_type=updated&timeRange=7d&p=2");
  assert.equal(changeLogFilterOf(changeLogSearch(filter)), filter, "round trip");
  assert.is(changeLogSearch(DEFAULT_CHANGE_LOG_FILTER), "");
});

test("weeks start on Monday; quarters", () => {
  assert.equal([weekStartOf("2026-05-13"), weekStartOf("2026-05-11"), weekStartOf("2026-05-17"), weekStartOf("2026-01-01")], ["2026-05-11", "2026-05-11", "2026-05-11", "2025-12-29"]);
  assert.equal(weeksBetween("2026-04-01", "2026-04-20"), ["2026-03-30", "2026-04-06", "2026-04-13", "2026-04-20"]);
  assert.equal(weeksBetween("2026-04-01", "2026-03-01"), []);
  assert.equal([quarterOf("2026-05-13"), quarterOf("2026-12-31"), quarterOf("2026-01-01")], [{ from: "2026-04-01", to: "2026-06-30" }, { from: "2026-10-01", to: "2026-12-31" }, { from: "2026-01-01", to: "2026-03-31" }]);
  assert.is(quarterLabel("2026-10-01"), "Q4 2026");
});

const objective = (id: number, unitKey: string, keyResults: [number, number | null, number | null][], period = { startsOn: "2026-04-01", endsOn: "2026-06-30" }): AnalyticsObjective => ({
  id,
  title: `Objective ${id}`,
  level: unitKey === "corporate" ? "corporate" : "team",
  unitKey,
  ...period,
  keyResults: keyResults.map(([krId, progress, confidence]) => ({ id: krId, progress, confidence })),
});

test("analytics: averages over objectives and key results, at risk by confidence or gap, check-ins per week in the period", () => {
  const units = [
    { key: "corporate", kind: "corporate" as const, unitId: null, name: "Corporate" },
    { key: "unit:1", kind: "team" as const, unitId: 1, name: "EMEA" },
    { key: "unit:2", kind: "team" as const, unitId: 2, name: "Empty" },
  ];
  const objectives = [
    objective(1, "corporate", [[11, 50, 8], [12, 20, 6]]), // progress 35, expected 46.2: fine
    objective(2, "unit:1", [[21, 5, 7]]), // 41 points behind: at risk
    objective(3, "unit:1", [[31, 60, 4]]), // confidence 4 (at the threshold): at risk
    objective(4, "unit:1", [[41, null, null]]), // nothing known: not at risk, no progress
    objective(5, "unit:9", [[51, 0, 0]]), // a unit not shown: left out of the total
  ];
  const checkIns = [
    { keyResultId: 11, date: "2026-05-12" },
    { keyResultId: 12, date: "2026-03-31" }, // before the period: not counted, not recent
    { keyResultId: 12, date: "2026-04-20" },
    { keyResultId: 21, date: "2026-04-29" }, // 14 days before today: not recent
    { keyResultId: 31, date: "2026-04-30" }, // 13 days before: recent
    { keyResultId: 31, date: "2026-04-30" },
  ];
  const result = teamAnalytics({ units, objectives, checkIns, from: "2026-04-01", to: "2026-06-30", today: "2026-05-13" });
  const [corporate, emea, empty] = result.teams;
  const expected = (42 / 91) * 100;
  assert.equal([corporate!.objectives, corporate!.keyResults, corporate!.atRisk, corporate!.checkIns, corporate!.recentCheckInShare], [1, 2, 0, 2, 0.5]);
  assert.equal([corporate!.averageProgress, corporate!.averageConfidence], [35, 7]);
  assert.ok(Math.abs(corporate!.expectedProgress! - expected) < 1e-9);
  assert.equal([emea!.objectives, emea!.keyResults, emea!.atRisk, emea!.checkIns, emea!.averageProgress, emea!.averageConfidence], [3, 3, 2, 3, 32.5, 5.5]);
  assert.ok(Math.abs(emea!.recentCheckInShare! - 1 / 3) < 1e-9);
  assert.equal(emea!.weeks.map((week) => week.checkIns), [0, 0, 0, 0, 3, 0, 0]);
  assert.equal(emea!.weeks.map((week) => week.weekStart), ["2026-03-30", "2026-04-06", "2026-04-13", "2026-04-20", "2026-04-27", "2026-05-04", "2026-05-11"]);
  assert.equal([empty!.objectives, empty!.averageProgress, empty!.expectedProgress, empty!.averageConfidence, empty!.recentCheckInShare, empty!.checkIns], [0, null, null, null, null, 0]);
  assert.equal([result.total.objectives, result.total.atRisk, result.total.checkIns], [4, 2, 5]);
  assert.equal(result.atRisk.map((entry) => [entry.id, entry.reasons, entry.unitName]), [
    [2, ["behind"], "EMEA"],
    [3, ["low_confidence"], "EMEA"],
  ]);
});

test("analytics: a period that has not started has no weeks; one in the past counts to its end", () => {
  const units = [{ key: "corporate", kind: "corporate" as const, unitId: null, name: "Corporate" }];
  const future = teamAnalytics({ units, objectives: [objective(1, "corporate", [[1, 0, null]], { startsOn: "2026-07-01", endsOn: "2026-09-30" })], checkIns: [], from: "2026-07-01", to: "2026-09-30", today: "2026-05-13" });
  assert.equal([future.total.weeks.length, future.total.expectedProgress, future.atRisk.length], [0, 0, 0]);
  const past = teamAnalytics({ units, objectives: [objective(1, "corporate", [[1, 40, null]], { startsOn: "2026-01-01", endsOn: "2026-03-31" })], checkIns: [{ keyResultId: 1, date: "2026-03-31" }], from: "2026-01-01", to: "2026-03-31", today: "2026-05-13" });
  assert.equal([past.total.weeks.length, past.total.checkIns, past.total.expectedProgress, past.atRisk.map((entry) => entry.reasons)], [14, 1, 100, [["behind"]]]);
});

const row = (objectiveId: number, title: string | null, overrides: Partial<OkrListRow> = {}, progress: number | null = null): OkrListRow => ({
  objectiveId,
  objectiveTitle: `Objective ${objectiveId}`,
  level: "corporate",
  unit: null,
  owner: null,
  startsOn: "2026-04-01",
  endsOn: "2026-06-30",
  objectiveProgress: null,
  keyResult: title === null ? null : { id: objectiveId * 10 + title.length, title, direction: "increasing", unit: "", start: 0, target: 100, actual: progress, progress, kpi: null, kpiFed: false, confidence: null },
  status: null,
  updatedAt: "2026-04-01T00:00:00.000Z",
  responsible: [],
  ...overrides,
});

test("list: stored columns, moving and hiding; sorting keeps key results under their objective", () => {
  assert.equal(storedColumns(null), { columns: [...DEFAULT_LIST_COLUMNS], isDefault: true });
  assert.equal(storedColumns(["progress", "salary", "name", "progress", 3]), { columns: ["progress", "name"], isDefault: false });
  assert.equal(storedColumns(["salary"]), { columns: [...DEFAULT_LIST_COLUMNS], isDefault: true });
  assert.equal(moveColumn(["name", "kpi", "link"], "link", -1), ["name", "link", "kpi"]);
  assert.equal(moveColumn(["name", "kpi"], "name", -1), ["name", "kpi"]);
  assert.equal(toggleColumn(["name", "kpi"], "kpi"), ["name"]);
  assert.equal(toggleColumn(["name"], "name"), ["name"], "the last column stays");
  assert.equal(toggleColumn(["name"], "confidence"), ["name", "confidence"]);

  const rows = [row(1, "b", {}, 80), row(1, "aa", {}, 10), row(2, "ccc", {}, 50), row(3, null)];
  const order = (sorted: OkrListRow[]) => sorted.map((entry) => `${entry.objectiveId}:${entry.keyResult?.title ?? "-"}`);
  assert.equal(order(sortRows(rows, null, "ascending")), ["1:b", "1:aa", "2:ccc", "3:-"]);
  assert.equal(order(sortRows(rows, "progress", "ascending")), ["1:aa", "1:b", "2:ccc", "3:-"], "objectives by their first row; no value last");
  assert.equal(order(sortRows(rows, "progress", "descending")), ["1:b", "1:aa", "2:ccc", "3:-"]);
  assert.equal(order(sortRows(rows, "name", "descending")), ["3:-", "2:ccc", "1:b", "1:aa"]);
  assert.equal(listLines(rows).map((line) => `${line.kind}:${line.row.objectiveId}`), ["objective:1", "key_result:1", "key_result:1", "objective:2", "key_result:2", "lone:3"]);
});

test("list address: filters and sort both ways", () => {
  const address = listViewAddressOf("?level=team&unitId=4&from=2026-04-01&to=2026-06-30&statusId=2&responsibleId=9&sort=progress&dir=descending");
  assert.equal(address, { level: "team", unitId: 4, from: "2026-04-01", to: "2026-06-30", statusId: 2, responsibleId: 9, sort: "progress", direction: "descending" });
  assert.equal(listViewAddressOf(listViewSearch(address)), address);
  assert.equal(listViewAddressOf("?level=board&unitId=0&sort=link&from=soon"), { level: null, unitId: null, from: null, to: null, statusId: null, responsibleId: null, sort: null, direction: "ascending" });
});

test.run();
