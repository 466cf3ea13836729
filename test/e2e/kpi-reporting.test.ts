import type { Page } from "puppeteer";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { useServerAndBrowser } from "../support/e2e";
import { clickLink, clickMenu, signedInPage, switchTheme, waitForScreen } from "../support/person";

const e2e = useServerAndBrowser(test);

const signedIn = (email: string) => signedInPage(e2e.browser, e2e.server.url, email, { viewport: { width: 1400, height: 1000 } });
const text = (page: Page, selector: string) => page.$eval(selector, (element) => element.textContent ?? "");
const cardCount = (page: Page) => page.$$eval("article[data-kpi-id]", (cards) => cards.length);

/** The drawn chart: series paths with real geometry and one bar per bucket with an actual. */
async function drawnChart(page: Page) {
  await page.waitForSelector("svg rect[data-value]");
  return page.evaluate(() => ({
    paths: [...document.querySelectorAll("svg path[data-series]")].map((path) => ({ series: path.getAttribute("data-series"), d: path.getAttribute("d") ?? "", stroke: getComputedStyle(path).stroke })),
    bars: document.querySelectorAll("svg rect[data-value]").length,
  }));
}

test("every dashboard shows real KPI cards, the P&L table and the list", async () => {
  const { context, page } = await signedIn("admin@demo.example");
  await waitForScreen(page, "My dashboard");
  await page.waitForSelector("article[data-kpi-id]");
  assert.ok((await cardCount(page)) >= 3, "favorites on my dashboard");

  await clickMenu(page, "Reporting", "Operational dashboard");
  await waitForScreen(page, "Operational dashboard");
  await page.waitForFunction(() => document.querySelectorAll("article[data-kpi-id]").length > 20);
  assert.match(await text(page, "aside"), /High performers/);

  await clickMenu(page, "Reporting", "Strategic dashboard");
  await waitForScreen(page, "Strategic dashboard");
  await page.waitForSelector("article[aria-label=Revenue]");
  // Year to date from the aggregates, with the full-year outlook.
  await page.waitForFunction(() => /YTD plan € [\d.]+M/.test(document.querySelector("article[aria-label=Revenue]")?.textContent ?? ""));
  assert.match(await text(page, "article[aria-label=Revenue]"), /FY forecast € [\d.]+M/);

  await clickMenu(page, "Reporting", "Financial dashboard");
  await waitForScreen(page, /Financial dashboard/);
  await page.waitForSelector("table tbody tr");
  const rows = await page.$$eval("table tbody tr", (elements) => elements.map((row) => row.textContent ?? ""));
  // Money cells show the bare figure; each column names its scale once ("€ k", "€ M").
  assert.ok(rows.some((row) => /Revenue.*\d/.test(row)), rows.join("\n"));
  assert.match(await text(page, "table thead"), /€ (k|M)/);

  await clickMenu(page, "Reporting", "List view");
  await waitForScreen(page, "List view");
  await page.waitForFunction(() => /\d+ rows/.test(document.body.textContent ?? ""));
  assert.ok((await page.$$eval("[role=row]", (found) => found.length)) < 100, "the list renders only visible rows");
  await context.close();
});

test("a value edited in the KPI detail changes the aggregates in another browser, live; FX and theme follow", async () => {
  const editor = await signedIn("admin@demo.example");
  const viewer = await signedIn("c-level@demo.example");
  for (const { page } of [editor, viewer]) {
    // Revenue's card on the strategic dashboard opens its KPI detail.
    await clickMenu(page, "Reporting", "Strategic dashboard");
    await clickLink(page, "Revenue", { within: "article[aria-label=Revenue]" });
    await waitForScreen(page, "Revenue");
    await page.waitForSelector("[data-testid=ytd-actual]");
    await page.waitForFunction(() => /€/.test(document.querySelector("[data-testid=ytd-actual]")?.textContent ?? ""));
  }
  const chart = await drawnChart(editor.page);
  assert.ok(chart.bars >= 12, `bars: ${chart.bars}`);
  const drawn = chart.paths.filter((path) => /^M[\d.]/.test(path.d) && !path.d.includes("NaN"));
  assert.ok(drawn.some((path) => path.series === "planning") && drawn.some((path) => path.series === "lastYear"), JSON.stringify(chart.paths.map((path) => path.series)));

  const before = await text(viewer.page, "[data-testid=ytd-actual]");
  const cell = 'table[aria-label="Monthly values of Revenue"] tbody tr:first-child input';
  const stored = Number(await editor.page.$eval(cell, (input) => (input as HTMLInputElement).value));
  await editor.page.click(cell, { count: 3 });
  await editor.page.type(cell, String(stored + 5_000_000));
  await editor.page.keyboard.press("Enter");
  await editor.page.waitForFunction(() => [...document.querySelectorAll("button")].some((button) => button.textContent === "Save 1 change"));
  await editor.page.evaluate(() => [...document.querySelectorAll("button")].find((button) => button.textContent === "Save 1 change")!.click());
  await editor.page.waitForFunction(() => [...document.querySelectorAll("button")].some((button) => button.textContent === "Save 0 changes"));

  // The other user's open KPI detail follows through the event stream, without a reload.
  await viewer.page.waitForFunction((old) => {
    const now = document.querySelector("[data-testid=ytd-actual]")?.textContent;
    return !!now && now !== old && now.startsWith("€");
  }, { timeout: 15_000 }, before);
  const after = await text(viewer.page, "[data-testid=ytd-actual]");
  assert.ok(parseMillions(after) - parseMillions(before) > 4.9, `${before} → ${after}`);

  // FX: USD converts every money value.
  const usd = await editor.page.$$eval("select[aria-label=Currency] option", (options) => (options.find((option) => option.textContent?.startsWith("USD")) as HTMLOptionElement).value);
  await editor.page.select("select[aria-label=Currency]", usd);
  await editor.page.waitForFunction(() => (document.querySelector("[data-testid=ytd-actual]")?.textContent ?? "").startsWith("$"));
  assert.match(await text(editor.page, "figure"), /\$/);

  // Theme: the chart draws again in the light palette.
  const darkStroke = (await drawnChart(editor.page)).paths.find((path) => path.series === "planning")?.stroke;
  await switchTheme(editor.page, "light");
  await editor.page.waitForFunction((dark) => {
    const path = document.querySelector("svg path[data-series=planning]");
    return !!path && getComputedStyle(path).stroke !== dark;
  }, {}, darkStroke);
  await editor.context.close();
  await viewer.context.close();
});

const parseMillions = (value: string) => Number(value.replace(/[^\d.]/g, "")) * (value.includes("M") ? 1 : 0.001);

test.run();
