// A person sets an alert on a KPI through the two-stage dialog, sees it listed on the KPI's
// Alerts tab and on My alerts, pauses it, and edits it — by clicking, as a person does.
import { mkdirSync } from "node:fs";
import type { ElementHandle, Page } from "puppeteer";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { expectAccessible } from "../support/axe";
import { useServerAndBrowser } from "../support/e2e";
import { clickButton, clickLink, clickMenu, signedInPage, switchTheme, waitForByName, waitForScreen } from "../support/person";

const e2e = useServerAndBrowser(test);
const DIALOG = "[role=alertdialog]";
const KPI = "New bookings";
const SHOTS = process.env.SCREENSHOT_DIR ?? "/tmp/alerts-shots";

async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  for (const theme of ["dark", "light"] as const) {
    await switchTheme(page, theme);
    await page.screenshot({ path: `${SHOTS}/${name}.${theme}.png`, fullPage: true });
  }
}

/** The input labelled `label` inside the dialog, its text replaced by `text`. */
async function typeLabelled(page: Page, label: string, text: string) {
  const control = await page.waitForFunction(
    (css, name) => [...document.querySelectorAll(`${css} input`)].find((element) => (element as HTMLInputElement).labels?.[0]?.textContent?.trim().startsWith(name)) ?? false,
    {},
    DIALOG,
    label,
  );
  const input = control.asElement() as ElementHandle<HTMLInputElement>;
  await input.click({ count: 3 });
  await input.type(text);
}

const textOf = (page: Page, selector: string) => page.$eval(selector, (element) => element.textContent ?? "");

test("a person sets an alert in two stages, sees it listed with its next check, pauses and edits it, and finds it under My alerts", async () => {
  const { context, page } = await signedInPage(e2e.browser, e2e.server.url, "admin@demo.example", { viewport: { width: 1440, height: 1000 } });
  await clickMenu(page, "Reporting", "Operational dashboard");
  await waitForScreen(page, "Operational dashboard");
  await clickLink(page, KPI, { within: "article[data-kpi-id]" });
  await waitForScreen(page, KPI);

  // The bell in the header opens the dialog on the Alerts tab.
  await clickButton(page, `Set alert on ${KPI}`);
  await page.waitForSelector(DIALOG);
  assert.match(await textOf(page, DIALOG), /Step 1 of 2: Condition/);
  await shoot(page, "dialog-condition-empty");

  // Nothing typed: the dialog says what is missing and stays on the condition.
  await clickButton(page, "Next", { within: DIALOG });
  await waitForByName(page, `${DIALOG} [id]`, /Enter a lower boundary, an upper boundary or both\./);
  assert.match(await textOf(page, DIALOG), /Step 1 of 2/);

  await typeLabelled(page, "Lower boundary", "1,000");
  await typeLabelled(page, "Upper boundary", "5000");
  await clickButton(page, "Next", { within: DIALOG });
  await page.waitForFunction((css) => /Step 2 of 2: Delivery/.test(document.querySelector(css)?.textContent ?? ""), {}, DIALOG);
  const delivery = await textOf(page, DIALOG);
  assert.match(delivery, /Next check: \w{3}, \d{1,2} \w{3} \d{4}, 18:30 \(Europe\/Berlin\)/, delivery);
  // Weekly: a Friday.
  await page.click(`${DIALOG} input[name=alert-frequency]:nth-of-type(1)`);
  const weekly = (await page.$$(`${DIALOG} input[name=alert-frequency]`))[1]!;
  await weekly.click();
  await page.waitForFunction((css) => /Next check: Fri, /.test(document.querySelector(css)?.textContent ?? ""), {}, DIALOG);
  await shoot(page, "dialog-delivery");
  // Back keeps what was typed.
  await clickButton(page, "Back", { within: DIALOG });
  assert.is(await page.$eval(`${DIALOG} input[type=text]`, (input) => (input as HTMLInputElement).value), "1,000");
  await clickButton(page, "Next", { within: DIALOG });
  await clickButton(page, "Set alert", { within: DIALOG });
  await page.waitForFunction((css) => !document.querySelector(css), {}, DIALOG);

  // Listed on the tab with its next check in the company's time zone.
  const row = await waitForByName(page, "table[aria-label=Alerts] tbody tr", /Below 1,000 or above 5,000/);
  const rowText = await row.evaluate((element) => element.textContent ?? "");
  assert.match(rowText, /Current month/);
  assert.match(rowText, /Weekly/);
  assert.match(rowText, /Never/);
  assert.match(rowText, /Fri, \d{1,2} \w{3} \d{4}, 18:30/);
  assert.match(await page.evaluate(() => location.pathname), /\/reporting\/kpi-detail\/\d+\/alerts$/);
  await expectAccessible(page, "the KPI's Alerts tab");
  await shoot(page, "kpi-alerts-tab");

  // Pause: the next check gives way to "Paused"; resume brings it back.
  await clickButton(page, /^Pause the alert on/);
  await waitForByName(page, "table[aria-label=Alerts] tbody tr", /Paused/);
  await clickButton(page, /^Resume the alert on/);
  await waitForByName(page, "table[aria-label=Alerts] tbody tr", /Fri, \d{1,2} \w{3} \d{4}, 18:30/);

  // Edit: a percentage change against plan, monthly.
  await clickButton(page, /^Edit the alert on/);
  await page.waitForSelector(DIALOG);
  const kinds = await page.$$(`${DIALOG} input[name=alert-kind]`);
  await kinds[1]!.click();
  await typeLabelled(page, "By at least", "15");
  await typeLabelled(page, "Minimum baseline", "10k");
  await clickButton(page, "Next", { within: DIALOG });
  await (await page.$$(`${DIALOG} input[name=alert-frequency]`))[2]!.click();
  await clickButton(page, "Save alert", { within: DIALOG });
  await page.waitForFunction((css) => !document.querySelector(css), {}, DIALOG);
  const changed = await waitForByName(page, "table[aria-label=Alerts] tbody tr", /Moves by 15 % or more against the month before, baseline at least 10,000/);
  assert.match(await changed.evaluate((element) => element.textContent ?? ""), /Monthly/);

  // My alerts, from the menu: the alert with its KPI, linking back to the KPI's tab.
  await clickMenu(page, "Reporting", "My alerts");
  await waitForScreen(page, "My alerts");
  const listed = await waitForByName(page, "table[aria-label=Alerts] tbody tr", new RegExp(KPI));
  assert.match(await listed.evaluate((element) => element.textContent ?? ""), /Moves by 15 %/);
  await expectAccessible(page, "My alerts");
  await shoot(page, "my-alerts");
  await clickLink(page, KPI, { within: "table[aria-label=Alerts]" });
  await waitForScreen(page, KPI);
  await waitForByName(page, "table[aria-label=Alerts] tbody tr", /Moves by 15 %/);
  await context.close();
});

test.run();
