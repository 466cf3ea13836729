import type { Page } from "puppeteer";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { expectAccessible } from "../support/axe";
import { useServerAndBrowser } from "../support/e2e";
import { clickButton, clickLink, clickMenu, signedInPage, switchTheme, waitForByName, waitForScreen } from "../support/person";

const e2e = useServerAndBrowser(test);

const TITLE = "New customers from counts";
const KPI = "New customers";
/** New customers = the month's paying customers − last month's + the month's churned customers. */
const QUERY = `select c.month, c.value - lag(c.value) over (order by c.month) + ch.value as value
from qb.kpi_values c
join qb.kpis kc on kc.id = c.kpi_id
join qb.kpi_values ch on ch.month = c.month
join qb.kpis kch on kch.id = ch.kpi_id
where kc.key = 'customers' and kch.key = 'churned_customers'
  and c.series = 'actual' and ch.series = 'actual'
  and c.dimension_key = '' and ch.dimension_key = ''
order by c.month desc`;

const toast = (page: Page, text: RegExp) => waitForByName(page, "[data-toast-region] [role=status] *", text, 30_000);

/** Replaces the editor's SQL by typing, as a person selects all and types over it. */
async function typeSql(page: Page, text: string) {
  await page.click("textarea[name=sql]");
  await page.keyboard.down("Control");
  await page.keyboard.press("a");
  await page.keyboard.up("Control");
  await page.keyboard.press("Backspace");
  await page.type("textarea[name=sql]", text);
}

test("a demo administrator writes a query for a KPI, previews it, activates it and sees the KPI's history", async () => {
  const { context, page } = await signedInPage(e2e.browser, e2e.server.url, "admin@demo.example", { viewport: { width: 1440, height: 1000 } });

  // The overview lists the demo's draft; a new query starts from the contract's example.
  await clickMenu(page, "Query builder");
  await waitForScreen(page, "Query builder");
  await waitForByName(page, "main table a", "Logo churn from customer counts");
  await clickLink(page, "New query");
  await waitForScreen(page, "New query");
  await page.waitForFunction(() => /month column/.test((document.querySelector("textarea[name=sql]") as HTMLTextAreaElement | null)?.value ?? ""));

  // A query that is not one SELECT over the views is refused with its reason.
  await typeSql(page, "select * from pg_class");
  await clickButton(page, "Run preview");
  await waitForByName(page, "main *", /Only the views of the qb schema can be read; pg_class is not one of them/);
  await typeSql(page, "select month, value\nform qb.kpi_values");
  await clickButton(page, "Run preview");
  await waitForByName(page, "main *", /^The query's syntax is incorrect\. \(line 2, column 6\)/);

  // The real query: title, KPI, SQL; the preview says what activating would do.
  await page.type("input[name=title]", TITLE);
  const kpiOption = await page.$$eval("select[name=kpi] option", (options, name) => options.find((option) => option.textContent?.startsWith(`${name} (`))?.getAttribute("value") ?? "", KPI);
  assert.ok(kpiOption, "the KPI is offered");
  await page.select("select[name=kpi]", kpiOption);
  await typeSql(page, QUERY);
  await clickButton(page, "Run preview");
  await waitForByName(page, "main *", /^35 monthly values$/, 60_000);
  await waitForByName(page, "main *", new RegExp(`Activating the query makes them the actual values of ${KPI}`));
  const [month, value] = await page.$$eval("table[aria-label='Preview rows'] tbody tr:first-child td", (cells) => cells.map((cell) => cell.textContent ?? ""));
  assert.match(month!, /^\d{4}-\d{2}-01$/);
  assert.ok(value !== undefined && value !== "" && Number.isFinite(Number(value)), `the newest month has a value: ${value}`);

  // Saved, it has its own address; activated, its results are the KPI's actual values.
  await clickButton(page, "Save query");
  await toast(page, new RegExp(`Saved ${TITLE}`));
  await waitForScreen(page, TITLE);
  await page.waitForFunction(() => /^\/query-builder\/\d+$/.test(location.pathname));
  await clickButton(page, "Activate");
  await waitForByName(page, "[role=alertdialog]", new RegExp(`results replace the actual values of ${KPI}`));
  await clickButton(page, "Activate", { within: "[role=alertdialog]" });
  await toast(page, new RegExp(`Activated ${TITLE}: ${KPI} now has 35 months of values`));
  await waitForByName(page, "main header *", /^Active$/);

  // The KPI's detail shows the calculated history.
  await clickLink(page, KPI, { within: "main header" });
  await waitForScreen(page, KPI);
  const cell = `tr[data-month="${month}"] input`;
  await page.waitForSelector(cell);
  const shown = await page.$eval(cell, (input) => (input as HTMLInputElement).value);
  assert.ok(shown !== "", "the month has a value on the detail");
  assert.ok(Math.abs(Number(shown.replaceAll(",", "")) - Number(value)) < 0.01, `${month}: the detail shows ${shown}, the query calculated ${value}`);

  // Back in the overview the query is active; deactivating keeps the values when asked to.
  await clickMenu(page, "Query builder");
  await waitForScreen(page, "Query builder");
  await clickButton(page, `Deactivate ${TITLE}`);
  await waitForByName(page, "[role=alertdialog]", new RegExp(`Deactivate ${TITLE}\\?`));
  await clickButton(page, "Deactivate, keep values", { within: "[role=alertdialog]" });
  await toast(page, new RegExp(`Deactivated ${TITLE}`));
  await context.close();
});

test("the query builder's screens are accessible in both themes", async () => {
  const { context, page } = await signedInPage(e2e.browser, e2e.server.url, "admin@demo.example", { viewport: { width: 1440, height: 1000 } });
  await clickMenu(page, "Query builder");
  await waitForScreen(page, "Query builder");
  await clickLink(page, "Logo churn from customer counts", { within: "main table" });
  await waitForScreen(page, "Logo churn from customer counts");
  await clickButton(page, "Run preview");
  await waitForByName(page, "main *", /^35 monthly values$/, 60_000);
  for (const theme of ["dark", "light"] as const) {
    await switchTheme(page, theme);
    await expectAccessible(page, `query editor (${theme})`);
  }
  await clickLink(page, "Query builder", { within: "nav[aria-label=Breadcrumb]" });
  await waitForScreen(page, "Query builder");
  for (const theme of ["dark", "light"] as const) {
    await switchTheme(page, theme);
    await expectAccessible(page, `query overview (${theme})`);
  }
  await context.close();
});

test.run();
