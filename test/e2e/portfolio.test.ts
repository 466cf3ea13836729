import { mkdirSync } from "node:fs";
import type { Frame, Page } from "puppeteer";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { screenOf } from "../../src/domain/navigation/screens";
import { expectAccessible } from "../support/axe";
import { useServerAndBrowser } from "../support/e2e";
import { watchPageProblems } from "../support/page-problems";
import { clickButton, clickMenu, signedInPage, switchTheme, waitForByName, waitForScreen } from "../support/person";
import { transitionsEnded } from "../support/transitions";

const e2e = useServerAndBrowser(test);

/** The company frame the switcher shows, once the company is signed in inside it. */
async function shownCompanyFrame(page: Page, company: string): Promise<Frame> {
  const handle = await page.waitForSelector(`iframe.showing[title="${company} in Meridian"]`, { timeout: 20_000 });
  const frame = (await handle!.contentFrame())!;
  await frame.waitForSelector("[data-testid=logout-button]", { timeout: 20_000 });
  await frame.waitForFunction((name) => document.querySelector("header")?.textContent?.includes(name), { timeout: 10_000 }, company);
  return frame;
}

test("Atlas Ventures switches between Demo GmbH and Northwind AG by clicking and by keyboard; each frame stays open and follows the theme", async () => {
  const { context, page } = await signedInPage(e2e.browser, e2e.server.url, "investor@atlas.example");
  const problems = await watchPageProblems(page);
  await clickMenu(page, "Portfolio", "Portfolio companies");
  await waitForScreen(page, "Portfolio companies");

  // The first authorized company opens without a choice; its own data shows inside its frame.
  const demo = await shownCompanyFrame(page, "Demo GmbH");
  assert.match(await demo.$eval("header", (element) => element.textContent ?? ""), /Demo GmbH/);
  assert.not.match(await demo.$eval("header", (element) => element.textContent ?? ""), /Northwind AG|Atlas Ventures/);
  assert.match(await page.$eval("header", (element) => element.textContent ?? ""), /Atlas Ventures/, "the parent stays the investor");
  await demo.evaluate("window.portfolioMarker = 'kept'");

  await clickButton(page, "Northwind AG", { within: "[role=tablist]" });
  const northwind = await shownCompanyFrame(page, "Northwind AG");
  assert.match(await northwind.$eval("header", (element) => element.textContent ?? ""), /Northwind AG/);
  assert.not.match(await northwind.$eval("header", (element) => element.textContent ?? ""), /Demo GmbH/);
  assert.is(await page.$$eval("iframe[title$='in Meridian']", (frames) => frames.length), 2, "Demo GmbH's frame is kept, hidden");

  await clickButton(page, "Demo GmbH", { within: "[role=tablist]" });
  const again = await shownCompanyFrame(page, "Demo GmbH");
  assert.is(await again.evaluate("window.portfolioMarker"), "kept", "switching back shows the same frame, not a new one");
  await expectAccessible(page, "the portfolio switcher");

  // Keyboard: arrows move along the tabs and show the company.
  await page.focus("[role=tab][aria-selected=true]");
  await page.keyboard.press("ArrowRight");
  await shownCompanyFrame(page, "Northwind AG");
  assert.is(await page.evaluate(() => document.activeElement?.textContent), "Northwind AG");
  await page.keyboard.press("Home");
  await shownCompanyFrame(page, "Demo GmbH");

  // The parent's theme reaches the open frames, hidden ones too.
  mkdirSync("screenshots", { recursive: true });
  for (const theme of ["light", "dark"] as const) {
    await switchTheme(page, theme);
    for (const frame of [again, northwind]) await frame.waitForFunction((expected) => document.documentElement.dataset["theme"] === expected, { timeout: 10_000 }, theme);
    await transitionsEnded(page);
    await page.screenshot({ path: `screenshots/portfolio-switcher.${theme}.1440.png` });
  }
  // On a phone the tabs wrap above the frame.
  await page.setViewport({ width: 390, height: 844 });
  await shownCompanyFrame(page, "Demo GmbH");
  await expectAccessible(page, "the portfolio switcher at 390 px");
  for (const theme of ["light", "dark"] as const) {
    await switchTheme(page, theme);
    await transitionsEnded(page);
    await page.screenshot({ path: `screenshots/portfolio-switcher.${theme}.390.png` });
  }
  await problems.settled();
  assert.equal(problems.take(), [], "no failed request, console error or CSP violation in the parent or the frames");
  await context.close();
});

test("the reports Demo GmbH shared with Atlas are listed by company and open in Demo GmbH's frame", async () => {
  const { context, page } = await signedInPage(e2e.browser, e2e.server.url, "investor@atlas.example");
  const problems = await watchPageProblems(page);
  await clickMenu(page, "Portfolio", "Reports received");
  await waitForScreen(page, "Reports received");
  const open = await waitForByName(page, "button", "Open Board pack of Demo GmbH", 20_000);
  await waitForByName(page, "section p", /Northwind AG has not shared a report with you yet/, 20_000);
  await expectAccessible(page, "reports received");
  for (const theme of ["light", "dark"] as const) {
    await switchTheme(page, theme);
    await transitionsEnded(page);
    await page.screenshot({ path: `screenshots/portfolio-reports.${theme}.1440.png` });
  }
  await open.click();
  await waitForScreen(page, "Portfolio companies");
  const frame = await shownCompanyFrame(page, "Demo GmbH");
  assert.match(await page.$eval("[role=tab][aria-selected=true]", (tab) => tab.textContent ?? ""), /Demo GmbH/);
  // The frame reports where it went: the company's own report screen (investor reporting).
  await page.waitForSelector('iframe.showing[data-path^="/investor-reporting/"]', { timeout: 20_000 });
  if (screenOf("/investor-reporting/1")?.landed) await frame.waitForFunction(() => /Board pack/.test(document.querySelector("h1")?.textContent ?? ""), { timeout: 20_000 });

  await clickMenu(page, "Portfolio", "Multi-instance linking");
  await waitForScreen(page, "Multi-instance linking");
  const rows = await page.$$eval("table tbody tr", (trs) => trs.map((tr) => [...tr.querySelectorAll("td")].slice(0, 2).map((td) => td.textContent?.trim())));
  assert.equal(rows, [["Demo GmbH", "Authorized"], ["Northwind AG", "Authorized"]]);
  assert.is(await page.$("button[aria-label^=Remove]"), null, "an Investor without manage_company_settings removes nothing");
  await expectAccessible(page, "multi-instance linking");
  for (const theme of ["light", "dark"] as const) {
    await switchTheme(page, theme);
    await transitionsEnded(page);
    await page.screenshot({ path: `screenshots/portfolio-linking.${theme}.1440.png` });
  }
  // Leaving the portfolio closes the frames; coming back opens the company shown last, anew.
  await clickMenu(page, "Portfolio", "Portfolio companies");
  await clickButton(page, "Northwind AG", { within: "[role=tablist]" });
  await shownCompanyFrame(page, "Northwind AG");
  await clickMenu(page, "My dashboard");
  await waitForScreen(page, "My dashboard");
  assert.is(await page.$("iframe"), null, "no frame outside the portfolio");
  await clickMenu(page, "Portfolio", "Portfolio companies");
  await shownCompanyFrame(page, "Northwind AG");
  assert.is(await page.$$eval("iframe", (frames) => frames.length), 1);

  await problems.settled();
  assert.equal(problems.take(), [], "no failed request, console error or CSP violation");
  await context.close();
});

test.run();
