import type { ElementHandle, Page } from "puppeteer";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { expectAccessible } from "../support/axe";
import { useServerAndBrowser } from "../support/e2e";
import { clickButton, clickLink, clickMenu, fill, signedInPage, switchTheme, waitForByName, waitForScreen } from "../support/person";

const e2e = useServerAndBrowser(test);

const FORM = "form[aria-label='Chart settings']";
const toast = (page: Page, text: RegExp) => waitForByName(page, "[data-toast-region] [role=status] *", text, 20_000);

/** Picks an option of a segmented control or a chip group by its visible text, as a person clicks it. */
async function choose(page: Page, text: string) {
  const option = await waitForByName(page, `${FORM} label`, new RegExp(`^${text}$`));
  await option.click();
}

/** Searches the KPI catalogue and adds the KPI by its "Add …" button. */
async function addKpi(page: Page, search: string, name: string) {
  await fill(page, `${FORM} input[type=search]`, search);
  await clickButton(page, `Add ${name}`, { within: FORM });
  await waitForByName(page, `${FORM} ol li .name`, name);
}

/** Clicks a menu item only (no waiting for the screen: the unsaved-changes guard may ask first). */
async function clickMenuLinkOnly(page: Page, label: string) {
  const link = (await page.evaluateHandle((name) => {
    const nav = [...document.querySelectorAll("nav[aria-label=Main]")].find((element) => element.getClientRects().length > 0);
    return [...(nav?.querySelectorAll("a") ?? [])].find((a) => a.textContent?.trim() === name) ?? null;
  }, label)) as ElementHandle<HTMLAnchorElement>;
  await link.click();
}

/** The value as a pivot cell shows it ("1,234.5", "1,234.5*") as a number. */
const number = (text: string) => Number(text.replace(/[*,\s]/g, "").replace("\u2212", "-"));

test("a person builds a stacked chart of two KPIs and a pivot table with fiscal-year subtotals, saves both, and finds the chart on the KPI detail's Charts tab", async () => {
  const { page } = await signedInPage(e2e.browser, e2e.server.url, "c-level@demo.example");
  await clickMenu(page, "Reporting", "Chart builder");
  await waitForScreen(page, "Chart builder");

  // Saving without a name or a KPI says what is missing at the fields.
  await clickButton(page, /^Save chart$/);
  await waitForByName(page, `${FORM} [role=alert], ${FORM} *`, /Name: Enter a name for the chart\./);
  await waitForByName(page, `${FORM} *`, /KPIs: Choose at least one KPI\./);

  // A stacked chart of personnel and marketing costs by quarter.
  await fill(page, `${FORM} input[maxlength='150']`, "Personnel and marketing");
  await addKpi(page, "personnel", "Personnel costs");
  await addKpi(page, "marketing", "Marketing costs");
  await choose(page, "Stacked");
  await choose(page, "Q");
  await page.waitForFunction(() => new Set([...document.querySelectorAll("svg[role=img] rect[data-line]")].map((bar) => bar.getAttribute("data-line"))).size === 2, { timeout: 20_000 });
  await expectAccessible(page, "Chart builder with a stacked chart (dark)");
  // In every quarter the second KPI's segment sits on top of the first one's.
  const stacked = await page.$$eval("svg[role=img] g.bars rect[data-line]", (bars) => bars.map((bar) => ({ line: bar.getAttribute("data-line")!, index: Number(bar.getAttribute("data-index")), y: Number(bar.getAttribute("y")), height: Number(bar.getAttribute("height")) })));
  const [first, second] = [...new Set(stacked.map((bar) => bar.line))];
  const quarters = [...new Set(stacked.map((bar) => bar.index))];
  assert.ok(quarters.length >= 4, `a year of quarters: ${quarters.length}`);
  for (const index of quarters) {
    const bottom = stacked.find((bar) => bar.line === first && bar.index === index)!;
    const top = stacked.find((bar) => bar.line === second && bar.index === index)!;
    assert.ok(Math.abs(top.y + top.height - bottom.y) < 0.5, `quarter ${index}: ${JSON.stringify({ bottom, top })}`);
  }
  // The period follows the reporting month, said in words (no empty month box).
  await waitForByName(page, `${FORM} fieldset`, /^Ending\s*Follows the reporting month/);

  // Leaving by the menu with the chart unsaved asks; Stay keeps the chart as it is.
  await clickMenuLinkOnly(page, "Operational dashboard");
  await waitForByName(page, "[role=alertdialog]", /Leave this page\?[\s\S]*This chart has unsaved changes/);
  await clickButton(page, "Stay", { within: "[role=alertdialog]" });
  await page.waitForFunction(() => !document.querySelector("[role=alertdialog]"));
  assert.is(await page.$eval(`${FORM} input[maxlength='150']`, (input) => (input as HTMLInputElement).value), "Personnel and marketing");
  assert.ok(await page.$("svg[role=img] rect[data-line]"), "the preview is still drawn");

  // Saved, nothing is lost: "New chart" below leaves without a question.
  await clickButton(page, /^Save chart$/);
  await toast(page, /Saved the chart “Personnel and marketing”/);
  await page.waitForFunction(() => /[?&]chart=\d+/.test(location.search));
  await waitForByName(page, "ul[aria-label='Saved charts'] a", "Personnel and marketing");

  // A new chart: the same KPIs as a pivot table with a subtotal per fiscal year and the total.
  await clickButton(page, /^New chart$/);
  await page.waitForFunction(() => !/[?&]chart=/.test(location.search));
  await fill(page, `${FORM} input[maxlength='150']`, "Costs table");
  await addKpi(page, "personnel", "Personnel costs");
  await addKpi(page, "marketing", "Marketing costs");
  await choose(page, "Pivot table");
  await choose(page, "Q");
  await (await waitForByName(page, `${FORM} label`, /^Subtotals per fiscal year$/)).click();
  await page.waitForSelector("table[data-pivot] thead th[data-kind=subtotal]", { timeout: 20_000 });
  const table = await page.$eval("table[data-pivot]", (element) => ({
    columns: [...element.querySelectorAll("thead th")].map((th) => ({ label: th.textContent ?? "", kind: th.getAttribute("data-kind") })),
    rows: [...element.querySelectorAll("tbody tr")].map((row) => ({ label: row.querySelector("th")?.textContent ?? "", cells: [...row.querySelectorAll("td")].map((td) => td.textContent ?? "") })),
  }));
  assert.equal(table.rows.map((row) => row.label), ["Personnel costs", "Marketing costs"]);
  assert.is(table.columns.at(-1)!.label, "Total");
  // Costs add up: each fiscal year's subtotal is the sum of its quarters (shown to a tenth of the scale), the total the sum of the years.
  for (const row of table.rows) {
    let quarters = 0;
    let years = 0;
    table.columns.slice(1).forEach((column, index) => {
      const value = number(row.cells[index]!);
      if (column.kind === "value") quarters += value;
      else if (column.kind === "subtotal") {
        assert.ok(Math.abs(value - quarters) <= 0.5, `${row.label} ${column.label}: ${value} vs ${quarters}`);
        years += value;
        quarters = 0;
      } else assert.ok(Math.abs(value - years) <= 0.5, `${row.label} total: ${value} vs ${years}`);
    });
  }
  await expectAccessible(page, "Chart builder with a pivot table (dark)");
  await clickButton(page, /^Save chart$/);
  await toast(page, /Saved the chart “Costs table”/);

  // The first chart, from the saved charts list, opens on its first KPI's detail, in the Charts tab.
  await clickLink(page, /^Personnel and marketing$/, { within: "ul[aria-label='Saved charts']" });
  await waitForScreen(page, "Personnel costs");
  await page.waitForSelector("nav[aria-label='Charts of this KPI'] a[aria-current=page]");
  assert.match(await page.$eval("nav[aria-label='KPI detail'] a[aria-current=page]", (link) => link.textContent ?? ""), /^Charts$/);
  await page.waitForSelector("svg[role=img] g.bars rect[data-line]", { timeout: 20_000 });
  await switchTheme(page, "light");
  await expectAccessible(page, "KPI detail, Charts tab (light)");

  // From the overview, the Charts tab lists both charts of the KPI; the pivot table opens from there.
  await clickLink(page, /^Overview$/, { within: "nav[aria-label='KPI detail']" });
  await page.waitForFunction(() => !location.pathname.includes("/charts"));
  await clickLink(page, /^Charts$/, { within: "nav[aria-label='KPI detail']" });
  const listed = await page.waitForFunction(() => {
    const names = [...document.querySelectorAll("nav[aria-label='Charts of this KPI'] a")].map((link) => link.textContent);
    return names.includes("Personnel and marketing") && names.includes("Costs table") ? names : null;
  });
  assert.ok(await listed.jsonValue());
  await clickLink(page, /^Costs table$/, { within: "nav[aria-label='Charts of this KPI']" });
  await page.waitForSelector("table[data-pivot] thead th[data-kind=subtotal]", { timeout: 20_000 });
  assert.match(page.url(), /\/reporting\/kpi-detail\/\d+\/charts\/\d+$/);
});

test.run();
