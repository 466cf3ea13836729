import ExcelJS from "exceljs";
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ElementHandle, Page } from "puppeteer";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { INVALID_NUMBER } from "../../src/domain/kpi/number-input";
import { monthIndexAt, monthLabel } from "../../src/domain/months";
import { dottedDateOf } from "../../src/domain/uploads/upload-dates";
import { NOT_A_KPI_ID } from "../../src/domain/uploads/upload-texts";
import { expectAccessible } from "../support/axe";
import { useServerAndBrowser } from "../support/e2e";
import { clickButton, clickLink, clickMenu, signedInPage, switchTheme, waitForByName, waitForScreen } from "../support/person";

const e2e = useServerAndBrowser(test);

const KPI = "New bookings";
const textOf = (page: Page, selector: string) => page.$eval(selector, (element) => element.textContent ?? "");

test("an administrator downloads the template, uploads a year of actuals with one bad row, imports the valid rows, sees them on the KPI detail, and enters a value in the data input grid", async () => {
  const { context, page } = await signedInPage(e2e.browser, e2e.server.url, "admin@demo.example", { viewport: { width: 1440, height: 1000 } });
  const downloads = mkdtempSync(join(tmpdir(), "meridian-uploads-"));
  const cdp = await page.createCDPSession();
  await cdp.send("Browser.setDownloadBehavior", { behavior: "allow", downloadPath: downloads, browserContextId: (context as unknown as { id: string }).id });

  // The menu's Data management section leads to the uploads.
  await clickMenu(page, "Data management", "Uploads");
  await waitForScreen(page, "Uploads");

  // The template is a workbook: the KPIs by ID and name, a dated column per month.
  await clickButton(page, "Download template (Excel)");
  const template = new ExcelJS.Workbook();
  await template.xlsx.load(readFileSync(await downloaded(downloads, ".xlsx")) as unknown as ArrayBuffer);
  const sheet = template.worksheets[0]!;
  const header = (sheet.getRow(1).values as unknown[]).slice(1);
  assert.equal(header.slice(0, 2), ["ID", "KPI"]);
  assert.is(header.length, 14, "twelve months of the fiscal year");
  assert.match(String(header[2]), /^01\.\d{2}\.\d{4}$/, "dated dd.mm.yyyy");
  const idOf = (name: string) => {
    let id: number | null = null;
    sheet.eachRow((row) => {
      if (row.getCell(2).value === name) id = Number(row.getCell(1).value);
    });
    assert.ok(id, `${name} is in the template`);
    return id!;
  };
  const bookings = idOf(KPI);
  const dealsWon = idOf("Deals won");

  // A year of actuals built here: the twelve months up to last month, two KPIs and one bad row.
  const lastMonth = monthIndexAt(new Date()) - 1;
  const months = Array.from({ length: 12 }, (_, index) => lastMonth - 11 + index);
  const file = new ExcelJS.Workbook();
  const values = file.addWorksheet("Actuals");
  values.addRow(["ID", "KPI", ...months.map(dottedDateOf)]);
  values.addRow([bookings, KPI, ...months.map((_, index) => 200_000 + index * 1_000)]);
  values.addRow([dealsWon, "Deals won", ...months.map((_, index) => 20 + index)]);
  values.addRow(["abc", "A mistyped row", ...months.map(() => 1)]);
  const path = join(downloads, "actuals.xlsx");
  writeFileSync(path, Buffer.from(await file.xlsx.writeBuffer()));

  const input = await page.waitForSelector("input[type=file][aria-label='Upload and check a file']");
  await (input as unknown as { uploadFile(path: string): Promise<void> }).uploadFile(path);

  // The check: the state in the spec's words, the problem by row and column, nothing written yet.
  const result = "[data-testid=upload-result]";
  await waitForByName(page, `${result} [role=status] *`, "Partially successful with errors");
  const problems = await textOf(page, `${result} table[aria-label='Problems by row and column']`);
  assert.match(problems, new RegExp(`Row 4, column AError ${escape(NOT_A_KPI_ID("abc"))}`), problems);
  const preview = await textOf(page, `${result} table[aria-label='What the rows write']`);
  assert.match(preview, /New bookings/);
  assert.match(preview, /Not imported/, "the bad row is marked");
  const importAll = await waitForByName(page, `${result} button`, "Import all rows");
  assert.ok(await importAll.evaluate((button) => (button as HTMLButtonElement).disabled), "all or nothing: a file with an error is not imported whole");
  for (const theme of ["dark", "light"] as const) {
    await switchTheme(page, theme);
    await expectAccessible(page, `Uploads with a check result (${theme})`);
  }

  // Import the valid rows.
  await clickButton(page, "Import 2 valid rows", { within: result });
  await waitForByName(page, `${result} [role=status] *`, /^Imported$/);
  await waitForByName(page, "[data-toast-region] [role=status] *", /Imported actuals\.xlsx: 24 values written/);
  await waitForByName(page, "table[aria-label='Your uploads'] td", /Imported: 24 values, valid rows/);

  // The KPI detail shows the uploaded values.
  await clickMenu(page, "Reporting", "Operational dashboard");
  await waitForScreen(page, "Operational dashboard");
  await clickLink(page, KPI, { within: "article[data-kpi-id]" });
  await waitForScreen(page, KPI);
  const cell = (month: number) => `input[aria-label='${KPI} actual ${monthLabel(month)}']`;
  await page.waitForSelector(cell(lastMonth));
  assert.is(await page.$eval(cell(lastMonth), (element) => (element as HTMLInputElement).value), "211000");
  assert.is(await page.$eval(cell(lastMonth - 11), (element) => (element as HTMLInputElement).value), "200000");

  // Manual data input: a month's actuals across KPIs, with the grid's rules and one save.
  await clickMenu(page, "Data management", "Data input");
  await waitForScreen(page, "Data input");
  const dealsCell = `input[aria-label='Deals won actual ${monthLabel(lastMonth)}']`;
  await page.waitForSelector(dealsCell);
  assert.is(await page.$eval(dealsCell, (element) => (element as HTMLInputElement).value), "31", "the uploaded value");
  await typeInto(page, dealsCell, "3,3");
  await waitForByName(page, "td .cell-error *", INVALID_NUMBER);
  await typeInto(page, dealsCell, "33");
  await clickButton(page, "Save 1 change");
  await waitForByName(page, "[data-toast-region] [role=status] *", /Saved Deals won for/);
  await page.waitForFunction((selector) => (document.querySelector(selector) as HTMLInputElement | null)?.value === "33", {}, dealsCell);
  await waitForByName(page, "button", "Save 0 changes");
  await expectAccessible(page, "Data input (light, 1440 px)");
  await page.setViewport({ width: 390, height: 844 });
  await page.waitForFunction(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
  await expectAccessible(page, "Data input (light, 390 px)");
  await context.close();
});

test("an FX upload with a rate the company does not have yet says so at the check and creates it on import", async () => {
  const { context, page } = await signedInPage(e2e.browser, e2e.server.url, "admin@demo.example", { viewport: { width: 1440, height: 1000 } });
  await clickMenu(page, "Data management", "Uploads");
  await waitForScreen(page, "Uploads");
  // The type of file, chosen in its field as a person does.
  const typeSelect = await page.evaluate(() => {
    const label = [...document.querySelectorAll("label")].find((element) => element.textContent?.startsWith("What the file holds"));
    return label?.htmlFor ? `#${CSS.escape(label.htmlFor)}` : null;
  });
  assert.ok(typeSelect, "the type field is labelled");
  await page.select(typeSelect!, "fx");
  const dir = mkdtempSync(join(tmpdir(), "meridian-fx-"));
  const path = join(dir, "fx-rates.csv");
  writeFileSync(path, "FX rate;Currency;01.01.2026;01.04.2026\nYen e2e;JPY;160.5;158.25\n");
  const input = await page.waitForSelector("input[type=file][aria-label='Upload and check a file']");
  await (input as unknown as { uploadFile(path: string): Promise<void> }).uploadFile(path);
  const result = "[data-testid=upload-result]";
  await waitForByName(page, `${result} [role=status] *`, "Successful");
  const created = await textOf(page, "[data-testid=new-fx-rates]");
  assert.match(created, /Importing creates 1 FX rate/);
  assert.match(created, /Yen e2e \(JPY, row 2\)/);
  assert.match(await textOf(page, `${result} table[aria-label='What the rows write']`), /New rate/);
  await expectAccessible(page, "Uploads with an FX rate to create (dark)");
  await clickButton(page, "Import all rows", { within: result });
  await waitForByName(page, `${result} [role=status] *`, /^Imported$/);
  await waitForByName(page, "[data-toast-region] [role=status] *", /Imported fx-rates\.csv: 2 values written/);
  // The company is multi-currency now: after a reload the FX rate selector offers the new rate.
  await page.reload();
  await waitForScreen(page, "Uploads");
  await page.waitForFunction(() => [...document.querySelectorAll("select option")].some((option) => option.textContent?.includes("Yen e2e")), { timeout: 10_000 });
  await context.close();
});

/** Selects the cell's text and types over it, then Enter, as a person does. */
async function typeInto(page: Page, selector: string, text: string) {
  const element = (await page.waitForSelector(selector)) as ElementHandle<HTMLInputElement>;
  await element.click();
  await page.keyboard.down("Control");
  await page.keyboard.press("a");
  await page.keyboard.up("Control");
  await page.keyboard.type(text);
  await page.keyboard.press("Enter");
}

/** The downloaded file ending in `suffix`, once the browser finished writing it. */
async function downloaded(dir: string, suffix: string): Promise<string> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const name = readdirSync(dir).find((entry) => entry.endsWith(suffix));
    if (name) return join(dir, name);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no ${suffix} was downloaded`);
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

test.run();
