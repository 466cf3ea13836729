import { mkdirSync } from "node:fs";
import type { ElementHandle, Page } from "puppeteer";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { CANVAS_LOCKED } from "../../src/contracts/custom-dashboards";
import { expectAccessible } from "../support/axe";
import { useServerAndBrowser } from "../support/e2e";
import { clickButton, clickLink, clickMenu, signedInPage, switchTheme, waitForByName, waitForScreen } from "../support/person";

const e2e = useServerAndBrowser(test);
const DIALOG = "[role=alertdialog]";
/** Screenshots for a reviewer (and the author) to look at, in both themes. */
const SHOTS = process.env.SCREENSHOT_DIR ?? "/tmp/custom-dashboards-shots";

async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  for (const theme of ["dark", "light"] as const) {
    await switchTheme(page, theme);
    await page.screenshot({ path: `${SHOTS}/${name}.${theme}.png`, fullPage: true });
  }
}

/** Picks the option whose text matches `option` in the select labelled `label` (inside `within`), once it is offered. */
async function choose(page: Page, label: string, option: RegExp, within = DIALOG) {
  const found = await page
    .waitForFunction(
      (css, name, source) => {
        const select = [...document.querySelectorAll<HTMLSelectElement>(`${css} select`)].find((element) => element.labels?.[0]?.textContent?.replace(" (required)", "").trim() === name || element.getAttribute("aria-label") === name);
        const value = select ? [...select.options].find((entry) => new RegExp(source).test(entry.text) && entry.value !== "")?.value : undefined;
        return select && value !== undefined ? { value } : false;
      },
      { timeout: 15_000 },
      within,
      label,
      option.source,
    )
    .catch(() => {
      throw new Error(`no option like ${option} in ${label}`);
    });
  const { value } = (await found.jsonValue()) as { value: string };
  const select = await page.evaluateHandle(
    (css, name) => [...document.querySelectorAll<HTMLSelectElement>(`${css} select`)].find((element) => element.labels?.[0]?.textContent?.replace(" (required)", "").trim() === name || element.getAttribute("aria-label") === name)!,
    within,
    label,
  );
  await (select as ElementHandle<HTMLSelectElement>).select(value);
}

async function typeLabelled(page: Page, label: string, text: string, within = DIALOG) {
  const control = await page.waitForFunction(
    (css, name) => [...document.querySelectorAll(`${css} input, ${css} textarea`)].find((element) => (element as HTMLInputElement).labels?.[0]?.textContent?.replace(" (required)", "").trim() === name) ?? false,
    {},
    within,
    label,
  );
  await (control.asElement() as ElementHandle<HTMLInputElement>).type(text);
}

const cardStyle = (page: Page, title: string) =>
  page.$eval(`article[aria-label='${title}']`, (card) => `${(card as HTMLElement).style.gridColumn} | ${(card as HTMLElement).style.gridRow}`);
const announced = (page: Page, text: RegExp) => page.waitForFunction((source) => new RegExp(source).test(document.querySelector("[data-testid=layout-announcement]")?.textContent ?? ""), { timeout: 10_000 }, text.source);
const layoutSaved = (page: Page) => page.waitForFunction(() => !document.querySelector("main")?.textContent?.includes("saving the layout"), { timeout: 10_000 });

/** Presses the mouse on `selector`, moves it by (dx, dy) in steps, and lets go. */
async function drag(page: Page, selector: string, dx: number, dy: number) {
  const box = (await (await page.waitForSelector(selector))!.boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx, y + dy, { steps: 8 });
  await page.mouse.up();
}

async function createDashboard(page: Page, name: string, kind: "Grid" | "Canvas") {
  await clickButton(page, "New dashboard");
  await typeLabelled(page, "Name", name);
  await (await waitForByName(page, `${DIALOG} label`, new RegExp(`^${kind}`))).click();
  await clickButton(page, "Create", { within: DIALOG });
  await waitForScreen(page, name);
}

async function addTextCard(page: Page, title: string, text: string) {
  await clickButton(page, /^Add card$/);
  await typeLabelled(page, "Title", title);
  await typeLabelled(page, "Text", text);
  await clickButton(page, "Add card", { within: DIALOG });
  await page.waitForSelector(`article[aria-label='${title}']`);
}

async function addKpi(page: Page, kpi: RegExp) {
  await clickButton(page, /^Add KPI$/);
  await choose(page, "KPI", kpi);
  await clickButton(page, "Add KPI", { within: DIALOG });
  await page.waitForFunction(() => !document.querySelector("[role=alertdialog]"));
}

async function addKpiChart(page: Page, title: string, kpi: RegExp) {
  await clickButton(page, /^Add card$/);
  await choose(page, "Card type", /^KPI chart$/);
  await typeLabelled(page, "Title", title);
  await choose(page, "KPI", kpi);
  await choose(page, "Bucket size", /^Quarters$/);
  await clickButton(page, "Add card", { within: DIALOG });
  await page.waitForSelector(`article[aria-label='${title}']`);
}

test("an administrator builds a grid and a canvas dashboard with text, KPI, KPI chart and chart cards, moves and resizes a card with the keyboard, undoes it, locks the canvas and shares it with a colleague who then sees it", async () => {
  const { page } = await signedInPage(e2e.browser, e2e.server.url, "admin@demo.example");
  await clickMenu(page, "Reporting", "Custom dashboards");
  await waitForScreen(page, "Custom dashboards");
  // The demo company's own dashboards are listed already.
  await waitForByName(page, "main th a", "Leadership overview");

  // A grid dashboard: a note, a KPI and a KPI chart, in order.
  await createDashboard(page, "Board room", "Grid");
  await addTextCard(page, "Welcome", "Our figures for the board.\n\nQuestions to Ada.");
  await addKpi(page, /^Revenue/);
  await addKpiChart(page, "Revenue by quarter", /^Revenue/);
  // A chart card shows a chart saved in the chart builder (the demo company has two).
  await clickButton(page, /^Add card$/);
  await choose(page, "Card type", /^Chart$/);
  await typeLabelled(page, "Title", "Costs");
  await choose(page, "Saved chart", /^Operating costs by quarter$/);
  await clickButton(page, "Add card", { within: DIALOG });
  await page.waitForSelector("article[aria-label='Costs'] svg[role=img]", { timeout: 15_000 });
  await waitForByName(page, "article[aria-label='Welcome'] p", "Questions to Ada.");
  await page.waitForSelector("article[aria-label='Revenue'] [data-testid=actual]");
  await page.waitForSelector("article[aria-label='Revenue by quarter'] svg[role=img]");
  assert.equal(await page.$$eval("[data-testid=grid] article[data-card-id]", (cards) => cards.map((card) => card.getAttribute("aria-label"))), ["Welcome", "Revenue", "Revenue by quarter", "Costs"]);
  // The focused grid card moves later in the order with the arrow keys.
  await page.click("article[aria-label='Welcome'] h2");
  await page.keyboard.press("ArrowRight");
  await announced(page, /Moved “Welcome” to place 2 of 4/);
  await layoutSaved(page);
  assert.equal(await page.$$eval("[data-testid=grid] article[data-card-id]", (cards) => cards.map((card) => card.getAttribute("aria-label"))), ["Revenue", "Welcome", "Revenue by quarter", "Costs"]);
  await expectAccessible(page, "a grid dashboard");
  await shoot(page, "grid-dashboard");

  // A canvas dashboard (Beta) from the overview.
  await clickLink(page, "Custom dashboards", { within: "nav[aria-label=Breadcrumb]" });
  await waitForScreen(page, "Custom dashboards");
  await createDashboard(page, "Canvas board", "Canvas");
  await waitForByName(page, "main span", "Beta");
  await addTextCard(page, "Agenda", "1. Figures\n2. Plan");
  await addKpi(page, /^Revenue/);
  await addKpiChart(page, "Revenue history", /^Revenue/);
  assert.is(await cardStyle(page, "Agenda"), "1 / span 4 | 1 / span 4");

  // Keyboard: two steps right, then one row taller; said in the live region; saved.
  await page.click("article[aria-label='Agenda'] h2");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await announced(page, /Moved “Agenda” to column 3, row 1/);
  await page.keyboard.down("Shift");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.up("Shift");
  await announced(page, /Resized “Agenda” to column 3, row 1, 4 columns wide and 5 rows high/);
  assert.is(await cardStyle(page, "Agenda"), "3 / span 4 | 1 / span 5");
  await layoutSaved(page);

  // Undo reverts the last change (the resize) and saves it; a reload shows the saved layout.
  await clickButton(page, /^Undo$/);
  await announced(page, /Undid the last layout change/);
  assert.is(await cardStyle(page, "Agenda"), "3 / span 4 | 1 / span 4");
  await layoutSaved(page);
  await page.reload();
  await waitForScreen(page, "Canvas board");
  await page.waitForSelector("article[aria-label='Agenda']");
  assert.is(await cardStyle(page, "Agenda"), "3 / span 4 | 1 / span 4");
  await page.waitForSelector("article[aria-label='Revenue'] [data-testid=actual]");
  await page.waitForSelector("article[aria-label='Revenue history'] svg[role=img]");
  await shoot(page, "canvas-dashboard-unlocked");

  // The mouse: the handle drags the card two columns right, the corner one row taller; Undo twice.
  const column = (await page.$eval("[data-testid=canvas]", (board) => board.clientWidth)) / 12;
  await drag(page, "article[aria-label='Agenda'] .handle", column * 2, 0);
  await announced(page, /Moved “Agenda” to column 5, row 1/);
  await drag(page, "article[aria-label='Agenda'] [title='Drag to resize']", 0, 68);
  await announced(page, /Resized “Agenda” to column 5, row 1, 4 columns wide and 5 rows high/);
  assert.is(await cardStyle(page, "Agenda"), "5 / span 4 | 1 / span 5");
  await clickButton(page, /^Undo$/);
  await clickButton(page, /^Undo$/);
  await page.waitForFunction(() => (document.querySelector("article[aria-label='Agenda']") as HTMLElement).style.gridColumn === "3 / span 4");
  assert.is(await cardStyle(page, "Agenda"), "3 / span 4 | 1 / span 4");
  await layoutSaved(page);

  // Locked: no handles, and a key says why nothing moves.
  await clickButton(page, "Lock canvas");
  await waitForByName(page, "button", "Unlock canvas");
  assert.is(await page.$("article[aria-label='Agenda'] .handle"), null);
  await page.click("article[aria-label='Agenda'] h2");
  await page.keyboard.press("ArrowLeft");
  await waitForByName(page, "main [role=alert]", CANVAS_LOCKED);
  assert.is(await cardStyle(page, "Agenda"), "3 / span 4 | 1 / span 4");
  await expectAccessible(page, "a locked canvas dashboard");
  await shoot(page, "canvas-dashboard");

  // Shared with Emil Employee, who may only view it.
  await clickLink(page, "Custom dashboards", { within: "nav[aria-label=Breadcrumb]" });
  await waitForScreen(page, "Custom dashboards");
  await page.waitForSelector("main table");
  await shoot(page, "overview");
  await clickButton(page, "Share Canvas board");
  await choose(page, "Add a person", /^Emil Employee$/);
  await clickButton(page, /^Add$/, { within: DIALOG });
  await waitForByName(page, `${DIALOG} li`, /Emil Employee/);
  await clickButton(page, "Save sharing", { within: DIALOG });
  await page.waitForFunction(() => !document.querySelector("[role=alertdialog]"));

  const colleague = await signedInPage(e2e.browser, e2e.server.url, "employee@demo.example");
  await clickMenu(colleague.page, "Reporting", "Custom dashboards");
  await waitForScreen(colleague.page, "Custom dashboards");
  await clickLink(colleague.page, "Canvas board", { within: "main" });
  await waitForScreen(colleague.page, "Canvas board");
  await waitForByName(colleague.page, "main span", "View only");
  await colleague.page.waitForSelector("article[aria-label='Agenda']");
  assert.is(await colleague.page.$("main button[aria-label^='Edit ']"), null, "a viewer gets no edit buttons");
  await waitForByName(colleague.page, "main span", "Locked");

  // Live: while the colleague looks at it, the owner unlocks the canvas; the colleague's screen
  // follows at once and the bell says who changed what.
  await clickLink(page, "Canvas board", { within: "main" });
  await waitForScreen(page, "Canvas board");
  await clickButton(page, "Unlock canvas");
  await colleague.page.waitForFunction(() => ![...document.querySelectorAll("main span")].some((span) => span.textContent?.trim() === "Locked"), { timeout: 15_000 });
  await (await waitForByName(colleague.page, "button", /^Notifications, \d+ unread$/, 15_000)).click();
  await waitForByName(colleague.page, "li, a, p", /Ada Administrator unlocked the custom dashboard “Canvas board”/);
});

test.run();
