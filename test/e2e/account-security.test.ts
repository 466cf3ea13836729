import type { Page } from "puppeteer";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { codeAt } from "../../src/server/features/two-factor/totp";
import { useServerAndBrowser } from "../support/e2e";

// Info logs: the embedded outbox prints each mail, with its links, to the log.
const e2e = useServerAndBrowser(test, { LOG_LEVEL: "info" });

const text = (page: Page, selector: string) => page.$eval(selector, (element) => element.textContent ?? "");

async function fill(page: Page, selector: string, value: string) {
  await page.waitForSelector(selector);
  await page.$eval(selector, (element) => ((element as HTMLInputElement).value = ""));
  await page.type(selector, value);
}

async function clickButton(page: Page, label: string) {
  const button = await page.waitForSelector(`xpath/.//button[contains(., '${label}')]`);
  await button!.evaluate((element) => (element as HTMLButtonElement).click());
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto(`${e2e.server.url}/login`);
  await fill(page, "input[name=email]", email);
  await fill(page, "input[name=password]", password);
  await page.click("button[type=submit]");
}

test("forgot password: the link from the outbox sets a new password; failures are listed line by line", async () => {
  const context = await e2e.browser.createBrowserContext();
  const page = await context.newPage();
  await page.goto(`${e2e.server.url}/login`);
  await page.waitForSelector("a[href='/forgetpassword']");
  await page.click("a[href='/forgetpassword']");
  await fill(page, "input[name=email]", "employee@demo.example");
  await page.click("button[type=submit]");
  await page.waitForSelector("[role=status]");
  assert.match(await text(page, "[role=status]"), /If an account exists for employee@demo\.example/);

  let link: string | undefined;
  for (let attempt = 0; attempt < 50 && !link; attempt++) {
    link = /http:\/\/127\.0\.0\.1:\d+(\/password\/reset\/confirm\/[^\s"\\]+)/.exec(e2e.server.output())?.[1];
    if (!link) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  assert.ok(link, "the reset link was printed to the log");
  await page.goto(`${e2e.server.url}${link}`);
  await fill(page, "input[name=new_password]", "short");
  await fill(page, "input[name=re_new_password]", "short");
  await page.click("button[type=submit]");
  await page.waitForSelector("[role=alert] li");
  assert.equal(await page.$$eval("[role=alert] li", (items) => items.map((item) => item.textContent)), ["new_password: This password is too short. It must contain at least 12 characters."]);
  await fill(page, "input[name=new_password]", "a fresh long passphrase");
  await fill(page, "input[name=re_new_password]", "a fresh long passphrase");
  await page.click("button[type=submit]");
  await page.waitForSelector("[role=status]");
  assert.match(await text(page, "[role=status]"), /Your password has been reset/);

  await signIn(page, "employee@demo.example", "a fresh long passphrase");
  await page.waitForSelector("[data-testid=logout-button]");
  await context.close();
});

test("two-factor: set up with the authenticator app, then sign-in asks for the code", async () => {
  const context = await e2e.browser.createBrowserContext();
  const page = await context.newPage();
  await signIn(page, "external@demo.example", "meridian-demo");
  await page.waitForSelector("nav a[href='/settings/two-factor-auth']");
  await page.click("nav a[href='/settings/two-factor-auth']");
  const setupButton = await page.waitForSelector("xpath/.//button[contains(., 'Set up authenticator app')]");
  await setupButton!.click();
  await page.waitForSelector("[data-testid=totp-secret]");
  const secret = (await text(page, "[data-testid=totp-secret]")).trim();
  assert.match(secret, /^[A-Z2-7]{32}$/);
  assert.ok(await page.$("img[alt^='QR code']"), "the QR code is shown");
  await fill(page, "input[name=passcode]", "000000");
  await page.click("button[type=submit]");
  await page.waitForSelector("[role=alert]");
  assert.match(await text(page, "[role=alert]"), /The code is not valid/);
  await fill(page, "input[name=passcode]", codeAt(secret, new Date()));
  await page.click("button[type=submit]");
  await page.waitForSelector("[data-testid=two-factor-enabled]");
  assert.match(await text(page, "main"), /If you lose your phone, an administrator can reset it/);

  await page.click("[data-testid=logout-button]");
  await page.waitForFunction(() => location.pathname === "/login");
  await signIn(page, "external@demo.example", "meridian-demo");
  await page.waitForFunction(() => location.pathname === "/login/mfa", { timeout: 10_000 }).catch(async (error: Error) => {
    throw new Error(`${error.message} at ${page.url()}: ${await text(page, "body")}`);
  });
  await fill(page, "input[name=passcode]", "123456");
  await page.click("button[type=submit]");
  await page.waitForSelector("[role=alert]");
  assert.match(await text(page, "[role=alert]"), /passcode: The code is not valid/);
  await fill(page, "input[name=passcode]", codeAt(secret, new Date(Date.now() + 30_000)));
  await page.click("button[type=submit]");
  await page.waitForSelector("[data-testid=logout-button]");
  assert.match(await text(page, "header"), /Demo GmbH/);
  await context.close();
});

test("user management: an administrator invites a user, who sets a password from the welcome mail; deactivation locks them out", async () => {
  const context = await e2e.browser.createBrowserContext();
  const page = await context.newPage();
  await signIn(page, "admin@demo.example", "meridian-demo");
  await page.waitForSelector("nav a[href='/settings/user-management']");
  await page.click("nav a[href='/settings/user-management']");
  await page.waitForSelector("[data-testid='user-c-level@demo.example']");
  const invite = await page.waitForSelector("xpath/.//button[contains(., 'Invite user')]");
  await invite!.click();
  await fill(page, "form[aria-label='Invite user'] input[name=email]", "grace@demo.example");
  await fill(page, "form[aria-label='Invite user'] input[name=first_name]", "Grace");
  await fill(page, "form[aria-label='Invite user'] input[name=last_name]", "Hopper");
  const employeeGroup = await page.waitForSelector("xpath/.//form[@aria-label='Invite user']//label[contains(., 'Employee')]/input");
  await employeeGroup!.click();
  await page.click("form[aria-label='Invite user'] button[type=submit]");
  await page.waitForSelector("[data-testid='user-grace@demo.example']");
  assert.match(await text(page, "[data-testid='user-grace@demo.example']"), /Grace Hopper.*Employee.*Off.*Active/);
  assert.is(await page.$eval("[aria-label='Reset 2FA of grace@demo.example']", (button) => (button as HTMLButtonElement).disabled), true, "no 2FA to reset");

  let link: string | undefined;
  for (let attempt = 0; attempt < 50 && !link; attempt++) {
    const mail = e2e.server.output().split("\n").find((line) => line.includes("grace@demo.example") && line.includes("/password/reset/confirm/"));
    link = mail ? /(\/password\/reset\/confirm\/[^\s"\\]+)/.exec(mail)?.[1] : undefined;
    if (!link) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  assert.ok(link, "the welcome mail with its link is in the log");
  const grace = await (await e2e.browser.createBrowserContext()).newPage();
  await grace.goto(`${e2e.server.url}${link}`);
  await fill(grace, "input[name=new_password]", "violet mornings over lisbon");
  await fill(grace, "input[name=re_new_password]", "violet mornings over lisbon");
  await grace.click("button[type=submit]");
  await grace.waitForSelector("[role=status]");
  await signIn(grace, "grace@demo.example", "violet mornings over lisbon");
  await grace.waitForSelector("[data-testid=logout-button]");

  // A DOM click: an alert about Grace's password may float over the row's buttons.
  await page.$eval("[aria-label='Deactivate grace@demo.example']", (button) => (button as HTMLButtonElement).click());
  await page.waitForFunction(() => document.querySelector("[data-testid='user-grace@demo.example']")?.textContent?.includes("Inactive"));
  await grace.reload();
  await grace.waitForFunction(() => location.pathname === "/login");

  // Administrators see what was mailed; without SMTP it waits in the embedded outbox.
  await clickButton(page, "Show sent e-mails");
  await page.waitForFunction(() => document.querySelector("[data-testid=outbox]")?.textContent?.includes("grace@demo.example"), { timeout: 8000 }).catch(async (error: Error) => {
    await page.screenshot({ path: "/tmp/outbox.png", fullPage: true });
    throw new Error(`${error.message}: ${await text(page, "main")}`);
  });
  assert.match(await text(page, "[data-testid=outbox]"), /grace@demo\.example · Welcome to Meridian at Demo GmbH · in the outbox/);
  await context.close();
});

test.run();
