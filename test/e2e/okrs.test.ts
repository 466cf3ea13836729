// Issue 16's browser test of the objective screens: the administrator sets a corporate objective
// and a team objective under it, adds a key result linked to a KPI, and watches its progress move
// when a colleague in another browser edits that KPI's value; then checks in with a confidence and
// finds the check-in in the key result's history. Screenshots of the screens in both themes.
import { mkdirSync } from "node:fs";
import type { Page } from "puppeteer";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { monthIndexAt, monthLabel } from "../../src/domain/months";
import { expectAccessible } from "../support/axe";
import { useServerAndBrowser } from "../support/e2e";
import { clickButton, clickLink, clickMenu, signedInPage, switchTheme, waitForByName, waitForScreen } from "../support/person";

const e2e = useServerAndBrowser(test);
const SHOTS = process.env.SCREENSHOT_DIR ?? "/tmp/okr-shots";
const CORPORATE = "Grow recurring revenue (e2e)";
const TEAM = "Win more deals in DACH (e2e)";
const DIALOG = "[role=alertdialog]";

async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  for (const theme of ["dark", "light"] as const) {
    await switchTheme(page, theme);
    await page.screenshot({ path: `${SHOTS}/${name}.${theme}.png`, fullPage: true });
  }
}

/** The control a visible label names (inside `within`). */
async function controlLabelled(page: Page, label: string | RegExp, within = "body"): Promise<string> {
  const source = typeof label === "string" ? `^${label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}` : label.source;
  const handle = await page.waitForFunction(
    (scope, pattern) => {
      const found = [...document.querySelectorAll(`${scope} label`)].find((element) => new RegExp(pattern).test(element.textContent?.trim() ?? "")) as HTMLLabelElement | undefined;
      return found?.htmlFor ? `#${CSS.escape(found.htmlFor)}` : false;
    },
    {},
    within,
    source,
  );
  return (await handle.jsonValue()) as string;
}

async function chooseOption(page: Page, label: string | RegExp, option: RegExp, within = "body") {
  const select = await controlLabelled(page, label, within);
  const value = await page.$eval(
    select,
    (element, source) => [...(element as HTMLSelectElement).options].find((candidate) => new RegExp(source).test(candidate.text))?.value ?? null,
    option.source,
  );
  assert.ok(value !== null, `an option like ${option} under ${label}`);
  await page.select(select, value!);
}

async function typeIn(page: Page, label: string | RegExp, text: string, within = DIALOG) {
  const input = await controlLabelled(page, label, within);
  await page.click(input, { clickCount: 3 });
  await page.type(input, text);
}

const krProgress = (page: Page) => page.$eval("[data-testid='key-result-Deals won'] [role=progressbar]", (element) => (element.hasAttribute("aria-valuenow") ? Number(element.getAttribute("aria-valuenow")) : null));
const krActual = (page: Page) => page.$eval("[data-testid^='key-result-'] [data-testid=kr-actual]", (element) => element.textContent ?? "");

test("a corporate objective, a team objective under it, a KPI-fed key result that moves when the KPI is edited elsewhere, and a check-in", async () => {
  const ada = await signedInPage(e2e.browser, e2e.server.url, "admin@demo.example", { viewport: { width: 1440, height: 1000 } });
  const page = ada.page;
  await clickMenu(page, "Objectives", "Objectives");
  await waitForScreen(page, "Objectives");
  // The seeded objectives of the current quarter are there; the year shows the new ones too.
  await chooseOption(page, "Period", /^FY 20\d\d/, "main");
  const fiscalYears = await page.$eval(await controlLabelled(page, "Period", "main"), (element) => [...(element as HTMLSelectElement).options].filter((option) => option.text.startsWith("FY")).map((option) => option.value));
  await page.select(await controlLabelled(page, "Period", "main"), fiscalYears[1]!);

  // The corporate objective.
  await clickButton(page, "New objective", { within: "main header" });
  await page.waitForSelector(DIALOG);
  assert.is(await page.$eval(await controlLabelled(page, "Level", DIALOG), (element) => (element as HTMLSelectElement).value), "corporate");
  await typeIn(page, "Title", CORPORATE);
  await clickButton(page, "Create objective", { within: DIALOG });
  await waitForByName(page, "main article h3", CORPORATE);
  await waitForByName(page, "[data-toast-region] [role=status] *", /created/);

  // The team objective supports it (a unit of the organizational structure).
  await clickButton(page, "New objective", { within: "main header" });
  await page.waitForSelector(DIALOG);
  await chooseOption(page, "Level", /^Team$/, DIALOG);
  await chooseOption(page, "Unit", /\(team\)$/, DIALOG);
  await typeIn(page, "Title", TEAM);
  const supports = await waitForByName(page, `${DIALOG} label`, new RegExp(`${CORPORATE.replace(/[()]/g, "\\$&")} \\(Corporate\\)`));
  await supports.click();
  await clickButton(page, "Create objective", { within: DIALOG });
  const card = await waitForByName(page, "main article", new RegExp(TEAM.replace(/[()]/g, "\\$&")));
  assert.match(await card.evaluate((element) => element.textContent ?? ""), /Supports: Grow recurring revenue/, "the team objective names the corporate one it supports");
  await expectAccessible(page, "the objectives overview");
  await shoot(page, "overview");

  // Its screen: a key result linked to Deals won, start and target from the KPI's plan.
  await clickLink(page, TEAM, { within: "main article h3" });
  await waitForScreen(page, TEAM);
  await clickButton(page, "Add key result");
  await page.waitForSelector(DIALOG);
  await chooseOption(page, "Link to a KPI", /^Deals won$/, DIALOG);
  const target = await controlLabelled(page, "Target", DIALOG);
  await page.waitForFunction((selector) => (document.querySelector(selector) as HTMLInputElement).value !== "", {}, target);
  assert.is(await page.$eval(await controlLabelled(page, "Title", DIALOG), (element) => (element as HTMLInputElement).value), "Deals won", "the KPI names the key result");
  assert.is(await page.$eval(await controlLabelled(page, "Start", DIALOG), (element) => (element as HTMLInputElement).value), "0", "a cumulative KPI starts at 0");
  await waitForByName(page, `${DIALOG} [role=status]`, /follow the KPI/);
  // A stretch target well above the plan, so the progress bar has room to move.
  await typeIn(page, "Target", "5000");
  await clickButton(page, "Add key result", { within: DIALOG });
  await page.waitForSelector("[data-testid='key-result-Deals won']");
  await page.waitForFunction(() => !document.querySelector("[role=alertdialog]"));
  const before = await krActual(page);
  assert.match(before, /^Actual [\d,.]+/, "the KPI feeds the actual");
  const progressBefore = await krProgress(page);
  assert.ok(progressBefore !== null && progressBefore < 90, `the progress has room to move: ${progressBefore}`);

  // A colleague edits last month's Deals won in another browser.
  const carl = await signedInPage(e2e.browser, e2e.server.url, "c-level@demo.example", { viewport: { width: 1440, height: 1000 } });
  await clickMenu(carl.page, "Data management", "Data input");
  await waitForScreen(carl.page, "Data input");
  const cell = `input[aria-label='Deals won actual ${monthLabel(monthIndexAt(new Date()) - 1)}']`;
  await carl.page.waitForSelector(cell);
  const old = Number(await carl.page.$eval(cell, (element) => (element as HTMLInputElement).value));
  await carl.page.click(cell);
  await carl.page.keyboard.down("Control");
  await carl.page.keyboard.press("a");
  await carl.page.keyboard.up("Control");
  await carl.page.keyboard.type(String(old + 500));
  await carl.page.keyboard.press("Enter");
  await clickButton(carl.page, "Save 1 change");
  await waitForByName(carl.page, "[data-toast-region] [role=status] *", /Saved Deals won for/);

  // Ada's screen moves on its own.
  await page.waitForFunction((previous) => document.querySelector("[data-testid^='key-result-'] [data-testid=kr-actual]")?.textContent !== previous, { timeout: 15_000 }, before);
  const after = await krActual(page);
  const figure = (text: string) => Number(text.replace(/[^\d.]/g, ""));
  assert.is(figure(after) - figure(before), 500, `the actual grew by the edit: ${before} → ${after}`);
  await page.waitForFunction((previous) => Number(document.querySelector("[data-testid='key-result-Deals won'] [role=progressbar]")?.getAttribute("aria-valuenow")) > previous, { timeout: 15_000 }, progressBefore!);
  assert.ok((await krProgress(page))! - progressBefore! >= 9, "500 more of a 5,000 target is ten points of progress");

  // A check-in with a confidence of 8 and a comment, then its history.
  await clickButton(page, /^Check in on “Deals won”$/);
  await page.waitForSelector(DIALOG);
  const eight = await waitForByName(page, `${DIALOG} label`, /^8$/);
  await eight.click();
  await waitForByName(page, `${DIALOG} legend`, /Confidence: 8 of 10 \(High\)/);
  await typeIn(page, "Comment", "Two large deals closed early.");
  await expectAccessible(page, "the check-in dialog");
  await shoot(page, "check-in-dialog");
  await clickButton(page, "Save check-in", { within: DIALOG });
  await waitForByName(page, "[data-toast-region] [role=status] *", "Check-in saved.");
  await waitForByName(page, "[data-testid='key-result-Deals won'] span", /Confidence 8\/10 \(High\)/);
  await clickButton(page, /^Check-in history of “Deals won”$/);
  await waitForByName(page, "table[aria-label^='Check-ins of'] td", "Two large deals closed early.");
  // A milestone, done at once, and a task of a project tool.
  await clickButton(page, "Add milestone");
  await page.waitForSelector(DIALOG);
  await typeIn(page, "Title", "Reference call with Müller AG");
  await clickButton(page, "Add milestone", { within: DIALOG });
  const milestone = await waitForByName(page, "main label", "Reference call with Müller AG");
  await milestone.click();
  await page.waitForFunction(() => [...document.querySelectorAll("main label")].some((label) => label.textContent?.includes("Reference call") && ((label as HTMLLabelElement).control as HTMLInputElement | null)?.checked));
  await clickButton(page, "Attach a task");
  await page.waitForSelector(DIALOG);
  await typeIn(page, "Origin", "Jira");
  await typeIn(page, "Project", "SALES");
  await typeIn(page, /^ID/, "SALES-42");
  await typeIn(page, "Title", "Prepare the DACH price list");
  await typeIn(page, "Link", "https://jira.example/browse/SALES-42");
  await clickButton(page, "Attach task", { within: DIALOG });
  await waitForByName(page, "table[aria-label='External tasks'] a", "Prepare the DACH price list");
  await expectAccessible(page, "the objective screen");
  await shoot(page, "objective");

  // The parent lists it as supporting it.
  await clickLink(page, CORPORATE, { within: "main" });
  await waitForScreen(page, CORPORATE);
  await waitForByName(page, "main section a", TEAM);

  // All of it is in the change log: both objectives, the key result, the check-in, the milestone.
  await clickMenu(page, "Objectives", "Change log");
  await waitForScreen(page, "Change log");
  const logged = async (action: string, item: string | RegExp) => {
    const rows = await page.$$eval("main table tbody tr", (trs) => trs.map((tr) => (tr as HTMLTableRowElement).innerText.replace(/\s+/g, " ")));
    return rows.some((row) => row.includes(action) && (typeof item === "string" ? row.includes(item) : item.test(row)));
  };
  await page.waitForFunction(() => document.querySelectorAll("main table tbody tr").length >= 6, { timeout: 15_000 });
  assert.ok(await logged("Created", CORPORATE), "the corporate objective's creation is logged");
  assert.ok(await logged("Created", TEAM), "the team objective's creation is logged");
  assert.ok(await logged("Created", "Deals won"), "the key result's creation is logged");
  assert.ok(await logged("Checked in", "Deals won"), "the check-in is logged");
  assert.ok(await logged("Created", "Reference call with Müller AG"), "the milestone is logged");
  await ada.context.close();
  await carl.context.close();
});

test.run();
