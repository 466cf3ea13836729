// Liquidity planning as a finance person uses it (issue 17): from the menu, a cash scenario with
// three employees and two contracts; a duplicate in which one hire comes later; both compared on
// the chart with their lowest balance and runway; one approved, then locked everywhere; two
// drafts that disagree about a person refused as a merge, two that agree merged.
import { mkdirSync } from "node:fs";
import type { ElementHandle, Page } from "puppeteer";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { expectAccessible } from "../support/axe";
import { useServerAndBrowser } from "../support/e2e";
import { clickButton, clickLink, clickMenu, signedInPage, switchTheme, waitForScreen } from "../support/person";

const e2e = useServerAndBrowser(test);
const SHOTS = process.env.SCREENSHOT_DIR ?? "/tmp/liquidity-shots";
const DIALOG = "[role=alertdialog]";

async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  for (const theme of ["dark", "light"] as const) {
    await switchTheme(page, theme);
    await page.screenshot({ path: `${SHOTS}/${name}.${theme}.png`, fullPage: true });
  }
}

const waitForText = (page: Page, text: string, timeout = 15_000) => page.waitForFunction((wanted) => document.body.innerText.includes(wanted), { timeout }, text);

/** The control named `label` (its label's text starts with it, or its aria-label is it) inside `within`. */
async function labelled(page: Page, label: string, within: string): Promise<ElementHandle<HTMLInputElement | HTMLSelectElement>> {
  const handle = await page.waitForFunction(
    (css, name) =>
      [...document.querySelectorAll(`${css} input, ${css} select`)].find((element) => (element as HTMLInputElement).labels?.[0]?.textContent?.trim().startsWith(name) || element.getAttribute("aria-label") === name) ?? false,
    { timeout: 10_000 },
    within,
    label,
  );
  return handle.asElement() as ElementHandle<HTMLInputElement | HTMLSelectElement>;
}

async function retype(page: Page, label: string, text: string, within = DIALOG) {
  const input = await labelled(page, label, within);
  await input.click({ count: 3 });
  await page.keyboard.press("Backspace");
  await input.type(text);
}

/** Sets a date as the browser's date picker does. */
async function pickDate(page: Page, label: string, value: string, within = DIALOG) {
  const input = await labelled(page, label, within);
  await input.evaluate((element, next) => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!.call(element, next);
    element.dispatchEvent(new Event("input", { bubbles: true }));
    element.dispatchEvent(new Event("change", { bubbles: true }));
  }, value);
}

async function selectOption(page: Page, label: string, text: string, within = DIALOG) {
  const select = (await labelled(page, label, within)) as ElementHandle<HTMLSelectElement>;
  const value = await select.evaluate((element, wanted) => [...element.options].find((option) => option.text === wanted)?.value ?? null, text);
  if (value === null) throw new Error(`no option ${text} in ${label}`);
  await select.select(value);
}

const dialogGone = (page: Page) => page.waitForFunction((css) => !document.querySelector(css), { timeout: 15_000 }, DIALOG);

async function backToScenarios(page: Page) {
  await clickLink(page, "Liquidity planning", { within: "nav[aria-label=Breadcrumb]" });
  await waitForScreen(page, "Liquidity planning");
  await page.waitForSelector("[data-testid=scenarios]");
}

test("two cash scenarios built, compared, one approved and locked; drafts merged", async () => {
  const { page } = await signedInPage(e2e.browser, e2e.server.url, "admin@demo.example");
  await clickMenu(page, "Planning", "Liquidity planning");
  await waitForScreen(page, "Liquidity planning");

  // A scenario from the next month on.
  await clickButton(page, "New scenario");
  await retype(page, "Name", "Runway base");
  // Cash only goes out here (no revenue KPI), from the demo's cash balance.
  await selectOption(page, "Revenue KPI", "None");
  await clickButton(page, "Create scenario", { within: DIALOG });
  await waitForText(page, 'Scenario "Runway base" created.');
  await dialogGone(page);
  const startMonth = await page.evaluate(() => {
    const now = new Date();
    return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString().slice(0, 10);
  });
  const later = await page.evaluate((start) => {
    const date = new Date(`${start}T00:00:00Z`);
    return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 9, 1)).toISOString().slice(0, 10);
  }, startMonth);

  // Three employees.
  await clickLink(page, /^Headcount of Runway base/);
  await waitForScreen(page, "Headcount: Runway base");
  const people = [
    ["Ada Lovelace", "E-1", "2400000"],
    ["Ben Okafor", "E-2", "1800000"],
    ["Carla Chen", "E-3", "2100000"],
  ] as const;
  for (const [name, id, salary] of people) {
    await clickButton(page, "Add employee", { within: "main" });
    await retype(page, "Full name", name);
    await retype(page, "Employee ID", id);
    await retype(page, "Fix salary", salary);
    await pickDate(page, "Hire date", "2024-01-01");
    await clickButton(page, "Add employee", { within: DIALOG });
    await waitForText(page, `${name} added.`);
    await dialogGone(page);
  }
  assert.is(await page.$$eval("[data-testid=headcount] tbody tr", (rows) => rows.length), 3);
  // The same employee ID twice is refused on its field.
  await clickButton(page, "Add employee", { within: "main" });
  await retype(page, "Full name", "Dan Twin");
  await retype(page, "Employee ID", "E-1");
  await retype(page, "Fix salary", "50000");
  await clickButton(page, "Add employee", { within: DIALOG });
  await waitForText(page, "Employee with this ID already exists in this scenario");
  await clickButton(page, "Cancel", { within: DIALOG });
  await dialogGone(page);
  await expectAccessible(page, "the headcount");
  await shoot(page, "headcount");

  // Two contracts.
  await clickLink(page, "Expenses", { within: "nav[aria-label=Scenario]" });
  await waitForScreen(page, "Expenses: Runway base");
  const contracts = [
    ["6300 Rent", "City Offices", "18000", "Monthly"],
    ["6800 Software", "Cloud Co", "30000", "Quarterly"],
  ] as const;
  for (const [account, vendor, amount, frequency] of contracts) {
    await clickButton(page, "Add contract");
    await retype(page, "Account", account);
    await retype(page, "Vendor", vendor);
    await retype(page, "Amount", amount);
    await selectOption(page, "Frequency", frequency);
    await clickButton(page, "Add contract", { within: DIALOG });
    await waitForText(page, `The contract ${vendor} was added.`);
    await dialogGone(page);
  }
  assert.is(await page.$$eval("[data-testid=contracts] tbody tr", (rows) => rows.length), 2);
  await page.waitForSelector("[data-testid=master-data]");
  await expectAccessible(page, "the expenses");
  await shoot(page, "expenses");

  // A duplicate in which Carla starts nine months in.
  await backToScenarios(page);
  await clickButton(page, "Duplicate Runway base");
  await retype(page, "Name of the copy", "Later hire");
  await clickButton(page, "Duplicate", { within: DIALOG });
  await waitForText(page, 'Scenario "Later hire" created as a copy.');
  await dialogGone(page);
  await clickLink(page, /^Headcount of Later hire: 3 employees/);
  await waitForScreen(page, "Headcount: Later hire");
  await clickButton(page, "Edit Carla Chen");
  await pickDate(page, "Hire date", later);
  await clickButton(page, "Save", { within: DIALOG });
  await waitForText(page, "Carla Chen saved.");
  await dialogGone(page);

  // Both on the chart, each with its lowest balance and runway.
  await backToScenarios(page);
  // Only ours on the chart (the demo's seeded scenarios may be there already).
  const boxes = await page.$$("[data-testid=scenarios] input[type=checkbox][aria-label^=Compare]");
  for (const box of boxes) {
    const [name, checked] = await box.evaluate((element) => [element.getAttribute("aria-label")!.slice("Compare ".length), (element as HTMLInputElement).checked] as const);
    if (checked !== ["Runway base", "Later hire"].includes(name)) {
      await box.click();
      await page.waitForFunction((element, wanted) => (element as HTMLInputElement).checked === wanted, { timeout: 10_000 }, box, !checked);
    }
  }
  await page.waitForSelector('[data-testid="figures-Runway base"] [data-testid=lowest]', { timeout: 20_000 });
  await page.waitForSelector('[data-testid="figures-Later hire"] [data-testid=lowest]', { timeout: 20_000 });
  const figures = await page.$$eval("[data-testid^=figures-]", (items) => items.map((item) => [item.querySelector("[data-testid=lowest]")?.textContent ?? "", item.querySelector("[data-testid=runway]")?.textContent ?? ""]));
  assert.is(figures.length, 2);
  for (const [lowest, runway] of figures) {
    assert.match(lowest!, /^Lowest balance: .+ on \d{1,2} \w{3} \d{4}$/);
    assert.match(runway!, /^Runway: (\d+ months?|more than \d+ months)/);
  }
  assert.is.not(figures[0]![0], figures[1]![0], `hiring later changes the lowest balance: ${JSON.stringify(figures)}`);
  assert.is.not(figures[0]![1], figures[1]![1], `and the runway: ${JSON.stringify(figures)}`);
  assert.is(await page.$$eval("[data-balance-chart] path[data-series]", (paths) => paths.length) >= 2, true, "a line per scenario");
  assert.is(await page.$$eval("[data-balance-chart] .lowest circle", (dots) => dots.length), 2, "each lowest balance marked");
  await (await labelled(page, "Next 13 weeks", "[data-testid=comparison]")).click();
  await waitForText(page, "Week from");
  await (await labelled(page, "Months", "[data-testid=comparison]")).click();
  await page.waitForFunction(() => [...document.querySelectorAll("[data-testid=comparison] th")].some((cell) => cell.textContent === "Month"), { timeout: 10_000 });
  await expectAccessible(page, "the scenarios and their comparison");
  await shoot(page, "comparison");

  // Approved: locked, here and on its headcount.
  await clickButton(page, "Approve Runway base");
  await waitForText(page, "Approval is irreversible");
  await clickButton(page, "Approve", { within: DIALOG });
  await waitForText(page, 'Scenario "Runway base" approved: it can no longer be changed.');
  await page.waitForSelector('[data-testid=scenarios] [data-testid=scenario-locked]');
  const controls = await page.$$eval("[data-testid=scenarios] button", (buttons) => buttons.map((button) => button.getAttribute("aria-label") ?? ""));
  assert.not.ok(controls.includes("Settings of Runway base") || controls.includes("Approve Runway base") || controls.includes("Delete Runway base"), "no edit controls on the approved one");
  assert.ok(controls.includes("Settings of Later hire"), "the draft keeps them");
  await clickLink(page, /^Headcount of Runway base/);
  await waitForScreen(page, "Headcount: Runway base");
  await page.waitForSelector("[data-testid=read-only]");
  await page.waitForSelector("[data-testid=headcount] tbody tr");
  const headcountButtons = await page.$$eval("main button", (buttons) => buttons.map((button) => button.textContent?.trim()));
  assert.not.ok(headcountButtons.some((text) => text === "Add employee" || text === "Edit" || text === "Delete" || text === "Import from Excel"), "read-only");
  await shoot(page, "approved-headcount");

  // Drafts: one that disagrees about Carla is refused, one that agrees is merged.
  await backToScenarios(page);
  await clickButton(page, "Duplicate Runway base");
  await retype(page, "Name of the copy", "Base copy");
  await clickButton(page, "Duplicate", { within: DIALOG });
  await dialogGone(page);
  await clickButton(page, "Duplicate Later hire");
  await retype(page, "Name of the copy", "Later hire too");
  await clickButton(page, "Duplicate", { within: DIALOG });
  await dialogGone(page);
  await clickButton(page, "Merge scenarios");
  await selectOption(page, "First scenario", "Later hire");
  await selectOption(page, "Second scenario", "Base copy");
  await retype(page, "Name of the merged scenario", "Merged");
  await clickButton(page, "Merge", { within: DIALOG });
  await page.waitForSelector("[data-testid=merge-error]", { timeout: 15_000 });
  const refused = await page.$eval("[data-testid=merge-error]", (element) => element.textContent ?? "");
  assert.match(refused, /^Error while merging scenarios\./);
  assert.match(refused, /E-3/);
  await shoot(page, "merge-refused");
  await selectOption(page, "Second scenario", "Later hire too");
  await clickButton(page, "Merge", { within: DIALOG });
  await waitForText(page, 'Scenario "Merged" merged from two.');
  await dialogGone(page);
  await page.waitForSelector('[data-testid="scenario-Merged"]');
  assert.match(await page.$eval('[aria-label^="Headcount of Merged"]', (link) => link.textContent ?? ""), /^3 employees/);
  await expectAccessible(page, "the scenarios after merging");
});

test.run();
