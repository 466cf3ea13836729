import type { ElementHandle, Page } from "puppeteer";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { expectAccessible } from "../support/axe";
import { useServerAndBrowser } from "../support/e2e";
import { clickButton, clickLink, clickMenu, signedInPage, switchTheme, waitForByName, waitForScreen } from "../support/person";

const e2e = useServerAndBrowser(test);

const KPI = "New bookings";
const CELL = `table[aria-label="Monthly values of ${KPI}"] tbody tr:first-child input`;
const textOf = (page: Page, selector: string) => page.$eval(selector, (element) => element.textContent ?? "");
const noPageScrollSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

/** Types over a grid cell as a person does: click into it (which selects its number), type, Enter. */
async function typeIntoCell(page: Page, text: string) {
  await page.click(CELL);
  await page.keyboard.down("Control");
  await page.keyboard.press("a");
  await page.keyboard.up("Control");
  await page.keyboard.type(text);
  await page.keyboard.press("Enter");
}

/** The visible main-menu link named `label`, clicked without waiting for a new screen (a guard may keep this one). */
async function clickMenuLinkOnly(page: Page, label: string) {
  const link = (await page.evaluateHandle((name) => {
    const nav = [...document.querySelectorAll("nav[aria-label=Main]")].find((element) => element.getClientRects().length > 0);
    return [...(nav?.querySelectorAll("a") ?? [])].find((a) => a.textContent?.trim() === name) ?? null;
  }, label)) as ElementHandle<HTMLAnchorElement>;
  await link.click();
}

test("a person opens a KPI from the dashboard, reads honest periods, edits a value, and is asked before leaving unsaved edits", async () => {
  const { context, page } = await signedInPage(e2e.browser, e2e.server.url, "admin@demo.example", { viewport: { width: 1440, height: 1000 } });

  // From the operational dashboard, the card's title opens the KPI detail.
  await clickMenu(page, "Reporting", "Operational dashboard");
  await waitForScreen(page, "Operational dashboard");
  await clickLink(page, KPI, { within: "article[data-kpi-id]" });
  await waitForScreen(page, KPI);
  await page.waitForSelector("[data-testid=ytd-actual]");
  await page.waitForFunction(() => /€/.test(document.querySelector("[data-testid=ytd-actual]")?.textContent ?? ""));
  const header = await textOf(page, "header:has(h1)");
  assert.match(header, /Money in EUR/, "the unit in the subtitle");
  assert.match(header, /Period figures: Sum of the monthly values/, "the period rule in words");

  // Breadcrumbs: back to the dashboard and in again.
  await clickLink(page, "Operational dashboard", { within: "nav[aria-label=Breadcrumb]" });
  await waitForScreen(page, "Operational dashboard");
  await clickLink(page, KPI, { within: "article[data-kpi-id]" });
  await waitForScreen(page, KPI);

  // Honest aggregates: the plan of the last twelve months covers fewer months, and the comparison says over which.
  await page.waitForSelector("[data-window=ltm] [data-comparison=vs-plan]");
  const ltm = await textOf(page, "[data-window=ltm]");
  assert.match(ltm, /Plan\d+ of 12 months/, ltm);
  assert.match(ltm, /Actual vs\. planover the \d+ of 12 months with both[+\u2212]\d+\.\d %/, ltm);
  assert.not.match(await textOf(page, "main"), /999/, "no sentinel anywhere");

  // Quarters: a partial quarter is hatched, the tooltip names the quarter once with its months.
  await (await waitForByName(page, "fieldset label", "Q")).click();
  await page.waitForSelector("svg rect[data-partial]");
  const index = await page.$eval("svg rect[data-partial]", (bar) => bar.getAttribute("data-index"));
  await page.hover(`svg g.hits rect[data-index="${index}"]`);
  const tooltip = await waitForByName(page, "[role=tooltip]", /Partial: actuals for \d of 3 months/);
  const tip = await tooltip.evaluate((element) => element.textContent ?? "");
  assert.match(tip, /^Q[1-4] FY \d{4}\/\d{2}[A-Z][a-z]{2}( \d{4})? – [A-Z][a-z]{2} \d{4}/, tip);
  assert.match(tip, /Actual vs\. plan/);

  // Edit a value with the thousands rule; the toast says it is saved; the cell shows it formatted.
  await typeIntoCell(page, "250,000");
  await clickButton(page, "Save 1 change");
  await waitForByName(page, "[data-toast-region] [role=status] *", new RegExp(`Saved ${KPI} for`));
  await page.waitForFunction((cell) => (document.querySelector(cell) as HTMLInputElement | null)?.value === "250000", {}, CELL);
  await page.waitForFunction((cell) => document.querySelector(cell)?.closest("td")?.querySelector(".painted")?.textContent === "€ 250,000", {}, CELL);

  // Edit again and try to leave by the menu: the guard asks; Stay keeps the edit, Leave goes.
  await typeIntoCell(page, "260,000");
  await page.waitForFunction(() => [...document.querySelectorAll("button")].some((button) => button.textContent === "Save 1 change"));
  await clickMenuLinkOnly(page, "Strategic dashboard");
  await waitForByName(page, "[role=alertdialog]", /Leave this page\?/);
  await clickButton(page, "Stay", { within: "[role=alertdialog]" });
  await page.waitForFunction(() => !document.querySelector("[role=alertdialog]"));
  assert.is(await textOf(page, "h1"), KPI, "still on the KPI");
  await clickMenuLinkOnly(page, "Strategic dashboard");
  await clickButton(page, "Leave", { within: "[role=alertdialog]" });
  await waitForScreen(page, "Strategic dashboard");
  await context.close();
});

test("the KPI detail is accessible in both themes and fits 390 px without sideways page scrolling", async () => {
  const { context, page } = await signedInPage(e2e.browser, e2e.server.url, "admin@demo.example", { viewport: { width: 1440, height: 1000 } });
  await clickMenu(page, "Reporting", "Operational dashboard");
  await clickLink(page, KPI, { within: "article[data-kpi-id]" });
  await waitForScreen(page, KPI);
  await page.waitForSelector("svg rect[data-value]");
  await page.waitForSelector(CELL);
  for (const theme of ["dark", "light"] as const) {
    await switchTheme(page, theme);
    await expectAccessible(page, `KPI detail (${theme}, 1440 px)`);
  }
  await page.setViewport({ width: 390, height: 844 });
  await page.waitForFunction(() => document.documentElement.clientWidth === 390);
  await page.waitForSelector("svg rect[data-value]");
  assert.ok(await noPageScrollSideways(page), "the page itself does not scroll sideways at 390 px");
  await expectAccessible(page, "KPI detail (light, 390 px)");
  await context.close();
});

test("an unknown KPI says so, with a way back", async () => {
  const { context, page } = await signedInPage(e2e.browser, e2e.server.url, "admin@demo.example");
  // A link to a KPI that does not exist (or is not visible), as a notification e-mail could hold.
  await page.goto(`${e2e.server.url}/reporting/kpi-detail/999999`);
  await waitForScreen(page, "KPI not found");
  assert.match(await textOf(page, "main"), /This KPI does not exist, or you may not see it\./);
  await clickLink(page, "Back to the operational dashboard");
  await waitForScreen(page, "Operational dashboard");
  await context.close();
});

test.run();
