import type { ElementHandle, Page } from "puppeteer";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { useServerAndBrowser } from "../support/e2e";
import { formatFindings, runAxe } from "../support/axe";

const e2e = useServerAndBrowser(test);

/**
 * Asserts no serious or critical finding (the shared axe run, which waits for the theme's fade);
 * prints every finding so a failure says what to fix.
 */
async function assertAccessible(page: Page, what: string) {
  const report = await runAxe(page);
  if (report.findings.length > 0) console.log(`axe on ${what}:\n${formatFindings(report.findings)}`);
  assert.equal(
    report.failing.map((finding) => `${finding.impact} ${finding.rule}: ${finding.help}`),
    [],
    `${what}: ${report.failing.length} serious or critical axe findings`,
  );
}

/** Signs in through the form, as a person does, at a desktop width. */
async function signIn(email = "admin@demo.example") {
  const context = await e2e.browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport({ width: 1440, height: 900 });
  await page.goto(`${e2e.server.url}/login`);
  await page.waitForSelector("input[name=email]");
  await page.type("input[name=email]", email);
  await page.type("input[name=password]", "meridian-demo");
  await page.click("button[type=submit]");
  await page.waitForSelector("[data-testid=logout-button]");
  return { context, page };
}

/** Opens the user menu (the button showing the person's name) and follows its "UI patterns" link. */
async function openUiPatterns(page: Page, name = "Ada Administrator") {
  const userMenu = await page.waitForFunction((shown) => [...document.querySelectorAll("header button")].find((button) => button.textContent?.trim() === shown), {}, name);
  await (userMenu as ElementHandle<Element>).click();
  const link = await page.waitForSelector("::-p-aria([name='UI patterns'][role='menuitem'])");
  await link!.click();
  await page.waitForFunction(() => document.querySelector("h1")?.textContent === "UI patterns" && location.pathname === "/uipatterns");
  await page.waitForSelector("#tokens-colour");
}

const pathname = (page: Page) => page.evaluate(() => location.pathname);
const dialogTitle = (page: Page) => page.$eval("[role=alertdialog] h2", (title) => title.textContent);

test("/uipatterns is reached from the user menu and has no serious or critical axe findings in either theme", async () => {
  const { context, page } = await signIn();
  await openUiPatterns(page);
  assert.is(await page.evaluate(() => document.documentElement.dataset["theme"]), "dark");
  // The font ships with the app and is in use.
  await page.waitForFunction(() => document.fonts.check('14px "Inter Variable"'));
  assert.match(await page.evaluate(() => getComputedStyle(document.body).fontFamily), /Inter Variable/);
  assert.match(await page.$eval("#tokens-colour", (element) => element.textContent ?? ""), /All \d+ pairs pass/);
  await assertAccessible(page, "/uipatterns, dark theme");

  await page.click("button[aria-label^=Theme]");
  await page.waitForFunction(() => document.documentElement.dataset["theme"] === "light");
  await page.waitForFunction(() => /Colour roles of the light theme/.test(document.body.textContent ?? ""));
  await assertAccessible(page, "/uipatterns, light theme");
  await context.close();
});

test("the unsaved-changes guard asks before Back and before a menu link; Stay keeps the page, Leave goes", async () => {
  const { context, page } = await signIn();
  await openUiPatterns(page);
  const guard = await page.waitForSelector("::-p-aria([name='This page has unsaved changes'][role='checkbox'])");
  await guard!.click();

  await page.evaluate(() => history.back());
  await page.waitForSelector("[role=alertdialog]");
  assert.is(await dialogTitle(page), "Leave this page?");
  assert.is(await pathname(page), "/uipatterns", "the address is restored while the person decides");
  await (await page.waitForSelector("::-p-aria([name='Stay'][role='button'])"))!.click();
  await page.waitForFunction(() => !document.querySelector("[role=alertdialog]"));
  assert.is(await pathname(page), "/uipatterns");
  assert.ok(await page.$("#unsaved-changes"), "still on the style guide");

  // Reload: the browser's own question (the page has had a click, so Chromium asks).
  const asked = new Promise<string>((resolve) =>
    page.once("dialog", async (dialog) => {
      resolve(dialog.type());
      await dialog.dismiss();
    }),
  );
  void page.reload().catch(() => undefined);
  assert.is(await asked, "beforeunload");
  assert.is(await pathname(page), "/uipatterns");

  await (await page.waitForSelector("nav[aria-label=Main] a[href='/reporting/operational-dashboard']"))!.click();
  await page.waitForSelector("[role=alertdialog]");
  assert.is(await pathname(page), "/uipatterns");
  await (await page.waitForSelector("::-p-aria([name='Leave'][role='button'])"))!.click();
  await page.waitForFunction(() => location.pathname === "/reporting/operational-dashboard");
  await page.waitForSelector("article[data-kpi-id]");
  await context.close();
});

test.run();
