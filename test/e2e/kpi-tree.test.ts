import type { Page } from "puppeteer";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { expectAccessible } from "../support/axe";
import { useServerAndBrowser } from "../support/e2e";
import { clickButton, clickLink, clickMenu, signedInPage, switchTheme, waitForByName, waitForScreen } from "../support/person";

const e2e = useServerAndBrowser(test);

/** The node the keyboard focus is on: its name (the first part of its accessible name). */
const focusedNode = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute("aria-label")?.split(",")[0] ?? null);
/** The shown nodes' names, in reading order. */
const shownNodes = (page: Page) => page.$$eval("[role=tree] [role=treeitem]", (items) => items.map((item) => item.getAttribute("aria-label")?.split(",")[0]));
const press = async (page: Page, key: Parameters<Page["keyboard"]["press"]>[0], expectedFocus: string) => {
  await page.keyboard.press(key);
  await page.waitForFunction((name) => document.activeElement?.getAttribute("aria-label")?.split(",")[0] === name, { timeout: 5_000 }, expectedFocus).catch(async () => {
    throw new Error(`after ${key} the focus is on ${await focusedNode(page)}, not ${expectedFocus}`);
  });
};

/** Chooses `option` (its text starts so) in the compact select labelled `label`, as a person picks from the list. */
async function choose(page: Page, label: string, option: string) {
  const found = await page.evaluate(
    (text, wanted) => {
      const caption = [...document.querySelectorAll("main label")].find((element) => element.textContent?.trim() === text);
      const select = document.getElementById(caption?.getAttribute("for") ?? "") as HTMLSelectElement | null;
      const value = [...(select?.options ?? [])].find((candidate) => candidate.textContent?.startsWith(wanted))?.value;
      return select && value ? { selector: `#${CSS.escape(select.id)}`, value } : null;
    },
    label,
    option,
  );
  assert.ok(found, `no option ${option} in ${label}`);
  await page.select(found!.selector, found!.value);
}

test("a person explores the KPI tree with the keyboard and opens a KPI from a node", async () => {
  const { context, page } = await signedInPage(e2e.browser, e2e.server.url, "admin@demo.example", { viewport: { width: 1440, height: 1000 } });
  await clickMenu(page, "Reporting", "KPI tree");
  await waitForScreen(page, "KPI tree");
  // Each KPI node carries its figures once the values are in.
  await waitForByName(page, "[role=treeitem]", /^EBIT, € [\d.]+k, Plan € [\d.]+k, [+−]\d/);
  assert.equal((await shownNodes(page)).slice(0, 6), ["Demo GmbH", "P&L", "EBIT", "EBITDA", "Gross profit", "Operating expenses"], "the P&L opens: EBIT ← EBITDA ← gross profit, operating expenses");
  // Every node's name holds what it shows (long names are cut at a word).
  await expectAccessible(page, "KPI tree, whole company");
  const grossProfit = await waitForByName(page, "[role=treeitem]", /^Gross profit,/);
  assert.match((await grossProfit.evaluate((element) => element.getAttribute("aria-label"))) ?? "", /used by EBITDA, Gross margin/, "a KPI read by two formulas says so");

  // Into the tree with Tab (after the zoom buttons), then the arrows.
  await clickButton(page, "Fit to view");
  await press(page, "Tab", "Demo GmbH");
  await press(page, "ArrowDown", "P&L");
  await press(page, "ArrowDown", "EBIT");
  await press(page, "ArrowRight", "EBITDA");
  // Left closes an open node first, then goes to its parent.
  await press(page, "ArrowLeft", "EBITDA");
  await page.waitForFunction(() => !document.querySelector("[role=treeitem][aria-label^='Gross profit,']"));
  await press(page, "ArrowLeft", "EBIT");
  // Close with minus, open with plus, and the same with Space.
  await press(page, "-", "EBIT");
  await page.waitForFunction(() => !document.querySelector("[role=treeitem][aria-label^='EBITDA,']"));
  assert.is(await page.$eval("[role=treeitem][aria-label^='EBIT,']", (element) => element.getAttribute("aria-expanded")), "false");
  await press(page, "+", "EBIT");
  await waitForByName(page, "[role=treeitem]", /^EBITDA,/);
  await press(page, " ", "EBIT");
  await page.waitForFunction(() => !document.querySelector("[role=treeitem][aria-label^='EBITDA,']"));
  await press(page, " ", "EBIT");
  await press(page, "ArrowRight", "EBITDA");
  // A category opens with the keyboard too.
  await press(page, "End", (await shownNodes(page)).at(-1)!);

  // Enter on a node opens its KPI; the breadcrumbs lead back to the tree.
  await press(page, "Home", "Demo GmbH");
  await press(page, "ArrowDown", "P&L");
  await press(page, "ArrowDown", "EBIT");
  await press(page, "ArrowRight", "EBITDA");
  await page.keyboard.press("Enter");
  await waitForScreen(page, "EBITDA");
  await clickLink(page, "KPI tree", { within: "nav[aria-label=Breadcrumb]" });
  await waitForScreen(page, "KPI tree");

  // One KPI as the root: in the address, its inputs below it; a click on a node opens it.
  await choose(page, "Root", "Gross margin (");
  await page.waitForFunction(() => /[?&]root=\d+/.test(location.search));
  await waitForByName(page, "[role=treeitem][aria-level='1']", /^Gross margin,/);
  const underMargin = await shownNodes(page);
  assert.equal(underMargin.slice(0, 2), ["Gross margin", "Gross profit"], underMargin.join(" / "));
  const revenue = await waitForByName(page, "[role=treeitem][aria-level='2']", /^Revenue,/);
  await revenue.click();
  await waitForScreen(page, "Revenue");
  await page.goBack();
  await waitForScreen(page, "KPI tree");
  await waitForByName(page, "[role=treeitem][aria-level='1']", /^Gross margin,/);

  // The year to date instead of the month: in the address with the root, the figures change.
  const monthFigures = await page.$eval("[role=treeitem][aria-level='1']", (element) => element.getAttribute("aria-label"));
  await choose(page, "Figures", "Year to date");
  await page.waitForFunction(() => /[?&]root=\d+&figures=ytd/.test(location.search));
  await waitForByName(page, "main header", /Actual against plan for year to date \(/);
  await page.waitForFunction((before) => {
    const label = document.querySelector("[role=treeitem][aria-level='1']")?.getAttribute("aria-label");
    return !!label && label !== before && /^Gross margin, \d/.test(label);
  }, {}, monthFigures);

  for (const theme of ["dark", "light"] as const) {
    await switchTheme(page, theme);
    await expectAccessible(page, `KPI tree (${theme})`);
    await page.screenshot({ path: `/tmp/kpi-tree-e2e.${theme}.png` });
  }
  await context.close();
});

test("a person compares KPIs, indexed and absolute, shares the address and compares one KPI over three years", async () => {
  const { context, page } = await signedInPage(e2e.browser, e2e.server.url, "admin@demo.example", { viewport: { width: 1440, height: 1000 } });
  await clickMenu(page, "Reporting", "KPI comparison");
  await waitForScreen(page, "KPI comparison");
  await waitForByName(page, "main h2", "Choose two to six KPIs");

  await choose(page, "Add KPI", "Revenue (");
  await waitForByName(page, "main h2", "Choose one more KPI");
  await choose(page, "Add KPI", "Headcount (");
  await page.waitForSelector("svg[data-comparison-panel=index] path[data-series]");
  assert.is((await page.$$("svg[data-comparison-panel]")).length, 1, "indexed: one panel");
  const firstRow = await page.$$eval("main table tbody tr:first-child td", (cells) => cells.map((cell) => cell.firstElementChild?.firstElementChild?.textContent ?? cell.textContent));
  assert.equal(firstRow, ["100.0", "100.0"], "both start at 100");
  assert.match(page.url(), /\/reporting\/kpi-comparison\?kpis=\d+,\d+$/);

  // Absolute: money and a count never share an axis.
  await (await waitForByName(page, "fieldset label", "Absolute")).click();
  await page.waitForSelector("svg[data-comparison-panel=currency]");
  assert.equal(await page.$$eval("svg[data-comparison-panel]", (panels) => panels.map((panel) => panel.getAttribute("data-comparison-panel"))), ["currency", "number"]);
  assert.match(page.url(), /scale=absolute/);

  // The address is the comparison: opened again, it shows the same.
  await page.goto(page.url());
  await waitForScreen(page, "KPI comparison");
  await page.waitForSelector("svg[data-comparison-panel=number]");
  assert.equal(await page.$$eval("ul[aria-label='Compared KPIs'] li", (items) => items.map((item) => item.textContent)), ["Revenue", "Headcount"]);
  await (await waitForByName(page, "fieldset label", "Indexed")).click();
  await page.waitForSelector("svg[data-comparison-panel=index]");

  // Remove one: back to asking for another.
  await clickButton(page, "Remove Headcount");
  await waitForByName(page, "main h2", "Choose one more KPI");

  // One KPI across three fiscal years.
  await (await waitForByName(page, "fieldset label", "One KPI, three years")).click();
  await page.waitForSelector("svg[data-comparison-panel=index] path[data-series]");
  assert.equal((await page.$$eval("ul[aria-label=Series] li", (items) => items.map((item) => item.textContent))).length, 3);
  assert.match(await page.$eval("ul[aria-label=Series]", (list) => list.textContent ?? ""), /^FY \d{4}\/\d{2}FY \d{4}\/\d{2}FY \d{4}\/\d{2}$/);
  assert.match(await page.$eval("section[aria-label=Summary]", (summary) => summary.textContent ?? ""), /the same months of each fiscal year/);

  for (const theme of ["dark", "light"] as const) {
    await switchTheme(page, theme);
    await expectAccessible(page, `KPI comparison (${theme})`);
    await page.screenshot({ path: `/tmp/kpi-comparison-e2e.${theme}.png`, fullPage: true });
  }

  // From the KPI detail, "Compare" opens this KPI over three years.
  await clickLink(page, "Revenue", { within: "section[aria-label=Summary]" });
  await waitForScreen(page, "Revenue");
  await clickLink(page, "Compare", { within: "header" });
  await waitForScreen(page, "KPI comparison");
  assert.match(page.url(), /kpis=\d+&mode=periods/);
  await context.close();
});

test.run();
