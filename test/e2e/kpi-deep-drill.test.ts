import { mkdirSync } from "node:fs";
import type { Page } from "puppeteer";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { expectAccessible } from "../support/axe";
import { useServerAndBrowser } from "../support/e2e";
import { clickLink, clickMenu, signedInPage, switchTheme, waitForByName, waitForScreen } from "../support/person";

const e2e = useServerAndBrowser(test);
/** Screenshots for a reviewer (and the author) to look at, in both themes. */
const SHOTS = process.env.SCREENSHOT_DIR ?? "/tmp/kpi-deep-drill-shots";
const textOf = (page: Page, selector: string) => page.$eval(selector, (element) => element.textContent ?? "");

async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  for (const theme of ["dark", "light"] as const) {
    await switchTheme(page, theme);
    await page.screenshot({ path: `${SHOTS}/${name}.${theme}.png`, fullPage: true });
  }
}

test("a person drills a margin into its inputs, then into an input's own inputs, and reads the recommendations", async () => {
  const { context, page } = await signedInPage(e2e.browser, e2e.server.url, "admin@demo.example", { viewport: { width: 1440, height: 1000 } });

  // The gross margin's card on the strategic dashboard opens its detail; the Deep drill tab opens on the root cause.
  await clickMenu(page, "Reporting", "Strategic dashboard");
  await clickLink(page, "Gross margin", { within: "article[aria-label='Gross margin']" });
  await waitForScreen(page, "Gross margin");
  await clickLink(page, "Deep drill", { within: "nav[aria-label='KPI detail']" });
  await page.waitForSelector("nav[aria-label='Deep drills'] a[aria-current=page]");
  assert.is(await textOf(page, "nav[aria-label='Deep drills'] a[aria-current=page]"), "Root cause");
  await page.waitForSelector("table[aria-label='Inputs of Gross margin']");
  const headline = await textOf(page, "main .headline");
  assert.match(headline, /^Gross margin moved from [\d.]+ % \([A-Z][a-z]{2} \d{4}\) to [\d.]+ % \([A-Z][a-z]{2} \d{4}\), [+−][\d.]+ pp\. (Gross profit|Revenue) moved it most \([+−][\d.]+ pp\)/, headline);
  assert.match(await textOf(page, "main"), /Gross margin = Gross profit ÷ Revenue × 100/);
  assert.match(await textOf(page, "main"), /unavailable for custom date ranges/);
  await page.waitForSelector("svg[data-span-chart] rect");
  assert.is(await page.$$eval("svg[data-span-chart] g.bars rect", (bars) => bars.length), 4, "base, two effects, value");
  await shoot(page, "root-cause");
  await expectAccessible(page, "deep drill, root cause");

  // Drill into gross profit: its own inputs, with the path back.
  await clickLink(page, "Gross profit ›", { within: "table[aria-label='Inputs of Gross margin']" });
  await page.waitForSelector("table[aria-label='Inputs of Gross profit']");
  assert.match(page.url(), /\/drill\/root-cause\/\d+$/);
  const inputs = await page.$$eval("table[aria-label='Inputs of Gross profit'] tbody th", (cells) => cells.map((cell) => cell.textContent));
  assert.equal([...inputs].sort(), ["Cost of goods sold", "Revenue"]);
  assert.match(await textOf(page, "nav[aria-label='Drill path']"), /Gross margin › Gross profit/);

  // Over the last twelve months against the twelve before.
  await (await waitForByName(page, "fieldset label", "Last 12 months")).click();
  await page.waitForFunction(() => / – /.test(document.querySelector("main .headline")?.textContent ?? ""));
  await clickLink(page, "Gross margin", { within: "nav[aria-label='Drill path']" });
  await page.waitForSelector("table[aria-label='Inputs of Gross margin']");

  // The P&L analysis says plainly why price and volume cannot be told apart.
  await clickLink(page, "P&L analysis", { within: "nav[aria-label='Deep drills']" });
  await page.waitForSelector("table[aria-label='Effects on Gross margin']");
  assert.match(await textOf(page, "main"), /Revenue is not calculated as price × volume in the KPI catalogue/);
  const effects = await page.$$eval("table[aria-label='Effects on Gross margin'] tbody th", (cells) => cells.map((cell) => cell.textContent));
  assert.equal(effects, ["Revenue effect", "Cost effect"]);
  await shoot(page, "pnl-analysis");

  // Recommendations: tabs by rule with counts; the "not checked" list says why.
  await clickLink(page, "Recommendations", { within: "nav[aria-label='KPI detail']" });
  await page.waitForSelector("nav[aria-label='Recommendations by rule']");
  assert.match(await textOf(page, "nav[aria-label='Recommendations by rule'] a[aria-current=page]"), /^All \(\d+\)$/);
  assert.match(await textOf(page, "section[aria-label='Rules not checked']"), /Outdated: A calculated KPI is as current as its inputs/);
  await clickLink(page, /^Trend reversal \(\d+\)$/, { within: "nav[aria-label='Recommendations by rule']" });
  assert.match(page.url(), /\/recommendations\/trend-reversal$/);
  await shoot(page, "recommendations");
  await expectAccessible(page, "recommendations");
  await context.close();
});

test("new bookings drill into their regions: bars, shares and the change per region", async () => {
  const { context, page } = await signedInPage(e2e.browser, e2e.server.url, "admin@demo.example", { viewport: { width: 1440, height: 1000 } });
  await clickMenu(page, "Reporting", "Strategic dashboard");
  await clickLink(page, "New bookings", { within: "article[aria-label='New bookings']" });
  await waitForScreen(page, "New bookings");
  await clickLink(page, "Deep drill", { within: "nav[aria-label='KPI detail']" });
  await page.waitForSelector("table[aria-label^='New bookings by']");
  assert.is(await textOf(page, "nav[aria-label='Deep drills'] a[aria-current=page]"), "Dimensions");
  const rows = await page.$$eval("table[aria-label^='New bookings by'] tbody tr", (found) => found.length);
  assert.ok(rows >= 2, `members: ${rows}`);
  await page.waitForSelector("svg[data-span-chart] rect");
  await shoot(page, "dimensions");
  await expectAccessible(page, "deep drill, dimensions");
  await context.close();

  // A person without the deep-drill permission is told so, and still gets the recommendations.
  const employee = await signedInPage(e2e.browser, e2e.server.url, "employee@demo.example", { viewport: { width: 1440, height: 1000 } });
  await clickMenu(employee.page, "Reporting", "Operational dashboard");
  await clickLink(employee.page, "New bookings", { within: "article[aria-label='New bookings']" });
  await waitForScreen(employee.page, "New bookings");
  await clickLink(employee.page, "Deep drill", { within: "nav[aria-label='KPI detail']" });
  await waitForByName(employee.page, "main h2", "No access to deep drills");
  await clickLink(employee.page, "Recommendations", { within: "nav[aria-label='KPI detail']" });
  await employee.page.waitForSelector("nav[aria-label='Recommendations by rule']");
  await employee.context.close();
});

test.run();
