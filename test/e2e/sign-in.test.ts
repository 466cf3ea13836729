import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "puppeteer";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { launchBrowser } from "../support/browser";
import { startServer, type ServerProcess } from "../support/server-process";

let server: ServerProcess;
let dataDir: string;
let browser: Awaited<ReturnType<typeof launchBrowser>>;

test.before(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "meridian-e2e-"));
  server = await startServer({ DATA_DIR: dataDir });
  browser = await launchBrowser();
});

test.after(async () => {
  await browser.cleanup();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function signIn(page: Page, email: string, password = "meridian-demo") {
  await page.waitForSelector("input[name=email]");
  await page.type("input[name=email]", email);
  await page.type("input[name=password]", password);
  await page.click("button[type=submit]");
}

const text = (page: Page, selector: string) => page.$eval(selector, (element) => element.textContent ?? "");

test("a wrong password shows the server's message in a danger alert", async () => {
  const page = await browser.newPage();
  await page.goto(`${server.url}/login`);
  await signIn(page, "admin@demo.example", "not-the-password");
  await page.waitForSelector("[role=alert]");
  assert.match(await text(page, "[role=alert]"), /No user found for the given credentials/);
  await page.close();
});

test("signing in sends the user back to the page they asked for, into the shell of their company", async () => {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.goto(`${server.url}/reporting/kpi-detail/5`);
  await page.waitForFunction(() => location.pathname === "/login");
  await signIn(page, "admin@demo.example");
  await page.waitForFunction(() => location.pathname === "/reporting/kpi-detail/5");
  await page.waitForSelector("[data-testid=logout-button]");
  assert.match(await text(page, "header"), /Demo GmbH/);
  assert.match(await text(page, "[data-testid=logout-button]"), /(29|30) min/);
  assert.match(String(await page.$eval("[data-testid=logout-button]", (element) => element.getAttribute("aria-label"))), /auto logout after (29|30) min/);

  // the FX selector converts to a named rate, and a reload keeps the session and the choice
  const options = await page.$$eval("select[aria-label=Currency] option", (elements) => elements.map((element) => element.textContent));
  assert.equal(options, ["Local currency (EUR)", "CHF (monthly average)", "USD (monthly average)"]);
  await page.select("select[aria-label=Currency]", (await page.$$eval("select[aria-label=Currency] option", (elements) => (elements[2] as HTMLOptionElement).value)));
  await page.reload();
  await page.waitForSelector("[data-testid=logout-button]");
  assert.is(await page.$eval("select[aria-label=Currency]", (element) => (element as HTMLSelectElement).selectedOptions[0]?.textContent), "USD (monthly average)");

  // theme cycles dark → light → auto
  const themeButton = "button[aria-label^=Theme]";
  assert.is(await page.evaluate(() => document.documentElement.dataset["theme"]), "dark");
  await page.click(themeButton);
  await page.waitForFunction(() => document.documentElement.dataset["theme"] === "light");
  await page.click(themeButton);
  assert.match(await text(page, themeButton), /Auto/);

  // logout clears the session and goes to /login; the old page needs signing in again
  await page.click("[data-testid=logout-button]");
  await page.waitForFunction(() => location.pathname === "/login");
  await page.goto(`${server.url}/reporting/kpi-detail/5`);
  await page.waitForFunction(() => location.pathname === "/login");
  await context.close();
});

test("an investor signs in to the investor instance", async () => {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.goto(`${server.url}/login`);
  await signIn(page, "investor@atlas.example");
  await page.waitForSelector("[data-testid=logout-button]");
  assert.match(await text(page, "header"), /Atlas Ventures/);
  assert.is(await page.$("select[aria-label=Currency]"), null, "no FX selector for a single-currency instance");
  await context.close();
});

test.run();
