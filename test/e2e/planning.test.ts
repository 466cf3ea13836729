import type { ElementHandle, Page } from "puppeteer";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { formatKpiValue } from "../../src/domain/kpi/number-format";
import { monthIndexAt } from "../../src/domain/months";
import { planningYear, planningYearOf } from "../../src/domain/planning/fiscal-year";
import { expectAccessible } from "../support/axe";
import { useServerAndBrowser } from "../support/e2e";
import { clickButton, clickMenu, signedInPage, switchTheme, waitForByName, waitForScreen } from "../support/person";

const e2e = useServerAndBrowser(test);

/** The demo company's fiscal year starts in April. */
const FISCAL_YEAR_OFFSET = 3;
const thisYear = planningYearOf(monthIndexAt(new Date()), FISCAL_YEAR_OFFSET);
const current = planningYear(thisYear, FISCAL_YEAR_OFFSET);
const next = planningYear(thisYear + 1, FISCAL_YEAR_OFFSET);
const euros = (value: number) => formatKpiValue(value, "currency", { currency: "EUR", scale: "none" });
const cell = (kpi: string, month: string) => `input[aria-label='${kpi} plan ${month}']`;
const toast = (page: Page, text: RegExp) => waitForByName(page, "[data-toast-region] [role=status] *", text, 20_000);

/** A block of two KPI rows and the twelve months, as Excel copies it: tabs between cells, CRLF after each row. */
const REVENUE = Array.from({ length: 12 }, (_, index) => 1_250_000 + index * 10_000);
const COGS = Array.from({ length: 12 }, (_, index) => 400_000 + index * 2_500);
const EXCEL_BLOCK = [REVENUE, COGS].map((row) => row.map((value) => value.toLocaleString("en-US")).join("\t") + "\r\n").join("");

test("a planner pastes, spreads and uplifts next fiscal year's plan, saves it, another planner's grid follows live, and a saved version becomes the financial dashboard's comparison", async () => {
  const planner = await signedInPage(e2e.browser, e2e.server.url, "delegate@demo.example");
  const colleague = await signedInPage(e2e.browser, e2e.server.url, "c-level@demo.example");
  const { page } = planner;

  // Both open Financial planning from the menu; it shows the P&L of this fiscal year.
  for (const person of [planner, colleague]) {
    await clickMenu(person.page, "Planning", "Financial planning");
    await waitForScreen(person.page, "Financial planning");
    await person.page.waitForSelector(cell("Revenue", current.months[0]!.label));
  }
  assert.match(await page.$eval("nav[aria-label='Financial categories'] a[aria-current=page]", (link) => link.textContent ?? ""), /^P&L$/);

  // This year's plan of Marketing costs, as its cell shows it when focused (the raw number):
  // next year's plan is to be this year's plus 10 %.
  await page.click(cell("Marketing costs", current.months[0]!.label));
  const marketingThisYear = Number(await page.$eval(cell("Marketing costs", current.months[0]!.label), (input) => (input as HTMLInputElement).value));
  assert.ok(marketingThisYear > 0, `this year's plan: ${marketingThisYear}`);

  // Both pick next fiscal year.
  for (const person of [planner, colleague]) {
    await choose(person.page, "Fiscal year", next.label);
    await person.page.waitForSelector(cell("Revenue", next.months[0]!.label));
  }

  // A block of two rows × twelve months pasted from Excel into Revenue's first month.
  await page.click(cell("Revenue", next.months[0]!.label));
  await paste(page, cell("Revenue", next.months[0]!.label), EXCEL_BLOCK);
  await waitForByName(page, "[role=status]", "24 unsaved changes");
  // The focused cell shows what was pasted into it; the others their formatted number.
  await page.waitForFunction((css) => (document.querySelector(css) as HTMLInputElement).value === "1,250,000", {}, cell("Revenue", next.months[0]!.label));
  await shows(page, cell("Revenue", next.months[1]!.label), euros(REVENUE[1]!));
  await shows(page, cell("Cost of goods sold", next.months[11]!.label), euros(COGS[11]!));
  assert.is(await fyTotal(page, "Revenue"), euros(REVENUE.reduce((sum, value) => sum + value, 0)), "the FY figure sums the pasted months");

  // Personnel costs: a yearly total of 4.8m spread evenly over the row of the focused cell.
  await page.click(cell("Personnel costs", next.months[3]!.label));
  await waitForByName(page, "option", "Row: Personnel costs");
  await typeInto(page, await labelled(page, "Yearly total"), "4.8m");
  await choose(page, "Spread", "Evenly");
  await clickButton(page, "Spread total");
  await waitForByName(page, "[role=status]", "36 unsaved changes");
  for (const month of [next.months[0]!, next.months[11]!]) await shows(page, cell("Personnel costs", month.label), euros(400_000));
  assert.is(await fyTotal(page, "Personnel costs"), euros(4_800_000));

  // Marketing costs: last year's plan with a 10 % uplift.
  await page.click(cell("Marketing costs", next.months[0]!.label));
  await waitForByName(page, "option", "Row: Marketing costs");
  await choose(page, "Copy last year's", "Plan");
  await typeInto(page, await labelled(page, "Uplift %"), "10");
  await clickButton(page, "Copy with uplift");
  await waitForByName(page, "[role=status]", "48 unsaved changes");
  await page.click(cell("Marketing costs", next.months[0]!.label));
  const uplifted = Number(await page.$eval(cell("Marketing costs", next.months[0]!.label), (input) => (input as HTMLInputElement).value));
  assert.is(uplifted, Math.round(marketingThisYear * 1.1 * 100) / 100, `${marketingThisYear} + 10 %`);

  // The grid with its pending changes is accessible in both themes.
  for (const theme of ["light", "dark"] as const) {
    await switchTheme(page, theme);
    await expectAccessible(page, `Financial planning with unsaved changes (${theme})`);
  }

  // Save: all 48 in one request; the colleague's open grid follows without a reload.
  await clickButton(page, /^Save$/);
  await toast(page, /Saved 48 planning values\./);
  await waitForByName(page, "[role=status]", "0 unsaved changes");
  await shows(colleague.page, cell("Revenue", next.months[0]!.label), euros(REVENUE[0]!), 15_000);
  await shows(colleague.page, cell("Personnel costs", next.months[11]!.label), euros(400_000));
  await shows(colleague.page, cell("Cost of goods sold", next.months[11]!.label), euros(COGS[11]!));
  assert.is(await fyTotal(colleague.page, "Revenue"), euros(REVENUE.reduce((sum, value) => sum + value, 0)));

  // After a reload the saved values are there.
  await page.reload();
  await waitForScreen(page, "Financial planning");
  await choose(page, "Fiscal year", next.label);
  await shows(page, cell("Revenue", next.months[0]!.label), euros(REVENUE[0]!));
  await shows(page, cell("Cost of goods sold", next.months[5]!.label), euros(COGS[5]!));
  await shows(page, cell("Personnel costs", next.months[6]!.label), euros(400_000));
  await shows(page, cell("Marketing costs", next.months[0]!.label), euros(uplifted));

  // This year's plan kept as a version.
  await choose(page, "Fiscal year", current.label);
  await page.waitForSelector(cell("Revenue", current.months[0]!.label));
  await typeInto(page, await labelled(page, `Save the ${current.label} plan as a version`), "Reforecast November", { enter: false });
  await clickButton(page, "Save version");
  await toast(page, /Saved the plan as “Reforecast November” \(\d+ values\)\./);
  await waitForByName(page, "table[aria-label='Planning versions'] th", "Reforecast November");
  assert.is(await (await labelled(page, `Save the ${current.label} plan as a version`)).evaluate((input) => (input as HTMLInputElement).value), "", "the name field is ready for the next version");
  // The toast sits over the versions' buttons at the foot of the screen: closed, as a person does.
  await clickButton(page, "Dismiss", { within: "[data-toast-region]" });
  await page.waitForFunction(() => !document.querySelector("[data-toast-region] [role=status] *"));
  // Compared in the grid with the actuals shown: the version's row and the differences under each plan.
  await clickButton(page, "Compare with Reforecast November");
  await clickLabel(page, "Show actuals");
  await waitForByName(page, "[role=row].version [role=rowheader]", /^Version Reforecast November/);
  await waitForByName(page, "[role=row].actualVsVersion [role=rowheader]", /^Actual − version/);
  // The rows show before the version's figures arrive: wait for the first difference, then read it.
  await page.waitForFunction(() => /\d/.test(document.querySelector("[role=row].planVsVersion [role=cell]")?.textContent ?? ""), { timeout: 10_000 }).catch(() => {});
  const difference = await page.$eval("[role=row].planVsVersion [role=cell]", (cell) => cell.textContent ?? "");
  assert.match(difference, /^€ 0\s*0\.0 %$/, `the working plan equals the version just saved (the cell says "${difference}")`);
  await expectAccessible(page, "Financial planning compared with a version (dark)");

  // The financial dashboard compares this year's actuals with it.
  await clickMenu(page, "Reporting", "Financial dashboard");
  await waitForScreen(page, "Financial dashboard");
  await choose(page, "View", "Actual comparison");
  await choose(page, "Compare with", "Version: Reforecast November");
  await waitForByName(page, "thead th .title", "Reforecast November");
  await waitForByName(page, "thead th .title", "Reforecast November FY");
  await page.waitForFunction(() => !document.querySelector("[aria-busy=true]"));
  const comparison = await page.$$eval("thead th", (headers) => headers.findIndex((header) => header.querySelector(".title")?.textContent === "Reforecast November"));
  const revenue = await page.$$eval("tbody tr", (rows, index) => rows.find((row) => row.querySelector("th")?.textContent?.includes("Revenue"))?.children[index]?.textContent ?? "", comparison);
  assert.match(revenue, /\d/, `the version's Revenue: ${revenue}`);

  // At 390 px the planning screen works and does not scroll sideways; the grid scrolls in its own area.
  await page.setViewport({ width: 390, height: 844 });
  await clickMenu(page, "Planning", "Financial planning");
  await waitForScreen(page, "Financial planning");
  await page.waitForSelector(cell("Revenue", current.months[0]!.label));
  await page.waitForFunction(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
  for (const theme of ["light", "dark"] as const) {
    await switchTheme(page, theme);
    await expectAccessible(page, `Financial planning (${theme}, 390 px)`);
  }
  await planner.context.close();
  await colleague.context.close();
});

test("the keyboard moves through the operational plan as in a spreadsheet, past read-only rows and beyond the rows in view", async () => {
  const { context, page } = await signedInPage(e2e.browser, e2e.server.url, "delegate@demo.example");
  await clickMenu(page, "Planning", "Operational planning");
  await waitForScreen(page, "Operational planning");
  // The first editable cell (a delegate does not see the super-sensitive Cash balance).
  const first = (await page.waitForSelector("[role=row].plan input"))!;
  const firstLabel = (await first.evaluate((input) => input.getAttribute("aria-label")))!;
  assert.is(firstLabel, `Net burn plan ${current.months[0]!.label}`);
  await first.click();
  // Arriving in a cell selects its number, as a spreadsheet does.
  await page.waitForFunction(() => {
    const input = document.activeElement as HTMLInputElement;
    return input.value !== "" && input.selectionStart === 0 && input.selectionEnd === input.value.length;
  });
  const focused = () => page.evaluate(() => document.activeElement?.getAttribute("aria-label") ?? "");
  await page.keyboard.press("ArrowRight");
  assert.is(await focused(), `Net burn plan ${current.months[1]!.label}`, "the whole text selected on arriving: right is the next month");
  await page.keyboard.press("ArrowLeft");
  assert.is(await focused(), firstLabel);
  // Down through every editable row: calculated KPIs (Gross margin) are passed, the list scrolls on.
  const seen: string[] = [];
  for (let press = 0; press < 30; press++) {
    await page.keyboard.press("ArrowDown");
    await page.waitForFunction((before) => document.activeElement?.getAttribute("aria-label") !== before, { timeout: 2_000 }, seen.at(-1) ?? firstLabel);
    seen.push(await focused());
  }
  assert.ok(seen.every((label) => label.endsWith(`plan ${current.months[0]!.label}`)), seen.join(", "));
  assert.is(new Set(seen).size, 30, "a new row at every press");
  assert.not.ok(seen.some((label) => label.startsWith("Gross margin")), "a read-only row is passed");
  assert.ok(await page.$eval("[role=table] [role=rowgroup]", (body) => body.scrollTop > 0), "the rows below came into view");
  // Enter keeps a typed value and goes down; Shift+Enter comes back to it.
  const typedAt = seen.at(-1)!;
  await page.keyboard.type("42");
  await page.keyboard.press("Enter");
  await waitForByName(page, "[role=status]", "1 unsaved change");
  assert.not.equal(await focused(), typedAt);
  await page.keyboard.down("Shift");
  await page.keyboard.press("Enter");
  await page.keyboard.up("Shift");
  assert.is(await focused(), typedAt);
  assert.is(await page.evaluate(() => (document.activeElement as HTMLInputElement).value), "42");
  await context.close();
});

/** Clicks the visible label whose text is `text` (a checkbox's). */
async function clickLabel(page: Page, text: string) {
  const label = await page.waitForFunction((name) => [...document.querySelectorAll("label")].find((element) => element.getClientRects().length > 0 && element.textContent?.trim() === name) ?? false, {}, text);
  await (label.asElement() as ElementHandle<HTMLLabelElement>).click();
}

/** Chooses the option named `option` of the select labelled `label`, as a person picks it. */
async function choose(page: Page, label: string, option: string) {
  const select = (await labelled(page, label)) as ElementHandle<HTMLSelectElement>;
  await page.waitForFunction((element, text) => [...(element as HTMLSelectElement).options].some((candidate) => candidate.textContent === text && !candidate.disabled), {}, select, option);
  const value = await select.evaluate((element, text) => [...element.options].find((candidate) => candidate.textContent === text)!.value, option);
  await select.select(value);
}

/** The control of the visible label whose text is `text`. */
async function labelled(page: Page, text: string): Promise<ElementHandle<HTMLElement>> {
  const handle = await page.waitForFunction(
    (name) => {
      const label = [...document.querySelectorAll("label")].find((element) => element.getClientRects().length > 0 && element.textContent?.trim() === name);
      return (label as HTMLLabelElement | undefined)?.control ?? false;
    },
    {},
    text,
  );
  return handle.asElement() as ElementHandle<HTMLElement>;
}

/** Selects the text of the control and types over it, then Enter unless told otherwise. */
async function typeInto(page: Page, element: ElementHandle<HTMLElement>, text: string, options: { enter?: boolean } = {}) {
  await element.click({ count: 3 });
  await page.keyboard.down("Control");
  await page.keyboard.press("a");
  await page.keyboard.up("Control");
  await page.keyboard.type(text);
  if (options.enter !== false) await page.keyboard.press("Enter");
}

/** Pastes `text` into the focused cell as the browser does it from the clipboard: a paste event with the text. */
async function paste(page: Page, selector: string, text: string) {
  await page.$eval(
    selector,
    (input, content) => {
      const data = new DataTransfer();
      data.setData("text/plain", content);
      input.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
    },
    text,
  );
}

/** Waits until the (unfocused) cell shows `text`. */
async function shows(page: Page, selector: string, text: string, timeout = 10_000) {
  await page
    .waitForFunction((css, expected) => (document.querySelector(css) as HTMLInputElement | null)?.value === expected, { timeout }, selector, text)
    .catch(async (error: Error) => {
      const seen = await page.$eval(selector, (input) => (input as HTMLInputElement).value).catch(() => "(no such cell)");
      throw new Error(`${selector} shows ${seen}, not ${text}: ${error.message}`);
    });
}

/** The FY figure of the KPI's plan row. */
async function fyTotal(page: Page, kpi: string) {
  return page.$$eval(
    "[role=row].plan",
    (rows, name) => rows.find((row) => row.querySelector(".kpi-name")?.textContent === name)?.querySelector(".total")?.textContent ?? "",
    kpi,
  );
}

test.run();
