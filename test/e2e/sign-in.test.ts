import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "puppeteer";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { useServerAndBrowser } from "../support/e2e";
import { openSignInPage, openUserMenu, signIn, signedInPage as signedInAs, switchTheme, waitForByName, waitForScreen } from "../support/person";

const e2e = useServerAndBrowser(test);

const signedInPage = (email: string) => signedInAs(e2e.browser, e2e.server.url, email);

const text = (page: Page, selector: string) => page.$eval(selector, (element) => element.textContent ?? "");

test("a wrong password shows the server's message in a danger alert", async () => {
  const page = await e2e.browser.newPage();
  await openSignInPage(page, e2e.server.url);
  await signIn(page, "admin@demo.example", "not-the-password");
  await waitForByName(page, "[role=alert]", /No user found for the given credentials/);
  await page.close();
});

test("signing in sends the user back to the page they asked for, into the shell of their company", async () => {
  const context = await e2e.browser.createBrowserContext();
  const page = await context.newPage();
  // A bookmark or a link in a mail: an address that arrives from outside.
  await page.goto(`${e2e.server.url}/reporting/kpi-detail/5`);
  await page.waitForFunction(() => location.pathname === "/login");
  await signIn(page, "admin@demo.example");
  await page.waitForFunction(() => location.pathname === "/reporting/kpi-detail/5");
  await page.waitForSelector("[data-testid=logout-button]");
  await waitForScreen(page);
  assert.match(await text(page, "header"), /Demo GmbH/);
  assert.match(await text(page, "[data-testid=logout-button]"), /(29|30) min/);
  assert.match(String(await page.$eval("[data-testid=logout-button]", (element) => document.getElementById(element.getAttribute("aria-describedby") ?? "")?.textContent)), /auto logout after (29|30) min/);

  // the FX selector converts to a named rate, and a reload keeps the session and the choice
  const options = await page.$$eval("select[aria-label=Currency] option", (elements) => elements.map((element) => element.textContent));
  assert.equal(options, ["Local currency (EUR)", "CHF (monthly average)", "USD (monthly average)"]);
  await page.select("select[aria-label=Currency]", (await page.$$eval("select[aria-label=Currency] option", (elements) => (elements[2] as HTMLOptionElement).value)));
  await page.reload();
  await page.waitForSelector("[data-testid=logout-button]");
  assert.is(await page.$eval("select[aria-label=Currency]", (element) => (element as HTMLSelectElement).selectedOptions[0]?.textContent), "USD (monthly average)");

  // theme cycles dark → light → auto
  assert.is(await page.evaluate(() => document.documentElement.dataset["theme"]), "dark");
  await switchTheme(page, "light");
  await page.waitForFunction(() => document.documentElement.dataset["theme"] === "light");
  await page.click("button[aria-label^=Theme]");
  assert.match(await text(page, "button[aria-label^=Theme]"), /Auto/);

  // logout clears the session and goes to /login; the old page, typed again, needs signing in again
  await page.click("[data-testid=logout-button]");
  await page.waitForFunction(() => location.pathname === "/login");
  await page.goto(`${e2e.server.url}/reporting/kpi-detail/5`);
  await page.waitForFunction(() => location.pathname === "/login");
  await context.close();
});

test("an investor signs in to the investor instance", async () => {
  const { context, page } = await signedInPage("investor@atlas.example");
  assert.match(await text(page, "header"), /Atlas Ventures/);
  assert.is(await page.$("select[aria-label=Currency]"), null, "no FX selector for a single-currency instance");
  await context.close();
});

test("a recorded session downloads, replays headless and in replay mode, without secrets", async () => {
  const page = await e2e.browser.newPage();
  const downloads = mkdtempSync(join(tmpdir(), "meridian-downloads-"));
  const cdp = await page.createCDPSession();
  await cdp.send("Browser.setDownloadBehavior", { behavior: "allow", downloadPath: downloads, eventsEnabled: true });
  await openSignInPage(page, e2e.server.url);
  await signIn(page, "c-level@demo.example");
  await page.waitForSelector("[data-testid=logout-button]");
  await switchTheme(page, "light");
  await openUserMenu(page);
  await page.click("[role=menuitem]");
  const file = await waitForFile(downloads);
  const log = JSON.parse(readFileSync(file, "utf8"));
  assert.is(log.format, "meridian-session-log");
  assert.not.match(JSON.stringify(log), /meridian-demo/, "the password is redacted");
  assert.ok(log.entries.some((entry: { kind: string; envelope?: { type: string } }) => entry.envelope?.type === "SessionLoaded"));

  const headless = spawnSync(process.execPath, ["scripts/replay.mjs", file, "--json"], { encoding: "utf8" });
  assert.is(headless.status, 0, headless.stderr);
  const folded = JSON.parse(headless.stdout);
  assert.equal([folded.schemaMatches, folded.state.session.stage, folded.state.session.company.name, folded.state.shell.theme], [true, "ready", "Demo GmbH", "light"]);

  // The replay tool is a developer's page, opened by its address.
  const replayPage = await e2e.browser.newPage();
  let apiCalls = 0;
  replayPage.on("request", (request) => {
    if (/\/(api|auth-api)\//.test(new URL(request.url()).pathname)) apiCalls++;
  });
  await replayPage.goto(`${e2e.server.url}/replay`);
  const input = await replayPage.waitForSelector("input[type=file]");
  await (input as unknown as { uploadFile(path: string): Promise<void> }).uploadFile(file);
  await replayPage.waitForSelector("[data-testid=replay-bar]");
  await replayPage.waitForSelector("[data-testid=logout-button]");
  assert.match(await text(replayPage, "header"), /Demo GmbH/);
  // step back to the beginning: the sign-in screen as the user saw it
  await replayPage.$eval("input[aria-label=Step]", (element) => {
    const slider = element as HTMLInputElement;
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!;
    setter.call(slider, "0");
    slider.dispatchEvent(new Event("input", { bubbles: true }));
  });
  await replayPage.waitForSelector("input[name=email]");
  assert.match(await text(replayPage, "[data-testid=replay-step]"), /Step 0/);
  assert.is(apiCalls, 0, "replay mode calls no API");
  await replayPage.close();

  await page.click("[data-testid=logout-button]");
  await page.waitForFunction(() => location.pathname === "/login");
  await page.close();
});

test("another user's change reaches an open session live, through the event stream", async () => {
  const { context: watcher, page: watching } = await signedInPage("head-of-department@demo.example");
  await new Promise((resolve) => setTimeout(resolve, 500)); // the stream connects after the session loads

  const { context: other } = await signedInPage("delegate@demo.example");

  const downloads = mkdtempSync(join(tmpdir(), "meridian-downloads-"));
  const cdp = await watching.createCDPSession();
  await cdp.send("Browser.setDownloadBehavior", { behavior: "allow", downloadPath: downloads, browserContextId: (watcher as unknown as { id: string }).id });
  for (let attempt = 0; attempt < 20; attempt++) {
    await openUserMenu(watching);
    await watching.click("[role=menuitem]");
    const log = JSON.parse(readFileSync(await waitForFile(downloads), "utf8"));
    const remote = log.entries.filter((entry: { envelope?: { type: string; origin: string; payload: { type?: string } } }) => entry.envelope?.origin === "remote");
    if (remote.some((entry: { envelope: { payload: { type?: string } } }) => entry.envelope.payload.type === "UserSignedIn")) {
      await watcher.close();
      await other.close();
      return;
    }
    for (const name of readdirSync(downloads)) rmSync(join(downloads, name));
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  assert.unreachable("the other user's sign-in never reached the open session");
});

/** The downloaded session log, once it is complete (the browser may still be writing it). */
async function waitForFile(dir: string): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const done = readdirSync(dir).find((name) => name.endsWith(".json"));
    if (done && parsesAsJson(join(dir, done))) return join(dir, done);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("the session log was not downloaded");
}

function parsesAsJson(file: string) {
  try {
    JSON.parse(readFileSync(file, "utf8"));
    return true;
  } catch {
    return false;
  }
}

test.run();
