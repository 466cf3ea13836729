// The OKR scheduler and OKR settings as an administrator uses them: the scheduler from the menu
// (the planning year today falls in does not exist yet, so opening it creates it), a check-in
// schedule added and changed, the next reminders listed; OKR settings from the menu, a status
// option added and recoloured, the default reminder time changed, the way to the structure.
import { mkdirSync } from "node:fs";
import type { ElementHandle, Page } from "puppeteer";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { expectAccessible } from "../support/axe";
import { useServerAndBrowser } from "../support/e2e";
import { clickButton, clickLink, clickMenu, signedInPage, switchTheme, waitForScreen } from "../support/person";

const e2e = useServerAndBrowser(test);
const SHOTS = process.env.SCREENSHOT_DIR ?? "/tmp/okr-scheduler-shots";

async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  for (const theme of ["dark", "light"] as const) {
    await switchTheme(page, theme);
    await page.screenshot({ path: `${SHOTS}/${name}.${theme}.png`, fullPage: true });
  }
}

const waitForText = (page: Page, text: string, timeout = 15_000) => page.waitForFunction((wanted) => document.body.innerText.includes(wanted), { timeout }, text);

/** The control named `label` (its label or aria-label) inside `within`. */
async function labelled(page: Page, label: string, within = "main"): Promise<ElementHandle<HTMLInputElement | HTMLSelectElement>> {
  const handle = await page.waitForFunction(
    (css, name) =>
      [...document.querySelectorAll(`${css} input, ${css} select`)].find((element) => (element as HTMLInputElement).labels?.[0]?.textContent?.trim().startsWith(name) || element.getAttribute("aria-label") === name) ?? false,
    { timeout: 10_000 },
    within,
    label,
  );
  return handle.asElement() as ElementHandle<HTMLInputElement | HTMLSelectElement>;
}

async function selectOption(page: Page, label: string, text: string, within = "main") {
  const select = (await labelled(page, label, within)) as ElementHandle<HTMLSelectElement>;
  const value = await select.evaluate((element, wanted) => [...element.options].find((option) => option.text === wanted)?.value ?? null, text);
  if (value === null) throw new Error(`no option ${text} in ${label}`);
  await select.select(value);
}

async function retype(page: Page, label: string, text: string, within = "main") {
  const input = await labelled(page, label, within);
  await input.click({ count: 3 });
  await page.keyboard.press("Backspace");
  await input.type(text);
}

/** Sets an input whose native widget a keyboard does not reach the same way everywhere (colour, time), as the browser does on a pick. */
async function pick(page: Page, label: string, value: string, within = "main") {
  const input = await labelled(page, label, within);
  await input.evaluate((element, next) => {
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!;
    setter.call(element, next);
    element.dispatchEvent(new Event("input", { bubbles: true }));
    element.dispatchEvent(new Event("change", { bubbles: true }));
  }, value);
}

test("the scheduler creates the year it opens, a schedule is added and changed; OKR settings add a status option", async () => {
  const { page } = await signedInPage(e2e.browser, e2e.server.url, "admin@demo.example");
  const created: string[] = [];
  page.on("response", (response) => {
    if (response.url().includes("/api/okrs/scheduler/years/")) created.push(`${response.request().method()} ${response.status()}`);
  });
  await clickMenu(page, "Objectives", "Scheduler");
  await waitForScreen(page, "OKR scheduler");
  // Demo GmbH's fiscal year starts in April: the year today falls in is created and shown.
  await page.waitForSelector("[data-testid=planning-year]", { timeout: 20_000 });
  assert.equal(created.slice(0, 3), ["GET 404", "POST 201", "GET 200"], "404, created, loaded again");
  const title = await page.$eval("[data-testid=planning-year] h2", (element) => element.textContent);
  assert.match(title ?? "", /^Planning year FY \d{4}\/\d{2}$/);
  assert.is(await page.$$eval("[data-testid=planning-year] tbody tr", (rows) => rows.length), 4, "four quarters");
  await waitForText(page, "Q1 FY");

  // A team check-in schedule, then monthly on the 31st at 17:30.
  await clickButton(page, "Add team schedule");
  await waitForText(page, "The team schedule is saved: every Friday at 09:00.");
  await selectOption(page, "Team cadence", "Monthly");
  await retype(page, "Team day of the month", "31");
  await pick(page, "Team reminder time", "17:30");
  await clickButton(page, "Save team schedule");
  await waitForText(page, "Monthly on day 31 (the last day in shorter months) at 17:30.");
  await page.waitForFunction(() => [...document.querySelectorAll("[data-testid=reminders] table")].some((table) => table.textContent?.includes("Check-in due: team key results")), { timeout: 15_000 });
  // The calendar shows the month's due dates; the next month too.
  await clickButton(page, "Next month");
  await page.waitForFunction(() => document.querySelector("[data-testid=calendar]")?.textContent?.includes("Check-in team"), { timeout: 10_000 });
  await expectAccessible(page, "the OKR scheduler");
  await shoot(page, "scheduler");

  // OKR settings: the menu's settings section.
  await clickMenu(page, "Settings", "OKR settings");
  await waitForScreen(page, "OKR settings");
  await page.waitForSelector("[data-testid=status-options] li");
  const before = await page.$$eval("[data-testid=status-options] li", (items) => items.length);
  await retype(page, "New status", "Needs help");
  await pick(page, "Colour", "#6b46c1", "[data-testid=status-options] form:last-of-type");
  await clickButton(page, "Add status");
  await waitForText(page, 'Status "Needs help" added.');
  await page.waitForSelector('[data-testid="status-Needs help"]');
  assert.is(await page.$$eval("[data-testid=status-options] li", (items) => items.length), before + 1);
  await pick(page, "Colour of status Needs help", "#c53030");
  await clickButton(page, "Save", { within: '[data-testid="status-Needs help"]' });
  await waitForText(page, 'Status "Needs help" saved.');
  await page.waitForFunction(() => (document.querySelector('[data-testid="status-Needs help"] .swatch') as HTMLElement | null)?.style.background.includes("197, 48, 48"), { timeout: 10_000 });
  await clickButton(page, "Move Needs help up");
  await page.waitForFunction(() => {
    const names = [...document.querySelectorAll("[data-testid=status-options] li")].map((item) => item.getAttribute("data-testid"));
    return names.indexOf("status-Needs help") === names.length - 2;
  }, { timeout: 10_000 });

  await pick(page, "Reminder time", "07:45");
  await clickButton(page, "Save settings");
  await waitForText(page, "OKR settings saved.");
  await expectAccessible(page, "the OKR settings");
  await shoot(page, "okr-settings");

  await clickLink(page, "Open the organizational structure");
  await waitForScreen(page, "Organizational structure");
  await page.browserContext().close();
});

test.run();
