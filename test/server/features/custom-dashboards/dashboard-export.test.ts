// The Excel export of a custom dashboard: a sheet per card with that card's data at the reader's
// reporting month, in the company's currency; text escaped against formulas; KPIs the reader may
// not read named as unavailable without a figure.
import ExcelJS from "exceljs";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { CHART_GONE } from "../../../../src/domain/custom-dashboards/texts";
import { KPI_UNAVAILABLE } from "../../../../src/server/features/custom-dashboards/dashboard-export-data";
import { sheetNames } from "../../../../src/server/features/custom-dashboards/dashboard-export";
import { dashboardsCompany } from "./fixture";

async function exported(app: Awaited<ReturnType<typeof dashboardsCompany>>["app"], headers: Record<string, string>, id: number) {
  const response = await app.inject({ method: "POST", url: `/api/custom-dashboards/${id}/export/xlsx/`, headers });
  assert.is(response.statusCode, 200, response.body.slice(0, 200));
  assert.match(response.headers["content-type"] as string, /spreadsheetml/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  const rows = (name: string) => {
    const sheet = workbook.getWorksheet(name);
    assert.ok(sheet, `sheet ${name} of ${workbook.worksheets.map((item) => item.name).join(", ")}`);
    return sheet!.getSheetValues().filter(Boolean).map((row) => (row as unknown[]).slice(1));
  };
  return { workbook, rows, disposition: response.headers["content-disposition"] as string };
}

test("a sheet per card: the KPI's month and year to date, the KPI chart's buckets, the text escaped", async () => {
  const { app, call, owner, viewer, outsider, ids, sharedDashboard, savedChart } = await dashboardsCompany();
  const { id } = await sharedDashboard("Q2 = board");
  // The owner reports at June 2026 (fiscal year from April): revenue 100, 200, 300; plan 150 a month.
  await call(owner.headers, "PUT", "/api/settings/", { daterangeFilter: { endDate: "2026-06-01", ignoreLastMonths: 0 } });
  await call(owner.headers, "POST", `/api/custom-dashboards/${id}/cards/`, { title: "=HYPERLINK(\"http://evil\")", content: { type: "text", text: "+1 line\n@SUM(A1)\nplain" } });
  await call(owner.headers, "POST", `/api/custom-dashboards/${id}/cards/`, { title: "Revenue by quarter", content: { type: "kpiChart", kpiId: ids.revenue, bucketSize: 3, timeRange: 6 } });
  const chartId = await savedChart("Revenue and cash", [ids.revenue, ids.cash], outsider);
  const gone = await savedChart("Gone", [ids.revenue]);
  await call(owner.headers, "POST", `/api/custom-dashboards/${id}/cards/`, { title: "", content: { type: "chart", chartId } });
  await call(owner.headers, "POST", `/api/custom-dashboards/${id}/cards/`, { title: "", content: { type: "chart", chartId: gone } });
  assert.is((await call(owner.headers, "DELETE", `/api/charts/${gone}/`)).status, 204);
  const { workbook, rows, disposition } = await exported(app, owner.headers, id);
  assert.match(disposition, /filename="Q2-board\.xlsx"/, "the name the browser saves it under (exportFileName)");
  assert.equal(workbook.worksheets.map((sheet) => sheet.name), ["Dashboard", "1 KPI", "2 Notes", "3 =HYPERLINK(\"http   evil\")", "4 Revenue by quarter", "5 Chart", "6 Chart"]);
  assert.equal(rows("Dashboard").slice(0, 3), [["Dashboard", "Q2 = board"], ["Reporting month", "Jun 2026"], ["Currency", "EUR"]]);

  const kpi = Object.fromEntries(rows("1 KPI").map((row) => [row[0], row[1]]));
  assert.equal([kpi["KPI"], kpi["Unit"], kpi["Actual (month)"], kpi["Plan (month)"], kpi["Last year (month)"], kpi["Actual (year to date)"], kpi["Plan (year to date)"]], ["revenue", "currency (EUR)", 300, 150, 120, 600, 450]);

  assert.equal(rows("2 Notes"), [["Notes"], ["Quarter close"]]);
  // Title and lines that a spreadsheet would run as formulas stay text.
  assert.equal(rows("3 =HYPERLINK(\"http   evil\")"), [["'=HYPERLINK(\"http://evil\")"], ["'+1 line"], ["'@SUM(A1)"], ["plain"]]);
  const chart = rows("4 Revenue by quarter");
  assert.equal(chart[2], ["KPI", "Unit", "Period", "From", "To", "Actual", "Plan", "Forecast", "Last year"]);
  // Empty cells read back as nothing: no actuals or plan from January to March 2026.
  assert.equal(chart.slice(3).map((row) => [row[0], row[3], row[5] ?? null, row[6] ?? null]), [["revenue", "2026-01-01", null, null], ["revenue", "2026-04-01", 600, 450]]);
  // The saved chart: its KPIs the owner may read (revenue, not cash) × its quarters, its series only.
  const saved = rows("5 Chart");
  assert.equal(saved.slice(0, 3), [["Chart", "Revenue and cash"], ["Currency", "EUR"], ["KPI", "Unit", "Period", "From", "To", "Actual", "Plan"]]);
  assert.equal(saved.slice(3).map((row) => [row[0], row[3], row[5] ?? null, row[6] ?? null]), [["revenue", "2026-01-01", null, null], ["revenue", "2026-04-01", 600, 450]]);
  assert.equal(rows("6 Chart"), [[CHART_GONE]], "a deleted chart: said so");

  // The viewer reads no KPI: the KPI sheets say so and carry no figure of revenue.
  const theirs = await exported(app, viewer.headers, id);
  assert.equal(theirs.rows("1 KPI"), [[KPI_UNAVAILABLE]]);
  assert.equal(theirs.rows("4 Revenue by quarter"), [["Revenue by quarter"], [KPI_UNAVAILABLE]]);
  assert.equal(theirs.rows("5 Chart").slice(3), [], "the chart's name, but none of its KPIs' figures");
});

test("sheet names: Excel's forbidden characters out, at most 31 characters, unique in any case", () => {
  const card = (title: string, type: "text" | "kpi" = "text") => ({ card: { id: 1, title, position: 0, layout: { x: 0, y: 0, w: 1, h: 1 }, content: type === "text" ? { type, text: "" } : { type, kpiId: 1 } }, kind: "text", text: "" }) as never;
  const names = sheetNames([card("a/b:c*?[d]"), card(""), card("x".repeat(40)), card("Dashboard"), card("'quoted'", "kpi")]);
  assert.equal(names, ["1 a b c   d", "2 Text", `3 ${"x".repeat(29)}`, "4 Dashboard", "5 quoted"]);
  assert.ok(names.every((name) => name.length <= 31));
});

test.run();
