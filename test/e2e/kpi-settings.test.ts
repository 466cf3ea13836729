import { mkdirSync } from "node:fs";
import type { ElementHandle, Page } from "puppeteer";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { expectAccessible } from "../support/axe";
import { useServerAndBrowser } from "../support/e2e";
import { clickButton, clickLink, clickMenu, signedInPage, switchTheme, waitForByName, waitForScreen } from "../support/person";

const e2e = useServerAndBrowser(test);
const DIALOG = "[role=alertdialog]";
const SHOTS = process.env.SCREENSHOT_DIR ?? "/tmp/kpi-settings-shots";

async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  for (const theme of ["dark", "light"] as const) {
    await switchTheme(page, theme);
    await page.screenshot({ path: `${SHOTS}/${name}.${theme}.png`, fullPage: true });
  }
}

/** The input, textarea or select labelled `label` inside `within`. */
async function labelled(page: Page, label: string, within = DIALOG) {
  const control = await page.waitForFunction(
    (css, name) => [...document.querySelectorAll(`${css} input, ${css} textarea, ${css} select`)].find((element) => (element as HTMLInputElement).labels?.[0]?.textContent?.replace(" (required)", "").trim() === name) ?? false,
    { timeout: 10_000 },
    within,
    label,
  );
  return control.asElement() as ElementHandle<HTMLInputElement>;
}

/** Replaces what the labelled field holds with `text`, as a person selecting it all and typing would. */
async function typeInto(page: Page, label: string, text: string, within = DIALOG) {
  const control = await labelled(page, label, within);
  await control.click({ count: 3 });
  await page.keyboard.press("Backspace");
  await control.type(text);
}

async function choose(page: Page, label: string, option: RegExp, within = DIALOG) {
  const select = (await labelled(page, label, within)) as unknown as ElementHandle<HTMLSelectElement>;
  const value = await select.evaluate((element, source) => [...element.options].find((entry) => new RegExp(source).test(entry.text))?.value ?? null, option.source);
  if (value === null) throw new Error(`no option like ${option} in ${label}`);
  await select.select(value);
}

const dialogClosed = (page: Page) => page.waitForFunction(() => !document.querySelector("[role=alertdialog]"), { timeout: 15_000 });

test("an administrator creates a custom category and KPI, sets its benchmarks and responsible, writes and approves its glossary entry; a reader opens it from the KPI card", async () => {
  const { page } = await signedInPage(e2e.browser, e2e.server.url, "admin@demo.example");
  await clickMenu(page, "Settings", "KPI management");
  await waitForScreen(page, "KPI management");
  await page.waitForSelector("section[aria-label^='Category ']");

  // A custom category, then a custom KPI in it.
  await clickButton(page, "New category");
  await typeInto(page, "Category name", "Customer success");
  await clickButton(page, "Create category", { within: DIALOG });
  await dialogClosed(page);
  const category = "section[aria-label='Category Customer success']";
  await page.waitForSelector(category);
  await clickButton(page, "Add KPI", { within: category });
  await typeInto(page, "Name", "Customer health score");
  await choose(page, "Months add up as", /^Average/);
  await choose(page, "Reporting cadence", /^Quarterly/);
  await clickButton(page, "Create KPI", { within: DIALOG });
  await dialogClosed(page);
  await page.waitForSelector(`${category} tr[data-kpi=custom_customer_health_score]`);

  // Benchmarks out of order are refused by field; in order they are saved, with a responsible.
  await clickButton(page, "Edit Customer health score");
  await typeInto(page, "Bottom 25 %", "10");
  await typeInto(page, "Median", "20");
  await typeInto(page, "Top 25 %", "30");
  await typeInto(page, "Top 5 %", "25");
  await (await waitForByName(page, `${DIALOG} label`, /^Ada Administrator$/)).click();
  await clickButton(page, "Save", { within: DIALOG });
  await waitForByName(page, `${DIALOG} [role=alert], ${DIALOG} p, ${DIALOG} div`, /Top 5 % must be above top 25 %/);
  await shoot(page, "kpi-dialog-error");
  await typeInto(page, "Top 5 %", "40");
  await clickButton(page, "Save", { within: DIALOG });
  await dialogClosed(page);
  await waitForByName(page, `${category} tr[data-kpi=custom_customer_health_score] td`, /^10 · 20 · 30 · 40$/);
  await waitForByName(page, `${category} tr[data-kpi=custom_customer_health_score] td`, /^Ada Administrator$/);
  await expectAccessible(page, "KPI management");
  await shoot(page, "kpi-management");

  // The glossary: write the entry, then approve it.
  await clickMenu(page, "Settings", "KPI glossary");
  await waitForScreen(page, "KPI glossary");
  await (await page.waitForSelector("main input[type=search]"))!.type("Customer health");
  await clickButton(page, "Write the entry of Customer health score");
  await typeInto(page, "Definition", "How likely customers recommend us: promoters minus detractors, in points.");
  await typeInto(page, "Formula in words", "Share of 9-10 answers minus share of 0-6 answers");
  await choose(page, "Owner", /^Ada Administrator$/);
  await typeInto(page, "Source", "Quarterly customer survey");
  await clickButton(page, "Save draft", { within: DIALOG });
  await dialogClosed(page);
  await waitForByName(page, "tr[data-glossary-row='Customer health score'] span", /^Draft$/);
  await clickButton(page, "Approve the entry of Customer health score");
  await waitForByName(page, "tr[data-glossary-row='Customer health score'] span", /^Approved$/);
  await expectAccessible(page, "glossary maintenance");
  await shoot(page, "glossary-maintenance");

  // A demo KPI's detail shows its benchmark set as bands behind the history.
  await clickMenu(page, "Reporting", "Operational dashboard");
  await waitForScreen(page, "Operational dashboard");
  const firstCard = await page.waitForSelector("main article[data-kpi-id] h3 a", { timeout: 15_000 });
  await firstCard!.click();
  await page.waitForSelector("svg[role=img] rect[data-band='middle 50 %']", { timeout: 15_000 });
  await page.waitForSelector("[data-testid=benchmark-note]");
  await waitForByName(page, "main a", /^Glossary$/);
  await shoot(page, "kpi-detail-bands");

  // A reader (Employee) finds the KPI's card and opens what it means.
  const reader = await signedInPage(e2e.browser, e2e.server.url, "employee@demo.example");
  await clickMenu(reader.page, "Reporting", "Operational dashboard");
  await waitForScreen(reader.page, "Operational dashboard");
  const card = "article[aria-label='Customer health score']";
  await reader.page.waitForSelector(card, { timeout: 15_000 });
  await clickLink(reader.page, /^What Customer health score means: glossary$/, { within: card });
  await waitForScreen(reader.page, "KPI glossary");
  const entry = await reader.page.waitForSelector("article[data-glossary-kpi]");
  const text = await entry!.evaluate((element) => element.textContent ?? "");
  assert.match(text, "Customer health score");
  assert.match(text, "promoters minus detractors");
  assert.match(text, "Quarterly customer survey");
  assert.match(text, "Ada Administrator");
  assert.ok(!(await reader.page.$("a[href='/settings/kpi-glossary']")), "a reader does not maintain the glossary");
  await expectAccessible(reader.page, "the glossary");
  await shoot(reader.page, "glossary-reader");
  await reader.context.close();

  // Deleting the custom category says how many KPIs go, and takes them.
  await clickMenu(page, "Settings", "KPI management");
  await page.waitForSelector(category);
  await clickButton(page, "Delete", { within: category });
  await waitForByName(page, `${DIALOG} *`, /also deletes its KPIs: its 1 KPI goes/);
  await shoot(page, "category-delete-confirm");
  await clickButton(page, /^Delete category and 1 KPI$/, { within: DIALOG });
  await page.waitForFunction((css) => !document.querySelector(css), { timeout: 15_000 }, category);
});

test.run();
