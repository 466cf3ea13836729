import type { Page } from "puppeteer";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { expectAccessible } from "../support/axe";
import { useServerAndBrowser } from "../support/e2e";
import { clickButton, clickLink, clickMenu, signedInPage, switchTheme, waitForByName, waitForScreen } from "../support/person";

const e2e = useServerAndBrowser(test);
const NAME = "Team outlook";

/** The KPI detail's forecast figures (LTM and full year), as the person reads them. */
const forecastFigures = (page: Page) => page.$$eval("[data-window] [data-figure=forecast] dd", (cells) => cells.map((cell) => cell.textContent ?? "").join(" | "));

test("a demo administrator creates a forecast with the wizard, activates it, switches to another, and an open KPI detail follows", async () => {
  const a = await signedInPage(e2e.browser, e2e.server.url, "admin@demo.example", { viewport: { width: 1440, height: 1000 } });
  const page = a.page;

  // Forecasting opens on the first category, the P&L, with its active system forecast.
  await clickMenu(page, "Forecasting");
  await waitForScreen(page, "Forecasting: P&L");
  await waitForByName(page, "main table tr", /System forecast\s*Active/);

  // The wizard: name, source and method; timeframes; review; create.
  await clickButton(page, "New forecast");
  await waitForByName(page, "main h2", /step 1 of 3/);
  await clickButton(page, /^Next$/);
  await waitForByName(page, "main [role=alert], main *", /Name: This field may not be blank\./);
  await page.type("input[name=name]", NAME);
  await clickButton(page, /^Next$/);
  await waitForByName(page, "main h2", /step 2 of 3, Timeframes/);
  await waitForByName(page, "main *", /Every KPI of P&L has enough data for these timeframes\./);
  await clickButton(page, /^Next$/);
  await waitForByName(page, "main h2", /step 3 of 3, Review/);
  await waitForByName(page, "main dd", NAME);
  await clickButton(page, "Create forecast");
  await waitForByName(page, "main h2", `${NAME} was created`, 30_000);

  // Its page: the grid of KPIs × months; activating it is a switch that names both.
  await clickLink(page, `Open ${NAME}`);
  await waitForScreen(page, NAME);
  // Adjusting a value: typed with the KPI detail's rules (1.5m is 1,500,000), saved with Save.
  const cell = "main table input[aria-label^='Revenue forecast']";
  await page.waitForSelector(cell);
  await page.click(cell, { clickCount: 3 });
  await page.keyboard.type("1.5m");
  await page.keyboard.press("Enter");
  await clickButton(page, "Save 1 change");
  await waitForByName(page, "main [role=status]", "Saved 1 value of Team outlook.", 30_000);
  await page.waitForFunction((css) => (document.querySelector(css) as HTMLInputElement | null)?.value === "1500000", {}, cell);
  assert.ok(await page.$eval("main table tr[data-kpi] input[type=checkbox]", (box) => (box as HTMLInputElement).checked), "an adjusted KPI keeps its values by hand");
  await clickButton(page, "Switch to this forecast");
  await waitForByName(page, "[role=alertdialog]", /changes from System forecast to Team outlook/);
  await clickButton(page, `Switch to ${NAME}`, { within: "[role=alertdialog]" });
  await waitForByName(page, "main [role=status]", `${NAME} is the active forecast now, instead of System forecast.`, 30_000);

  // A second browser, another person, has the revenue's KPI detail open (a person's own changes
  // are folded where they made them; the stream brings other people's).
  const b = await signedInPage(e2e.browser, e2e.server.url, "c-level@demo.example", { viewport: { width: 1440, height: 1000 } });
  await b.page.goto(`${e2e.server.url}/forecasting`);
  await waitForScreen(b.page, "Forecasting: P&L");
  await clickLink(b.page, NAME, { within: "main table" });
  await waitForScreen(b.page, NAME);
  await clickLink(b.page, "Revenue", { within: "main table" });
  await waitForScreen(b.page, "Revenue");
  await b.page.waitForSelector("[data-window] [data-figure=forecast] dd");
  const before = await forecastFigures(b.page);
  assert.ok(/€/.test(before), `the detail shows forecast figures: ${before}`);

  // Switch again, from the overview: the question names the old and the new forecast.
  await clickLink(page, "P&L", { within: "nav[aria-label=Breadcrumb]" });
  await waitForScreen(page, "Forecasting: P&L");
  await waitForByName(page, "main table tr", /Team outlook\s*Active/);
  await clickButton(page, "Switch to Earlier outlook");
  await waitForByName(page, "[role=alertdialog]", /changes from Team outlook to Earlier outlook/);
  await clickButton(page, "Switch to Earlier outlook", { within: "[role=alertdialog]" });
  await waitForByName(page, "main [role=status]", "Earlier outlook is the active forecast now, instead of Team outlook.", 30_000);
  await waitForByName(page, "main table tr", /Earlier outlook\s*Active/);

  // The open KPI detail follows, without a reload.
  await b.page.waitForFunction((previous) => [...document.querySelectorAll("[data-window] [data-figure=forecast] dd")].map((cell) => cell.textContent ?? "").join(" | ") !== previous, { timeout: 30_000 }, before);
  const after = await forecastFigures(b.page);
  assert.not.equal(after, before, "the forecast figures changed");
  await b.context.close();
  await a.context.close();
});

test("the forecasting screens are accessible in both themes", async () => {
  const { context, page } = await signedInPage(e2e.browser, e2e.server.url, "admin@demo.example", { viewport: { width: 1440, height: 1000 } });
  await clickMenu(page, "Forecasting");
  await waitForScreen(page, "Forecasting: P&L");
  await waitForByName(page, "main table a", "Earlier outlook");
  for (const theme of ["dark", "light"] as const) {
    await switchTheme(page, theme);
    await expectAccessible(page, `forecasting overview (${theme})`);
  }
  await clickButton(page, "New forecast");
  await waitForByName(page, "main h2", /step 1 of 3/);
  for (const theme of ["dark", "light"] as const) {
    await switchTheme(page, theme);
    await expectAccessible(page, `forecast wizard (${theme})`);
  }
  await clickButton(page, "Cancel");
  await clickLink(page, "Earlier outlook", { within: "main table" });
  await waitForScreen(page, "Earlier outlook");
  await waitForByName(page, "main table td", /%/);
  for (const theme of ["dark", "light"] as const) {
    await switchTheme(page, theme);
    await expectAccessible(page, `forecast (${theme})`);
  }
  await context.close();
});

test.run();
