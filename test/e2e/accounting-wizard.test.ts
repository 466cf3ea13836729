import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ElementHandle, Page } from "puppeteer";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { monthlyActuals } from "../../src/domain/accounting/profit-and-loss";
import { MISSING_FILES_TEXT, SELECT_CATEGORY_TEXT } from "../../src/domain/integrations/accounting";
import { formatInColumn, type ColumnScale } from "../../src/domain/kpi/column-scale";
import { fiscalYearStart } from "../../src/domain/fiscal-calendar";
import { monthDateOf, monthIndexAt, monthRange } from "../../src/domain/months";
import { DEMO_KPIS } from "../../src/server/db/seed/demo-catalog";
import { DEMO_GMBH_ID } from "../../src/server/db/seed/demo-companies";
import { readArchive } from "../../src/server/features/accounting/accounting-archive";
import { SAMPLE_ACCOUNTS, sampleArchiveFor } from "../../src/server/features/accounting/accounting-sample";
import { writeZip } from "../../src/server/platform/files/zip-writer";
import { expectAccessible } from "../support/axe";
import { useServerAndBrowser } from "../support/e2e";
import { clickButton, clickLink, clickMenu, signedInPage, waitForByName, waitForScreen } from "../support/person";

const e2e = useServerAndBrowser(test);
const FISCAL_YEAR_OFFSET = 3; // Demo GmbH's year starts in April

/** Opens a step of the wizard by its button in the steps list. */
const openStep = (page: Page, label: string) => clickButton(page, new RegExp(label), { within: "nav[aria-label='Setup steps']" });

/** Waits until `text` is somewhere on the page. */
const waitForText = (page: Page, text: string, timeout = 30_000) => page.waitForFunction((wanted) => document.body.innerText.includes(wanted), { timeout }, text);

/** Chooses an option of the select labelled `label`, as a person picks it. */
async function choose(page: Page, label: string, option: string) {
  const id = await page.waitForFunction((text) => [...document.querySelectorAll("label")].find((element) => element.textContent?.trim() === text)?.getAttribute("for") ?? false, {}, label);
  const selector = `select[id="${String(await id.jsonValue())}"]`;
  const value = await page.$eval(selector, (select, text) => [...(select as HTMLSelectElement).options].find((candidate) => candidate.textContent === text)?.value ?? "", option);
  assert.ok(value !== "", `${label} offers ${option}`);
  await page.select(selector, value);
}

/** Records, from now on, whether `text` ever shows on the page (a state that lasts as long as a request). */
const watchFor = (page: Page, text: string) =>
  page.evaluate((wanted) => {
    const seen = ((window as unknown as { __seen: Record<string, boolean> }).__seen ??= {});
    seen[wanted] = false;
    new MutationObserver((_changes, observer) => {
      if (document.body.innerText.includes(wanted)) {
        seen[wanted] = true;
        observer.disconnect();
      }
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  }, text);
const wasSeen = (page: Page, text: string) => page.evaluate((wanted) => (window as unknown as { __seen: Record<string, boolean> }).__seen[wanted], text);

/** The Actual YTD figure of Revenue on the financial dashboard, with its column's scale. */
async function revenueActualYtd(page: Page): Promise<{ text: string; scale: ColumnScale }> {
  await page.waitForSelector("table tbody tr");
  return page.$$eval("table", (tables) => {
    const table = tables.find((candidate) => [...candidate.querySelectorAll("thead th")].some((header) => header.textContent?.includes("Actual YTD")))!;
    const headers = [...table.querySelectorAll("thead th")];
    const index = headers.findIndex((header) => header.textContent?.includes("Actual YTD"));
    const caption = headers[index]!.querySelector(".scale [aria-hidden]")?.textContent ?? "€";
    const row = [...table.querySelectorAll("tbody tr")].find((candidate) => candidate.querySelector("a")?.textContent?.trim() === "Revenue")!;
    const text = row.children[index]!.querySelector(".value")?.textContent ?? row.children[index]!.textContent ?? "";
    return { text: text.trim(), scale: (caption.endsWith("M") ? "millions" : caption.endsWith("k") ? "thousands" : "none") as "millions" | "thousands" | "none" };
  });
}

test("the demo administrator imports the sample archive through the wizard, maps the accounts, completes the setup and sees the P&L fill", async () => {
  const folder = mkdtempSync(join(tmpdir(), "meridian-accounting-"));
  const now = new Date();
  const sample = join(folder, "accounting-sample.zip");
  writeFileSync(sample, sampleArchiveFor(DEMO_GMBH_ID, now)!);
  const incomplete = join(folder, "accounts-only.zip");
  writeFileSync(incomplete, writeZip([{ name: "accounts.csv", content: Buffer.from("account_number,name,type\n4000,Revenue,revenue\n") }]));

  // What the archive says Revenue is this fiscal year to date, mapped as the sample means it.
  const archive = await readArchive(sampleArchiveFor(DEMO_GMBH_ID, now)!);
  const mapping = new Map(SAMPLE_ACCOUNTS.filter((account) => account.kpi !== undefined).map((account) => [account.number, account.kpi === "revenue" ? 1 : null] as const));
  const revenueByMonth = new Map(monthlyActuals(archive.bookings, mapping, [{ kpi: 1, side: "income" }]).map((actual) => [actual.month, actual.value] as const));
  const reportingMonth = monthIndexAt(now) - 1;
  const ytd = monthRange(fiscalYearStart(reportingMonth, FISCAL_YEAR_OFFSET), reportingMonth).reduce((sum, month) => sum + revenueByMonth.get(monthDateOf(month))!, 0);

  const { context, page } = await signedInPage(e2e.browser, e2e.server.url, "admin@demo.example", { viewport: { width: 1440, height: 1000 } });
  try {
    // The seeded P&L before the import.
    await clickMenu(page, "Reporting", "Financial dashboard");
    await waitForScreen(page, "Financial dashboard");
    await clickLink(page, "P&L", { within: "nav[aria-label='Financial categories']" });
    const before = await revenueActualYtd(page);

    // The wizard from the integrations screen, as the spec reaches it; a fresh setup starts at the financial statement.
    await openWizardFromIntegrations(page);
    await waitForText(page, "Setup not started");
    await expectAccessible(page, "the wizard's financial statement");
    await clickButton(page, "Save statement");
    await waitForText(page, "Financial statement saved");

    // An archive without the required files: the spec's text and what is missing.
    await openStep(page, "Raw data upload");
    const input = (await page.waitForSelector("input[type=file][aria-label='Upload ZIP archive']")) as ElementHandle<HTMLInputElement>;
    await input.uploadFile(incomplete);
    await waitForText(page, MISSING_FILES_TEXT);
    await waitForText(page, "Missing: bookings.csv, debtors.csv, creditors.csv.");

    // The sample archive: being checked, then the current import.
    await watchFor(page, "is being checked");
    await input.uploadFile(sample);
    await page.waitForFunction(() => [...document.querySelectorAll("h2")].some((heading) => heading.textContent === "Current import"), { timeout: 60_000 });
    assert.ok(await wasSeen(page, "is being checked"), "the upload said it was being checked");
    await waitForText(page, `${archive.bookings.length.toLocaleString("en")} bookings`);
    assert.not.ok(await page.evaluate((text) => document.body.innerText.includes(text), MISSING_FILES_TEXT), "the earlier refusal is gone");
    await expectAccessible(page, "the wizard's raw data upload");

    // The bookings, a page at a time.
    await openStep(page, "Bookings");
    await waitForText(page, `Bookings 1–50 of ${archive.bookings.length.toLocaleString("en")}`);
    await clickButton(page, "Next");
    await waitForText(page, `Bookings 51–100 of ${archive.bookings.length.toLocaleString("en")}`);

    // Open positions of debtors, then creditors.
    await openStep(page, "Open positions");
    await waitForText(page, `${archive.debtors.length} open positions of debtors`);
    await (await waitForByName(page, "label", "Creditors")).click();
    await waitForText(page, `${archive.creditors.length} open positions of creditors`);
    await expectAccessible(page, "the wizard's open positions");

    // The mapping: nothing chosen is refused with the spec's text; then every account gets its category.
    await openStep(page, "Category mapping");
    await page.waitForSelector("select");
    await clickButton(page, "Complete setup");
    await waitForText(page, `4000 Licence revenue: ${SELECT_CATEGORY_TEXT}`);
    const kpiName = (key: string) => DEMO_KPIS.find((kpi) => kpi.key === key)!.name;
    for (const account of SAMPLE_ACCOUNTS.filter((candidate) => candidate.kpi !== undefined)) {
      await choose(page, `${account.number} ${account.name}`, account.kpi ? kpiName(account.kpi) : "Not part of the statement");
    }
    assert.not.ok(await page.evaluate((text) => document.body.innerText.includes(text), SELECT_CATEGORY_TEXT), "no account is left without a category");
    await expectAccessible(page, "the wizard's category mapping");
    await clickButton(page, "Complete setup");
    await waitForText(page, "Setup completed on");
    await waitForText(page, "84 monthly values written");

    // The financial dashboard shows the imported figures.
    await clickLink(page, "Open the financial dashboard");
    await waitForScreen(page, "Financial dashboard");
    await page.waitForFunction(() => !document.querySelector("[aria-busy=true]"));
    const after = await revenueActualYtd(page);
    assert.is(after.text, formatInColumn(ytd, "currency", after.scale), `Revenue's actual year to date is the archive's (${ytd})`);
    assert.is.not(after.text, before.text, "the import changed the P&L");

    // Deleting the import removes its values again.
    await openWizardFromIntegrations(page);
    await openStep(page, "Raw data upload");
    await watchFor(page, "is being deleted");
    await clickButton(page, "Delete import");
    await clickButton(page, "Delete", { within: "[role=alertdialog]" });
    await waitForText(page, "The import and its data were deleted");
    assert.ok(await wasSeen(page, "is being deleted"), "the delete said it was being deleted");
    assert.not.ok(await page.evaluate(() => [...document.querySelectorAll("h2")].some((heading) => heading.textContent === "Current import")), "no current import");
  } finally {
    await context.close();
    rmSync(folder, { recursive: true, force: true });
  }
});

/** Data management → Integrations → the accounting import's "Open the wizard" (the menu has no entry of its own). */
async function openWizardFromIntegrations(page: Page) {
  await clickMenu(page, "Data management", "Integrations");
  await waitForScreen(page, "Integrations");
  await clickLink(page, "Open the wizard");
  await waitForScreen(page, "Accounting import");
}

test.run();
