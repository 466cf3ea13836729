import type { Page } from "puppeteer";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { fiscalYearStart } from "../../src/domain/fiscal-calendar";
import { bucketsOf } from "../../src/domain/kpi/periods";
import { calendarMonthOf, monthDateOf, monthIndexAt } from "../../src/domain/months";
import { ACTUAL_MONTHS } from "../../src/server/db/seed/seed-demo";
import { expectAccessible } from "../support/axe";
import { useServerAndBrowser } from "../support/e2e";
import { clickButton, clickLink, clickMenu, DESKTOP, signedInPage, switchTheme, waitForScreen } from "../support/person";

const e2e = useServerAndBrowser(test);
const NARROW = { width: 390, height: 844 } as const;
/** The demo company's fiscal year starts in April; its actuals run from ACTUAL_MONTHS ago to last month. */
const FISCAL_YEAR_OFFSET = 3;
const thisMonth = monthIndexAt(new Date());
const firstActual = thisMonth - ACTUAL_MONTHS;

/** Chooses an option of the select labelled `label` (a filter bar or popover control), as a person picks it. */
async function choose(page: Page, label: string, option: string) {
  const id = await page.waitForFunction((text) => [...document.querySelectorAll("label")].find((element) => element.textContent?.trim() === text)?.getAttribute("for") ?? false, {}, label);
  const selector = `select[id="${String(await id.jsonValue())}"]`;
  const value = await page.$eval(selector, (select, text) => [...(select as HTMLSelectElement).options].find((candidate) => candidate.textContent === text)?.value ?? "", option);
  assert.ok(value !== "", `${label} offers ${option}`);
  await page.select(selector, value);
}

/**
 * Per table column with a money scale in its header: the caption ("€ k") and the texts of its
 * cells. Read from the table semantics: a header's position is its cells' position in each row.
 */
async function scaledColumns(page: Page, table: string) {
  return page.$$eval(`${table} thead th`, (headers) =>
    headers
      .map((header, index) => ({ header, index }))
      .filter(({ header }) => header.querySelector(".scale"))
      .map(({ header, index }) => ({
        caption: header.querySelector(".scale [aria-hidden]")?.textContent ?? "",
        cells: [...header.closest("table")!.querySelectorAll("tbody tr")].map((row) => row.children[index]?.querySelector(".value")?.textContent ?? ""),
      })),
  );
}

/** The page itself never scrolls sideways; a table wider than the screen scrolls in its own, focusable, named area. */
async function scrollsInItsOwnArea(page: Page, within: string) {
  const layout = await page.evaluate((css) => {
    const area = document.querySelector(css)?.closest("[role=region]");
    return {
      page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      area: area ? { wider: area.scrollWidth > area.clientWidth, tabIndex: area.getAttribute("tabindex"), label: area.getAttribute("aria-label") } : null,
    };
  }, within);
  assert.is(layout.page, 0, "the page does not scroll sideways");
  assert.ok(layout.area?.wider, `${within} scrolls sideways in its own area`);
  assert.is(layout.area?.tabIndex, "0", "the keyboard reaches the scroll area");
  assert.ok(layout.area?.label, "the scroll area is named");
}

test("the financial dashboard: a category tab, one scale per column, partial periods marked, a KPI name opens its detail", async () => {
  const { context, page } = await signedInPage(e2e.browser, e2e.server.url, "admin@demo.example");
  await clickMenu(page, "Reporting", "Financial dashboard");
  await waitForScreen(page, "Financial dashboard");
  await clickLink(page, "P&L", { within: "nav[aria-label='Financial categories']" });
  assert.match(await page.evaluate(() => location.pathname), /^\/reporting\/financial-dashboard\/\d+$/);
  assert.is(await page.$eval("nav[aria-label='Financial categories'] a[aria-current=page]", (link) => link.textContent), "P&L");
  await page.waitForSelector("table tbody tr");

  // The category's own columns: every money column in one scale, named once in its header.
  const columns = await scaledColumns(page, "table");
  assert.ok(columns.length >= 3, `${columns.length} columns with a money scale`);
  for (const column of columns) {
    assert.match(column.caption, /^€( k| M)?$/);
    const suffixed = column.cells.filter((text) => /\d[kM]$/.test(text) || text.includes("€"));
    assert.equal(suffixed, [], `no unit or scale repeated in the cells under ${column.caption}`);
    const money = column.cells.filter((text) => /^\u2212?[\d,]+(\.\d+)?$/.test(text));
    assert.is(new Set(money.map((text) => text.split(".")[1]?.length ?? 0)).size, 1, `one number of decimals in the column under ${column.caption}: ${money.join(" ")}`);
  }
  assert.match(await page.$eval("table thead", (head) => head.textContent ?? ""), /[A-Z][a-z]{2}( \d{4})? – [A-Z][a-z]{2} \d{4}/, "the period in the header");

  // The actual comparison with last year's full year, a year after the first year of data: that
  // year has actuals only from the first month of data on (e.g. 5 of 12 months).
  const firstYear = fiscalYearStart(firstActual, FISCAL_YEAR_OFFSET);
  const monthsOfData = firstYear + 12 - firstActual;
  const reportingMonth = firstYear + 12;
  await choose(page, "View", "Actual comparison");
  await choose(page, "Compare with", "Last year");
  // In the reporting month's picker: the month typed, then the year stepped down with the arrow key.
  const month = await page.waitForSelector("input[type=month]");
  await month!.click({ offset: { x: 14, y: 12 } });
  await page.keyboard.type(String(calendarMonthOf(reportingMonth)).padStart(2, "0"));
  await page.keyboard.press("ArrowRight");
  for (let year = Math.floor((thisMonth - 1) / 12); year > Math.floor(reportingMonth / 12); year--) await page.keyboard.press("ArrowDown");
  assert.is(await page.$eval("input[type=month]", (input) => (input as HTMLInputElement).value), monthDateOf(reportingMonth).slice(0, 7));
  const yearName = `FY ${Math.floor(firstYear / 12)}/${String((Math.floor(firstYear / 12) + 1) % 100).padStart(2, "0")}`;
  await page.waitForFunction((name) => [...document.querySelectorAll("thead th")].some((header) => header.textContent?.includes(name)), {}, yearName);
  await page.waitForFunction(() => !document.querySelector("[aria-busy=true]"));
  const partial = await page.$$eval("thead th", (headers) => headers.filter((header) => header.querySelector("[data-partial]")).map((header) => `${header.querySelector(".title")?.textContent}: ${header.querySelector("[data-partial]")?.getAttribute("data-partial")}`));
  assert.equal(partial, monthsOfData < 12 ? [`Last year FY: ${monthsOfData} of 12 months`] : [], `the first months of data in ${yearName}`);
  if (monthsOfData < 12) assert.match(await page.$eval("thead [data-partial]", (mark) => mark.textContent ?? ""), new RegExp(`partial: ${monthsOfData} of 12 months`), "screen readers hear it");
  await expectAccessible(page, "financial dashboard, dark");
  await switchTheme(page, "light");
  await expectAccessible(page, "financial dashboard, light");
  await switchTheme(page, "dark");
  // The reporting month is kept for the person across screens and visits: back to the default.
  await clickButton(page, "Reset filters");
  await page.waitForFunction((month) => (document.querySelector("input[type=month]") as HTMLInputElement | null)?.value === month, {}, monthDateOf(thisMonth - 1).slice(0, 7));

  await clickLink(page, "Revenue", { within: "table" });
  assert.is(await waitForScreen(page, "Revenue"), "Revenue");
  assert.match(await page.evaluate(() => location.pathname), /^\/reporting\/kpi-detail\/\d+$/);

  await page.setViewport(NARROW);
  await clickMenu(page, "Reporting", "Financial dashboard");
  await page.waitForSelector("table tbody tr");
  await scrollsInItsOwnArea(page, "table");
  await expectAccessible(page, "financial dashboard, 390 px");
  await context.close();
});

test("the list view: a column's scale changed by clicking, rows per quarter with partial quarters marked, usable at 390 px", async () => {
  const { context, page } = await signedInPage(e2e.browser, e2e.server.url, "admin@demo.example");
  await clickMenu(page, "Reporting", "List view");
  await waitForScreen(page, "List view");
  await page.waitForSelector("[role=row][aria-rowindex='2']");
  const caption = (column: string) =>
    page.$$eval("[role=columnheader]", (headers, name) => headers.find((header) => header.querySelector(".sort")?.textContent === name)?.querySelector(".scale [aria-hidden]")?.textContent ?? null, column);
  assert.is(await caption("Actual"), "€ M", "Actual: the largest amount of money is in millions");

  await clickButton(page, "Settings of Actual");
  await choose(page, "Scale of money", "Thousands (k)");
  await page.waitForFunction(() => [...document.querySelectorAll("[role=columnheader]")].find((header) => header.querySelector(".sort")?.textContent === "Actual")?.querySelector(".scale [aria-hidden]")?.textContent === "€ k");
  const actuals = await page.$$eval("[role=row] [role=cell]:nth-child(5)", (cells) => cells.map((cell) => cell.textContent ?? ""));
  assert.ok(actuals.length > 5);
  assert.equal(actuals.filter((text) => /[kM€]/.test(text)), [], "the cells carry no scale of their own");
  await page.keyboard.press("Escape");

  await choose(page, "One row per", "Quarter");
  await page.waitForFunction(() => /Q\d FY/.test(document.querySelector("[role=row][aria-rowindex='2']")?.textContent ?? ""));
  // The last twelve complete months: a quarter at either end holds only the months inside them.
  const expected = bucketsOf(thisMonth - 12, thisMonth - 1, 3, FISCAL_YEAR_OFFSET).filter((bucket) => bucket.months.length < 3).map((bucket) => `${bucket.label}: ${bucket.months.length} of 3 months`);
  const marks = await page.$$eval("[role=cell]:nth-child(4)", (cells) => [...new Set(cells.filter((cell) => cell.querySelector("[data-partial]")).map((cell) => `${cell.firstChild?.textContent}: ${cell.querySelector("[data-partial]")?.getAttribute("data-partial")}`))]);
  // The first KPI's quarters are all in view.
  assert.equal(marks.sort(), expected.sort());
  await expectAccessible(page, "list view, dark");
  await switchTheme(page, "light");
  await expectAccessible(page, "list view, light");
  await switchTheme(page, "dark");

  await page.setViewport(NARROW);
  await page.waitForFunction(() => document.documentElement.clientWidth <= 390);
  await scrollsInItsOwnArea(page, "[role=table]");
  await expectAccessible(page, "list view, 390 px");

  // Every KPI opens from the list too, and the detail's breadcrumbs lead back to it.
  await page.setViewport(DESKTOP);
  const first = await page.$eval("[role=row][aria-rowindex='2'] [role=cell] a", (link) => link.textContent ?? "");
  await clickLink(page, first, { within: "[role=row][aria-rowindex='2']" });
  assert.is(await waitForScreen(page, first), first);
  await clickLink(page, "List view", { within: "nav[aria-label=Breadcrumb]" });
  await waitForScreen(page, "List view");
  await context.close();
});

test.run();
