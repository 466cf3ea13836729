// The copilot's tools on PGlite, as the asking person: the aggregates API's numbers, nothing of a
// KPI the person may not read, arguments checked, text from the data returned only as data.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { copilotTools, copilotTool } from "../../../../../src/server/features/copilot/tools";
import type { ToolContext } from "../../../../../src/server/features/copilot/tool-types";
import { copilotCompany, INJECTION } from "./copilot-fixture";

let company: Awaited<ReturnType<typeof copilotCompany>>;
let analyst: ToolContext;
let employee: ToolContext;
test.before(async () => {
  company = await copilotCompany();
  analyst = await company.contextFor(["read_most_sensitive", "access_deep_drills"]);
  employee = await company.contextFor(["read_non_sensitive", "access_deep_drills"]);
});
test.after(async () => {
  await company.app.close();
});

const run = async (name: string, args: unknown, context: ToolContext) => copilotTool(name)!.run(args, context);
const content = (outcome: { content: unknown }) => outcome.content as Record<string, any>;

test("kpi_aggregates answers the aggregates API's numbers for the same KPI and month", async () => {
  const outcome = await run("kpi_aggregates", { kpiIds: [company.ids.revenue, company.ids.grossMargin], endMonth: "2026-06" }, analyst);
  const user = await company.userWith(["read_most_sensitive"]);
  const api = await company.call(user.headers, "GET", `/api/kpis/aggregates/?endDate=2026-06-01&idList=${company.ids.revenue},${company.ids.grossMargin}`);
  assert.is(api.status, 200);
  for (const kpi of content(outcome)["kpis"]) {
    const expected = api.body.results[kpi.id];
    assert.is(kpi.ytd.actual, expected.ytd.actualValue);
    assert.is(kpi.ytd.plan, expected.ytd.planningValue);
    assert.is(kpi.ytd.lastYear, expected.ytd.lastYearValue);
    assert.is(kpi.ytd.vsPlan.actual, expected.ytd.actualVsPlanning.actualValue);
    assert.is(kpi.ltm.actual, expected.ltm.value);
    assert.is(kpi.fullYear.projected, expected.fullyear.forecastProjectedValue);
    assert.is(kpi.fullYear.plan, expected.fullyear.planningValue);
  }
  const revenue = content(outcome)["kpis"].find((kpi: { id: number }) => kpi.id === company.ids.revenue);
  assert.is(revenue.ytd.actual, 600);
  assert.is(revenue.ytd.plan, 450);
  assert.ok(Math.abs(revenue.ytd.vsPlan.deviationPercent - 100 / 3) < 1e-9);
  const cited = outcome.citations.find((each) => each.kpiId === company.ids.revenue && each.measure === "actual")!;
  assert.equal(cited, { kpiId: company.ids.revenue, kpiName: "revenue", period: "YTD Apr – Jun 2026", measure: "actual", value: 600, unit: "currency", href: `/reporting/kpi-detail/${company.ids.revenue}` });
});

test("furthest_behind_plan: most behind first in the good direction, with the aggregates' numbers", async () => {
  const outcome = content(await run("furthest_behind_plan", { period: "ytd" }, analyst));
  assert.is(outcome["period"], "YTD Apr – Jun 2026");
  assert.equal(outcome["behindPlan"].map((kpi: { name: string }) => kpi.name), ["payroll", "cogs", "bookings", "opex"]);
  assert.equal(outcome["behindPlan"].map((kpi: { actual: number; plan: number }) => [kpi.actual, kpi.plan]), [[150, 300], [200, 150], [240, 300], [330, 300]]);
  const month = content(await run("furthest_behind_plan", { period: "month", endMonth: "2026-06" }, analyst));
  assert.equal(month["behindPlan"].map((kpi: { name: string; actual: number }) => [kpi.name, kpi.actual]), [["cogs", 100], ["payroll", 50], ["bookings", 80], ["opex", 110]]);
});

test("an employee gets nothing of a level-2 or level-3 KPI from any tool: no name, no number", async () => {
  const hidden = [company.ids.payroll, company.ids.cogs, company.ids.cash, company.ids.grossMargin];
  const calls: [string, unknown][] = [
    ["search_kpis", {}],
    ["search_kpis", { query: "payroll" }],
    ["kpi_aggregates", { kpiIds: hidden }],
    ["compare_kpis", { kpiIds: hidden }],
    ["furthest_behind_plan", { period: "ytd" }],
    ["furthest_behind_plan", { period: "month" }],
    ["top_movers", { period: "ytd" }],
    ["top_movers", { period: "month" }],
    ["cash_runway", {}],
    ...hidden.flatMap((kpiId): [string, unknown][] => [
      ["kpi_history", { kpiId }],
      ["kpi_values", { kpiId, fromMonth: "2026-01", toMonth: "2026-06" }],
      ["formula_inputs", { kpiId, period: "month" }],
      ["cash_runway", { kpiId }],
    ]),
  ];
  for (const [name, args] of calls) {
    const outcome = await run(name, args, employee);
    const text = JSON.stringify(outcome);
    for (const secret of ["payroll", "cogs", "cash\"", "gross_margin", "5000", "150,300"]) assert.not.ok(text.includes(secret), `${name} ${JSON.stringify(args)} leaks ${secret}: ${text}`);
    for (const citation of outcome.citations) assert.not.ok(hidden.includes(citation.kpiId), `${name} cites a hidden KPI`);
  }
  // The same calls answer for the analyst, so the test can fail.
  assert.match(JSON.stringify(await run("kpi_history", { kpiId: company.ids.payroll }, analyst)), /payroll/);
  assert.is(content(await run("cash_runway", {}, await company.contextFor(["read_super_sensitive"])))["kpi"]["name"], "cash");
  const employeeList = content(await run("furthest_behind_plan", { period: "ytd" }, employee));
  assert.equal(employeeList["behindPlan"].map((kpi: { name: string }) => kpi.name), ["bookings", "opex"]);
});

test("bad arguments answer { error } and never throw", async () => {
  const table: [string, unknown][] = [
    ["kpi_aggregates", {}],
    ["kpi_aggregates", { kpiIds: "revenue" }],
    ["kpi_history", { kpiId: -1 }],
    ["kpi_history", { kpiId: company.ids.revenue, endMonth: "June" }],
    ["kpi_values", { kpiId: company.ids.revenue, fromMonth: "2026-06", toMonth: "2026-01" }],
    ["furthest_behind_plan", { period: "decade" }],
    ["formula_inputs", { kpiId: company.ids.revenue }],
    ["search_kpis", "not json"],
    ["search_kpis", [1, 2]],
  ];
  for (const [name, args] of table) {
    const outcome = await run(name, args, analyst);
    assert.type(content(outcome)["error"], "string", `${name} ${JSON.stringify(args)}`);
  }
  assert.match(content(await run("formula_inputs", { kpiId: company.ids.revenue }, analyst))["error"], /entered directly/);
  const withoutDrills = await company.contextFor(["read_most_sensitive"]);
  assert.match(content(await run("formula_inputs", { kpiId: company.ids.grossProfit }, withoutDrills))["error"], /deep drills/);
});

test("formula_inputs: gross profit June against May, the inputs' effects add up to the change", async () => {
  const outcome = content(await run("formula_inputs", { kpiId: company.ids.grossProfit, period: "month", endMonth: "2026-06" }, analyst));
  assert.equal([outcome["baseValue"], outcome["value"], outcome["change"]], [140, 200, 60]);
  assert.equal(outcome["inputs"].map((input: { name: string; effect: number }) => [input.name, input.effect]), [["revenue", 100], ["cogs", -40]]);
});

test("search finds by glossary text and returns text from the data only as data fields", async () => {
  await company.plantInjection(company.ids.bookings, analyst.reader.userId);
  const outcome = content(await run("search_kpis", { query: "bookings" }, analyst));
  const bookings = outcome["kpis"].find((kpi: { id: number }) => kpi.id === company.ids.bookings);
  assert.is(bookings.glossary.definition, INJECTION);
  assert.is(bookings.name, "bookings");
  // The text is a value of its field, never merged into another field.
  for (const [field, value] of Object.entries(bookings)) if (field !== "glossary") assert.not.match(String(value), /ignore previous/i);
  assert.ok(copilotTools().every((tool) => !/ignore previous/i.test(tool.description)));
});

test("every tool has a snake_case name and an object schema", () => {
  for (const tool of copilotTools()) {
    assert.match(tool.name, /^[a-z]+(_[a-z]+)*$/);
    assert.is(tool.parameters["type"], "object");
  }
  assert.is(new Set(copilotTools().map((tool) => tool.name)).size, copilotTools().length);
});

test.run();
