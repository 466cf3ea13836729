import { mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ElementHandle, Page } from "puppeteer";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { FX_RATE_NAME_TAKEN } from "../../src/contracts/kpis";
import { expectAccessible } from "../support/axe";
import { useServerAndBrowser } from "../support/e2e";
import { clickButton, clickMenu, fill, signedInPage, switchTheme, waitForByName, waitForScreen } from "../support/person";
import { solidPng } from "../support/png";

const e2e = useServerAndBrowser(test);
const DIALOG = "[role=alertdialog]";
const SHOTS = process.env.SCREENSHOT_DIR ?? "/tmp/company-settings-shots";

async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  for (const theme of ["dark", "light"] as const) {
    await switchTheme(page, theme);
    await page.screenshot({ path: `${SHOTS}/${name}.${theme}.png`, fullPage: true });
  }
}

/** The control labelled `label` (inside `within`), once shown. */
async function labelled(page: Page, label: string, within = "main"): Promise<ElementHandle<HTMLInputElement | HTMLSelectElement>> {
  const handle = await page.waitForFunction(
    (css, name) =>
      [...document.querySelectorAll(`${css} input, ${css} select`)].find(
        (element) => (element as HTMLInputElement).labels?.[0]?.textContent?.replace(" (required)", "").trim() === name || element.getAttribute("aria-label") === name,
      ) ?? false,
    { timeout: 10_000 },
    within,
    label,
  );
  return handle.asElement() as ElementHandle<HTMLInputElement | HTMLSelectElement>;
}

async function retype(page: Page, label: string, text: string, within = "main") {
  const input = await labelled(page, label, within);
  await input.click({ count: 3 });
  await page.keyboard.press("Backspace");
  await input.type(text);
}

async function selectOption(page: Page, label: string, text: string, within = DIALOG) {
  const select = (await labelled(page, label, within)) as ElementHandle<HTMLSelectElement>;
  const value = await select.evaluate((element, wanted) => [...element.options].find((option) => option.text === wanted)?.value ?? null, text);
  if (value === null) throw new Error(`no option ${text} in ${label}`);
  await select.select(value);
}

/** The image at the top of the menu: its theme and address, or null while the product name shows. */
const brand = (page: Page) => page.$eval("nav[aria-label=Main] [data-testid=company-brand]", (element) => {
  const image = element.querySelector("img");
  return image ? { theme: image.getAttribute("data-theme"), src: image.getAttribute("src"), alt: image.getAttribute("alt") } : { text: element.textContent };
});
const waitForBrandImage = (page: Page, theme: "light" | "dark") =>
  page.waitForFunction((wanted) => document.querySelector(`nav[aria-label=Main] [data-testid=company-brand] img[data-theme=${wanted}]`) !== null, { timeout: 15_000 }, theme);
const waitForText = (page: Page, text: string, timeout = 10_000) => page.waitForFunction((wanted) => document.body.innerText.includes(wanted), { timeout }, text);

test("an administrator renames the company and uploads a light and a dark logo; the shell shows the theme's logo, and a colleague's open session follows live", async () => {
  const files = join(tmpdir(), `company-logos-${process.pid}`);
  mkdirSync(files, { recursive: true });
  writeFileSync(join(files, "light.png"), solidPng(240, 60, [20, 60, 160]));
  writeFileSync(join(files, "dark.png"), solidPng(480, 120, [240, 200, 40]));
  writeFileSync(join(files, "logo.svg"), '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');

  const colleague = await signedInPage(e2e.browser, e2e.server.url, "employee@demo.example");
  assert.equal(await brand(colleague.page), { text: "Meridian" }, "the product name before any logo");

  const { page } = await signedInPage(e2e.browser, e2e.server.url, "admin@demo.example");
  await clickMenu(page, "Settings", "Company settings");
  await waitForScreen(page, "Company settings");
  await retype(page, "Company name", "Demo Holding GmbH");
  await selectOption(page, "Time zone", "Europe/Zurich (UTC+01:00)", "main").catch(async () => selectOption(page, "Time zone", "Europe/Zurich (UTC+02:00)", "main"));
  await clickButton(page, "Save changes");
  await waitForText(page, "Company settings saved.");
  await page.waitForFunction(() => document.querySelector("header .company")?.textContent === "Demo Holding GmbH");
  await colleague.page.waitForFunction(() => document.querySelector("header .company")?.textContent === "Demo Holding GmbH", { timeout: 15_000 });

  // A file that is not a PNG or JPEG is refused with the spec's words, whatever it is called.
  const lightInput = (await page.waitForSelector("input[type=file][data-kind=logo-light]")) as ElementHandle<HTMLInputElement>;
  await lightInput.uploadFile(join(files, "logo.svg"));
  await waitForText(page, "File type not allowed");

  await lightInput.uploadFile(join(files, "light.png"));
  await waitForText(page, "The light logo is in place.");
  const darkInput = (await page.waitForSelector("input[type=file][data-kind=logo-dark]")) as ElementHandle<HTMLInputElement>;
  await darkInput.uploadFile(join(files, "dark.png"));
  await waitForText(page, "480 × 120 px");
  await waitForText(page, "shown 240 × 60 px");
  await page.waitForSelector("[data-testid=logo-dark] img");
  await expectAccessible(page, "the company settings");
  await shoot(page, "company-settings");

  // The shell shows the logo of the theme on screen, scaled to at most 60 px high.
  await switchTheme(page, "light");
  await waitForBrandImage(page, "light");
  const light = await brand(page);
  await switchTheme(page, "dark");
  await waitForBrandImage(page, "dark");
  const dark = await brand(page);
  assert.ok(light.src && dark.src && light.src !== dark.src, "two different images");
  assert.is(dark.alt, "Demo Holding GmbH logo");
  assert.ok((await page.$eval("nav[aria-label=Main] [data-testid=company-brand] img", (image) => image.getBoundingClientRect().height)) <= 60);

  // The colleague's open session shows the logos without a reload.
  await switchTheme(colleague.page, "light");
  await waitForBrandImage(colleague.page, "light");
  await switchTheme(colleague.page, "dark");
  await waitForBrandImage(colleague.page, "dark");

  // Removing the dark logo brings the product name back there.
  await clickButton(page, "Remove", { within: "[data-testid=logo-dark]" });
  await clickButton(page, "Remove logo", { within: DIALOG });
  await page.waitForFunction(() => document.querySelector("nav[aria-label=Main] [data-testid=company-brand]")?.textContent === "Meridian", { timeout: 10_000 });
  await colleague.page.waitForFunction(() => document.querySelector("nav[aria-label=Main] [data-testid=company-brand]")?.textContent === "Meridian", { timeout: 15_000 });
  await colleague.context.close();
  await page.browserContext().close();
});

test("an administrator creates a department with a team, and cannot delete the department while the team exists", async () => {
  const { page, context } = await signedInPage(e2e.browser, e2e.server.url, "admin@demo.example");
  await clickMenu(page, "Settings", "Organizational structure");
  await waitForScreen(page, "Organizational structure");
  await clickButton(page, "New department");
  await (await labelled(page, "Name", DIALOG)).type("Finance");
  await selectOption(page, "Lead", "Ada Administrator");
  await clickButton(page, "Create department", { within: DIALOG });
  await page.waitForSelector("[data-testid='department-Finance']");
  // The same name again is refused next to the field.
  await clickButton(page, "New department");
  await (await labelled(page, "Name", DIALOG)).type("finance");
  await clickButton(page, "Create department", { within: DIALOG });
  await waitForText(page, "A department with this name already exists.");
  await clickButton(page, "Cancel", { within: DIALOG });

  await clickButton(page, "Add team", { within: "[data-testid='department-Finance']" });
  await (await labelled(page, "Name", DIALOG)).type("Controlling");
  await selectOption(page, "Lead", "Carl CLevel");
  await (await waitForByName(page, `${DIALOG} label`, "Emil Employee")).click();
  await clickButton(page, "Create team", { within: DIALOG });
  await waitForByName(page, "[data-testid='department-Finance'] tbody th", "Controlling");
  await waitForByName(page, "[data-testid='department-Finance'] tbody td", "Emil Employee");

  await clickButton(page, "Delete department Finance");
  await clickButton(page, "Delete department", { within: DIALOG });
  await waitForText(page, 'The department "Finance" cannot be deleted while 1 team refers to it.');
  await expectAccessible(page, "the organizational structure");
  await shoot(page, "organizational-structure");
  await context.close();
});

test("an administrator edits an FX rate in the grid and keeps names unique; a reader of reporting views the table without editing", async () => {
  const { page, context } = await signedInPage(e2e.browser, e2e.server.url, "admin@demo.example");
  await clickMenu(page, "Settings", "Currency settings");
  await waitForScreen(page, "Currency settings");
  const year = new Date().getFullYear();
  const cell = `USD (monthly average) rate from 01.01.${year}`;
  await retype(page, cell, "1.2345");
  await clickButton(page, "Save USD (monthly average) rates");
  await page.waitForFunction(() => !document.querySelector("button[aria-label='Discard USD (monthly average) edits']"), { timeout: 10_000 });
  // Another page load reads it back from the server.
  await page.reload();
  await waitForScreen(page, "Currency settings");
  assert.is(await (await labelled(page, cell)).evaluate((input) => (input as HTMLInputElement).value), "1.2345");

  // A wrong number is named in the row and cannot be saved.
  await retype(page, cell, "1,2");
  await waitForText(page, "Enter a number in English format");
  assert.ok(await page.$eval("button[aria-label='Save USD (monthly average) rates']", (button) => (button as HTMLButtonElement).disabled));
  await clickButton(page, "Discard USD (monthly average) edits");

  await clickButton(page, "New FX rate");
  await (await labelled(page, "Name", DIALOG)).type("usd (monthly average)");
  await (await labelled(page, "Currency code", DIALOG)).type("usd");
  await (await labelled(page, "Rate", DIALOG)).type("1.1");
  await clickButton(page, "Create FX rate", { within: DIALOG });
  await waitForText(page, FX_RATE_NAME_TAKEN);
  await retype(page, "Name", "GBP budget", DIALOG);
  await retype(page, "Currency code", "GBP", DIALOG);
  await clickButton(page, "Create FX rate", { within: DIALOG });
  await page.waitForSelector("[data-testid='fx-row-GBP budget']");
  await expectAccessible(page, "the FX table");
  await shoot(page, "currency-settings");
  await context.close();

  const reader = await signedInPage(e2e.browser, e2e.server.url, "employee@demo.example");
  await clickMenu(reader.page, "Settings", "Currency settings");
  await waitForScreen(reader.page, "Currency settings");
  await reader.page.waitForSelector("[data-testid='fx-row-GBP budget']");
  assert.is(await reader.page.$$eval("main table input", (inputs) => inputs.length), 0, "no editable cells");
  assert.is(await reader.page.$("main button[aria-label^='Save']"), null);
  await reader.context.close();
});

test.run();
