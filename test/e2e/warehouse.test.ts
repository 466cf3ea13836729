import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ElementHandle, Page } from "puppeteer";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { formatKpiValue, formatNumber } from "../../src/domain/kpi/number-format";
import { monthIndexAt, monthLabel } from "../../src/domain/months";
import { checkWarehouseData } from "../../src/domain/warehouse/data-rules";
import { dateOf } from "../../src/domain/warehouse/dates";
import { listView } from "../../src/domain/warehouse/list-views";
import { pipelineAt } from "../../src/domain/warehouse/pipeline";
import { demoWarehouse } from "../../src/server/db/seed/demo-warehouse";
import { expectAccessible } from "../support/axe";
import { useServerAndBrowser } from "../support/e2e";
import { clickButton, clickLink, clickMenu, fill, signedInPage, switchTheme, waitForByName, waitForScreen } from "../support/person";

const e2e = useServerAndBrowser(test);

/** What the server seeded today for Demo GmbH (April fiscal years), by the same rules: the numbers the screens must show. */
function seeded() {
  const now = new Date();
  const today = dateOf(now);
  const { data } = demoWarehouse("demo-gmbh", now, 3);
  const { usable } = checkWarehouseData(data, today);
  const current = monthIndexAt(now);
  return { today, current, usable, pipeline: pipelineAt(usable.deals, today, today) };
}

/** The texts of a table's body rows, cell by cell (row headers included). */
const tableRows = (page: Page, label: string) =>
  page.$$eval(`table[aria-label="${label}"] tbody tr`, (rows) => rows.map((row) => [...row.children].map((cell) => cell.textContent?.trim() ?? "")));

/** A figure of a card: the value under its label. */
const figure = (page: Page, card: string, label: RegExp) =>
  page.$eval(
    `[data-testid=${card}]`,
    (element, source) => [...element.querySelectorAll("dl > div")].find((item) => new RegExp(source).test(item.querySelector("dt")?.textContent ?? ""))?.querySelector("dd")?.childNodes[0]?.textContent?.trim() ?? null,
    label.source,
  );

test("a demo administrator opens the sales analytics from the menu and sees the seeded pipeline, stage by stage", async () => {
  const { page, context } = await signedInPage(e2e.browser, e2e.server.url, "admin@demo.example");
  const { pipeline } = seeded();
  await clickMenu(page, "Warehouse", "Sales analytics");
  await waitForScreen(page, "Sales analytics");
  await page.waitForSelector("[data-testid=pipeline] table[aria-label='Open deals by stage'] tbody tr");
  assert.is(await figure(page, "pipeline", /^Open deals today$/), formatNumber(pipeline.count, 0));
  assert.is(await figure(page, "pipeline", /^Open amount$/), formatKpiValue(pipeline.amount, "currency", { currency: "EUR" }));
  assert.is(await figure(page, "pipeline", /^Weighted/), formatKpiValue(pipeline.weighted, "currency", { currency: "EUR" }));
  const stages = await tableRows(page, "Open deals by stage");
  assert.equal(stages.map((row) => [row[0], row[1]]), pipeline.stages.map((stage) => [stage.label, formatNumber(stage.count, 0)]));
  assert.ok(pipeline.count > 10, `a real pipeline: ${pipeline.count} open deals`);

  // The chart is a d3 svg with one stacked segment per stage and month that holds an amount.
  const segments = await page.$$eval("[data-testid=pipeline] svg[role=img] rect[data-series]", (rects) => rects.length);
  assert.is(segments, pipeline.closeMonths.reduce((total, bucket) => total + Object.values(bucket.byStage).filter((amount) => amount !== 0).length, 0));
  // Its values, keyboard first: focusing the chart names the first category in a tooltip.
  await page.$eval("[data-testid=pipeline] svg[role=img]", (svg) => (svg as SVGSVGElement).focus());
  await page.keyboard.press("End");
  const tooltip = await page.waitForSelector("[data-testid=pipeline] [role=tooltip]");
  assert.match(await tooltip!.evaluate((element) => element.textContent ?? ""), new RegExp(pipeline.closeMonths.at(-1)!.label.split(" ")[0]!));
  for (const card of ["stage-percentages", "sales-target", "deal-size", "stages", "marimekko", "development-share"]) await page.waitForSelector(`[data-testid=${card}] table, [data-testid=${card}] svg[role=img]`);
  // The marimekko: a d3 segment per stage and size band holding value, each named for a pointer.
  await page.waitForSelector("[data-testid=marimekko] svg[role=img] rect[data-segment]");
  const mosaic = await page.$$eval("[data-testid=marimekko] svg[role=img] rect[data-segment]", (rects) => rects.map((rect) => [rect.getAttribute("data-column"), rect.querySelector("title")?.textContent ?? ""]));
  assert.ok(mosaic.length >= 4, `segments: ${mosaic.length}`);
  assert.ok(mosaic.some(([column]) => column === "won") && mosaic.every(([, title]) => / of the stage$/.test(title!)));
  const mixRows = await page.$$eval("[data-testid=marimekko] table tbody tr", (rows) => rows.map((row) => [...row.children].map((cell) => cell.textContent?.trim() ?? "")));
  assert.ok(mixRows.some((row) => row[0] === "Won"), JSON.stringify(mixRows));
  // The development share: per month the categories stack to 100 %.
  await page.waitForSelector("[data-testid=development-share] svg[role=img] rect[data-series]");
  const shares = await page.$$eval("[data-testid=development-share] table tbody tr", (rows) => rows.map((row) => row.textContent ?? ""));
  assert.ok(shares.length >= 2, JSON.stringify(shares));
  // Recommendations: rules over the same figures, each with its reason.
  await page.waitForSelector("[data-testid=recommendations] [data-rule]");
  const rules = await page.$$eval("[data-testid=recommendations] [data-rule]", (items) => items.map((item) => item.getAttribute("data-rule")));
  assert.ok(rules.includes("weakest-step") && rules.includes("excluded-rows"), JSON.stringify(rules));
  await expectAccessible(page, "sales analytics, dark");
  await switchTheme(page, "light");
  await expectAccessible(page, "sales analytics, light");
  await context.close();
});

test("the list views: financial and employee count show the seeded months; a tab per variant", async () => {
  const { page, context } = await signedInPage(e2e.browser, e2e.server.url, "admin@demo.example");
  const { usable, current, today } = seeded();
  await clickMenu(page, "Warehouse", "Warehouse list views");
  await waitForScreen(page, "Warehouse list views");
  await page.waitForSelector("table[aria-label='Financial list'] tbody tr");
  const financial = listView("financial", usable, current - 11, current, today);
  const rows = await tableRows(page, "Financial list");
  assert.equal(rows.map((row) => [row[0], row[1]]), financial.rows.map((row) => [monthLabel(current - 11 + financial.rows.indexOf(row)), formatNumber(row.cells["wonDeals"] as number, 0)]), "month and won deals");
  assert.ok(financial.rows.reduce((total, row) => total + (row.cells["wonDeals"] as number), 0) > 20, "a year of won deals");

  await clickLink(page, "Employee count", { within: "nav[aria-label='List view variants']" });
  assert.is(await page.evaluate(() => location.pathname), "/warehouse/list-view/employee-count");
  await page.waitForSelector("table[aria-label='Employee count list'] tbody tr");
  const people = listView("employee-count", usable, current - 11, current, today);
  const last = (await tableRows(page, "Employee count list")).at(-1)!;
  assert.equal([last[0], last[1]], [monthLabel(current), formatNumber(people.rows.at(-1)!.cells["headcount"] as number, 0)]);
  await expectAccessible(page, "list view");
  await page.setViewport({ width: 390, height: 844 });
  await expectAccessible(page, "list view at 390 px");
  await context.close();
});

test("data issues name the seeded rows that break a rule; a snapshot is kept and compared", async () => {
  const { page, context } = await signedInPage(e2e.browser, e2e.server.url, "admin@demo.example");
  await clickMenu(page, "Warehouse", "Data issues");
  await waitForScreen(page, "Data issues");
  await page.waitForSelector("table[aria-label='Data issues'] tbody tr");
  const issues = await tableRows(page, "Data issues");
  assert.ok(issues.some((row) => row[3] === "The deal has no stage." && row[4] === "Left out"), "the deal without a stage is left out");
  assert.ok(issues.some((row) => row[0] === "Products" && row[2] === "Unit cost"));
  await expectAccessible(page, "data issues");

  const { pipeline, today } = seeded();
  await clickMenu(page, "Warehouse", "Pipeline snapshots");
  await waitForScreen(page, "Pipeline snapshots");
  await page.waitForSelector("table[aria-label='Kept snapshots'] tbody a");
  await fill(page, "form[aria-label='Keep a pipeline'] input:not([type=date])", "Before the board meeting");
  await clickButton(page, "Keep snapshot");
  await waitForByName(page, "[data-toast-region] [role=status] *", new RegExp(`Kept the pipeline of ${today} as “Before the board meeting”: ${pipeline.count} open deals`));
  await clickLink(page, "Before the board meeting", { within: "table[aria-label='Kept snapshots']" });
  await page.waitForSelector("[data-testid=snapshot-comparison]");
  const outcomes = await tableRows(page, "What became of the deals");
  assert.equal(outcomes, [["Unchanged", formatNumber(pipeline.count, 0), outcomes[0]?.[2] ?? ""]], "kept just now: nothing has changed");
  await expectAccessible(page, "snapshots");
  await context.close();
});

test("raw data: a file with an unreadable cell writes nothing and lists the row and column; a good one is imported", async () => {
  const { page, context } = await signedInPage(e2e.browser, e2e.server.url, "admin@demo.example");
  await clickMenu(page, "Warehouse", "Raw data");
  await waitForScreen(page, "Raw data");
  await page.waitForSelector("[data-kind=sales-targets] input[type=file]");
  await expectAccessible(page, "raw data");
  const folder = mkdtempSync(join(tmpdir(), "meridian-warehouse-"));
  const bad = join(folder, "targets-bad.csv");
  const good = join(folder, "targets.csv");
  writeFileSync(bad, "Month,Target\n2026-04,100000\n2026-05,lots\n");
  writeFileSync(good, "Month;Target\n04.2026;100000\n05.2026;120000\n");
  const upload = async (file: string) => {
    const input = (await page.$("[data-kind=sales-targets] input[type=file]")) as ElementHandle<HTMLInputElement>;
    await input.uploadFile(file);
  };
  await upload(bad);
  const refusal = await page.waitForSelector("[data-testid=upload-result]");
  await page.waitForFunction(() => /Row 3, Target/.test(document.querySelector("[data-testid=upload-result]")?.textContent ?? ""));
  assert.match(await refusal!.evaluate((element) => element.textContent ?? ""), /Nothing was imported from targets-bad\.csv.*Row 3, Target: "lots": Enter a number/);
  assert.match(await page.$eval("[data-kind=sales-targets]", (card) => card.textContent ?? ""), /24 rows loaded/, "the targets are as they were");
  await upload(good);
  await page.waitForFunction(() => /2 rows of sales targets imported/.test(document.querySelector("[data-testid=upload-result]")?.textContent ?? ""));
  await page.waitForFunction(() => /2 rows loaded from targets\.csv/.test(document.querySelector("[data-kind=sales-targets]")?.textContent ?? ""));
  await context.close();
});

test("without deep-drill access there is no warehouse analytics: the employee's menu has no Warehouse", async () => {
  const { page, context } = await signedInPage(e2e.browser, e2e.server.url, "employee@demo.example");
  const menu = await page.$$eval("nav[aria-label=Main] a", (links) => links.map((link) => link.textContent?.trim()));
  assert.not.ok(menu.includes("Sales analytics") || menu.includes("Raw data"), menu.join(", "));
  await context.close();
});

test.run();
