// The demo administrator connects a PostgreSQL database of the company's (a throwaway database on
// the local PostgreSQL server, allowed by the operator's host allow-list) with a query, previews
// what it would write, connects, runs a sync, sees the sync log and the values in the KPI, meets
// the rerun wait, and removes the integration after a question.
import type { Page } from "puppeteer";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { expectAccessible } from "../support/axe";
import { useServerAndBrowser } from "../support/e2e";
import { clickButton, clickLink, clickMenu, fill, signedInPage, switchTheme, waitForByName, waitForScreen } from "../support/person";
import { sourceDatabase, SOURCE_SERVER } from "../support/source-database";

const sourceHost = new URL(SOURCE_SERVER);
const e2e = useServerAndBrowser(test, { INTEGRATION_DATABASE_HOSTS: `${sourceHost.hostname}:${sourceHost.port || 5432}` });

const KPI = "New bookings";
/** The three months before this one, oldest first, as YYYY-MM-01. */
const months = [3, 2, 1].map((back) => {
  const now = new Date();
  const at = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
  return at.toISOString().slice(0, 10);
});
const VALUES = [123_456, 234_567, 345_678];

let source: Awaited<ReturnType<typeof sourceDatabase>>;
test.before(async () => {
  source = await sourceDatabase([
    "create table orders (ordered_on date, amount numeric(12,2))",
    `insert into orders values ${months.flatMap((month, index) => [`('${month.slice(0, 8)}05', ${VALUES[index]! - 1000})`, `('${month.slice(0, 8)}20', 1000)`]).join(", ")}`,
  ]);
});
test.after(async () => source?.drop());

const QUERY = "select date_trunc('month', ordered_on)::date as month, sum(amount) as value\nfrom orders group by 1 order by 1";
const text = (page: Page, selector: string) => page.$eval(selector, (element) => element.textContent ?? "");

/** Picks an option of a select by its visible text, as a person does. */
async function choose(page: Page, selector: string, label: RegExp) {
  const value = await page.$eval(selector, (select, source) => [...(select as HTMLSelectElement).options].find((option) => new RegExp(source).test(option.text))?.value ?? null, label.source);
  assert.ok(value !== null, `an option like ${label} in ${selector}`);
  await page.select(selector, value!);
}

test("the administrator connects the company's PostgreSQL database, previews, saves, syncs, sees the values and the log, and removes it", async () => {
  const { context, page } = await signedInPage(e2e.browser, e2e.server.url, "admin@demo.example", { viewport: { width: 1440, height: 1000 } });

  // The overview: what can be connected here.
  await clickMenu(page, "Data management", "Integrations");
  await waitForScreen(page, "Integrations");
  await page.waitForSelector("[data-connector=postgresql]");
  assert.match(await text(page, "[data-connector=postgresql]"), /Connects to 127\.0\.0\.1:5432\./);
  assert.match(await text(page, "[data-connector=csv-url]"), /Off on this installation/);
  await waitForByName(page, "main", /Nothing connected yet/);
  await expectAccessible(page, "the integrations overview");

  // The connect view: a preview first, then Connect.
  await clickLink(page, "Connect a PostgreSQL database");
  await waitForScreen(page, "Connect a PostgreSQL database");
  await fill(page, "input[name=name]", "Order database");
  await fill(page, "input[name=connection]", source.connectionString());
  await fill(page, "textarea[name=query]", QUERY);
  await choose(page, "select[name=kpi]", new RegExp(`^${KPI} \\(`));
  assert.ok(await page.$eval("form[aria-label=Connect] button[type=submit]", (button) => (button as HTMLButtonElement).disabled), "Connect waits for a preview");
  await clickButton(page, "Preview");
  await page.waitForSelector("[data-testid=integration-preview] table");
  const preview = await text(page, "[data-testid=integration-preview]");
  assert.match(preview, /3 rows read: 3 values to write\./);
  assert.match(preview, /€ 345,678/);
  await expectAccessible(page, "the connect view with its preview");
  await clickButton(page, /^Connect$/);

  // The manage view: Sync now runs the sync as a job; the log and the values show when it ends.
  await waitForScreen(page, "Order database");
  await waitForByName(page, "[data-toast-region] [role=status] *", /Connected Order database/);
  assert.match(await text(page, "header:has(h1)"), new RegExp(`postgres@127\\.0\\.0\\.1:\\d+/${source.name}`));
  assert.not.match(await page.content(), /pw-[0-9a-f-]{36}/, "the password is nowhere on the page");
  await clickButton(page, "Sync now");
  await page.waitForSelector("details[data-run-state=succeeded]", { timeout: 20_000 });
  const log = await text(page, "details[data-run-state=succeeded]");
  assert.match(log, /Synchronized/);
  assert.match(log, /asked by Ada Administrator/);
  assert.match(log, /Read 3 rows\./);
  assert.match(log, /Wrote 3 values of 1 KPI\./);
  await waitForByName(page, "table[aria-label='Values of the last successful sync'] a", KPI);

  // Right away again: the rerun wait says so.
  await clickButton(page, "Sync now");
  const wait = await waitForByName(page, "[data-testid=rerun-wait]", /This integration was synchronized less than 5 minutes ago\. You can run it again in \d minutes?\./);
  assert.ok(wait);
  for (const theme of ["light", "dark"] as const) {
    await switchTheme(page, theme);
    await expectAccessible(page, `the manage view (${theme})`);
  }

  // The values are the KPI's actuals now.
  await clickLink(page, KPI, { within: "table[aria-label='Values of the last successful sync']" });
  await waitForScreen(page, KPI);
  await page.waitForFunction((expected) => document.querySelector("main")?.textContent?.includes(expected), { timeout: 15_000 }, "€ 345,678");

  // Back to the integration, and remove it after a question; the overview no longer lists it.
  await page.goBack();
  await waitForScreen(page, "Order database");
  await clickButton(page, "Remove");
  await waitForByName(page, "[role=alertdialog] h2", "Remove Order database?");
  await clickButton(page, "Remove", { within: "[role=alertdialog]" });
  await waitForScreen(page, "Integrations");
  await waitForByName(page, "[data-toast-region] [role=status] *", /Removed Order database\. The values it synchronized stay\./);
  await waitForByName(page, "main", /Nothing connected yet/);
  await context.close();
});

test.run();
