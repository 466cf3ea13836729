import { test } from "uvu";
import * as assert from "uvu/assert";
import type { Page } from "puppeteer-core";
import { useServerAndBrowser } from "../support/e2e";
import { clickButton, clickMenu, DESKTOP, signedInPage, waitForScreen } from "../support/person";

const e2e = useServerAndBrowser(test);

/** The column headers of the roll-up table: KPI, the total, then one per company. */
const rollupHeaders = (page: Page) => page.$$eval("main table[data-rollup] thead th", (cells) => cells.map((cell) => cell.textContent?.trim() ?? ""));

test("Meridian Holding sees Demo GmbH rolled up in CHF; Northwind AG's administrator authorizes the holding and Northwind appears at once", async () => {
  const { context: holdingContext, page: holding } = await signedInPage(e2e.browser, e2e.server.url, "admin@holding.example", { viewport: DESKTOP });
  await clickMenu(holding, "Holding", "Holding reporting");
  await waitForScreen(holding, "Holding reporting");
  await holding.waitForSelector("main table[data-rollup] tbody tr[data-kpi='Revenue']", { timeout: 30_000 });
  assert.equal(await rollupHeaders(holding), ["KPI", "Total (CHF)", "Demo GmbH"], "only the authorized subsidiary; Northwind AG has only asked");
  // Demo GmbH reports in EUR: its cell shows the CHF figure and the EUR one beneath.
  const revenue = await holding.$eval("main tr[data-kpi='Revenue'] td[data-company='Demo GmbH']", (cell) => cell.textContent ?? "");
  assert.match(revenue, /^CHF [\d.,]+[kM]?€ [\d.,]+[kM]?$/);
  assert.match(await holding.$eval("main tr[data-kpi='Revenue'] td[data-total]", (cell) => cell.textContent ?? ""), /^CHF [\d.,]+[kM]?$/);
  // The chart draws one stacked bar segment per month for the one company.
  const bars = await holding.$$eval("main figure svg rect[data-series]", (rects) => rects.length);
  assert.ok(bars > 0, "the chart has bars");
  assert.match(await holding.$eval("main", (element) => element.textContent ?? ""), /Not rolled up/);

  // Northwind AG's administrator, in another browser, authorizes the holding's pending request.
  const { context: northwindContext, page: northwind } = await signedInPage(e2e.browser, e2e.server.url, "admin@northwind.example", { viewport: DESKTOP });
  await clickMenu(northwind, "Settings", "Holdings");
  await waitForScreen(northwind, "Holdings");
  await northwind.waitForSelector("main tr[data-holding='Meridian Holding'] [data-state=requested]");
  await clickButton(northwind, "Authorize Meridian Holding");
  await northwind.waitForSelector("main tr[data-holding='Meridian Holding'] [data-state=authorized]");

  // The holding's open screen hears of it and rolls Northwind AG up, without a reload.
  await holding.waitForFunction(() => [...document.querySelectorAll("main table[data-rollup] thead th")].some((cell) => cell.textContent?.trim() === "Northwind AG"), { timeout: 20_000 });
  assert.equal(await rollupHeaders(holding), ["KPI", "Total (CHF)", "Demo GmbH", "Northwind AG"]);
  await holding.waitForSelector("main tr[data-kpi='Revenue'] td[data-company='Northwind AG']");

  // Portfolio management shows both subsidiaries authorized.
  await clickMenu(holding, "Holding", "Portfolio management");
  await waitForScreen(holding, "Portfolio management");
  await holding.waitForSelector("main tr[data-subsidiary='Northwind AG'] [data-state=authorized]");
  await holding.waitForSelector("main tr[data-subsidiary='Demo GmbH'] [data-state=authorized]");

  // The holding sets next month's EUR rates; they are listed at the top.
  await holding.waitForSelector("main form[aria-label='Set a EUR rate']");
  const next = await holding.evaluate(() => {
    const date = new Date();
    return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, "0")}`;
  });
  await holding.$eval("main form[aria-label='Set a EUR rate'] input[type=month]", (input, value) => {
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!;
    setter.call(input, value);
    input.dispatchEvent(new Event("input", { bubbles: true }));
    input.dispatchEvent(new Event("change", { bubbles: true }));
  }, next);
  const [average, monthEnd] = await holding.$$("main form[aria-label='Set a EUR rate'] input[inputmode]");
  await average!.type("0.9312");
  await monthEnd!.type("0.9356");
  await clickButton(holding, "Save rate");
  await holding.waitForSelector(`main tr[data-rate-month='${next}-01']`);
  assert.equal(await holding.$$eval(`main tr[data-rate-month='${next}-01'] td`, (cells) => cells.map((cell) => cell.textContent)), ["0.9312", "0.9356"]);

  // A wrong code is refused with the spec's words, next to the field.
  await holding.type("main form input", "not-a-real-code");
  await clickButton(holding, "Add company");
  await holding.waitForFunction(() => document.querySelector("main form")?.textContent?.includes("There was a problem adding this reporting company"));
  await holdingContext.close();
  await northwindContext.close();
});

test.run();
