import type { Page } from "puppeteer";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { codeAt } from "../../src/server/features/two-factor/totp";
import { expectAccessible } from "../support/axe";
import { useServerAndBrowser } from "../support/e2e";
import { mailedLink } from "../support/mailed-link";
import { clickButton, clickLink, clickMenu, fill, openSignInPage, signIn, waitForByName, waitForScreen, waitForShell } from "../support/person";

// Info logs: the embedded outbox prints each mail, with its links, to the log.
const e2e = useServerAndBrowser(test, { LOG_LEVEL: "info" });

const text = (page: Page, selector: string) => page.$eval(selector, (element) => element.textContent ?? "");

/** The error under a form field, as read with it: the text of what its `aria-describedby` names first, once it is invalid. */
async function fieldError(page: Page, selector: string): Promise<string> {
  await page.waitForSelector(`${selector}[aria-invalid=true]`);
  return page.$eval(selector, (input) => document.getElementById((input.getAttribute("aria-describedby") ?? "").split(" ")[0] ?? "")?.textContent ?? "");
}

test("forgot password: the link from the outbox sets a new password; a failure stands under its field with the field's label", async () => {
  const context = await e2e.browser.createBrowserContext();
  const page = await context.newPage();
  await openSignInPage(page, e2e.server.url);
  await clickLink(page, "Forgot password?");
  await waitForScreen(page);
  await expectAccessible(page, "the forgot-password screen");
  await fill(page, "input[name=email]", "employee@demo.example");
  await page.click("button[type=submit]");
  await waitForByName(page, "[role=status]", /If an account exists for employee@demo\.example/);

  // The link in the mail: an address that arrives from outside.
  await page.goto(`${e2e.server.url}${await mailedLink(e2e.server, "employee@demo.example")}`);
  await fill(page, "input[name=new_password]", "short");
  await fill(page, "input[name=re_new_password]", "short");
  await page.click("button[type=submit]");
  assert.is(await fieldError(page, "input[name=new_password]"), "New password: This password is too short. It must contain at least 12 characters.");
  assert.is(await page.$("[role=alert]"), null, "nothing left over for the alert above the form");
  await expectAccessible(page, "the new-password screen with an error");
  await fill(page, "input[name=new_password]", "a fresh long passphrase");
  await fill(page, "input[name=re_new_password]", "a fresh long passphrase");
  await page.click("button[type=submit]");
  await waitForByName(page, "[role=status]", /Your password has been reset/);

  await clickLink(page, "Sign in");
  await signIn(page, "employee@demo.example", "a fresh long passphrase");
  await waitForShell(page);
  await context.close();
});

test("two-factor: set up with the authenticator app, then sign-in asks for the code", async () => {
  const context = await e2e.browser.createBrowserContext();
  const page = await context.newPage();
  await openSignInPage(page, e2e.server.url);
  await signIn(page, "external@demo.example");
  await waitForShell(page);
  await clickMenu(page, "Settings", "Two-factor authentication");
  await waitForScreen(page, "Two-factor authentication");
  await clickButton(page, /Set up authenticator app/);
  await page.waitForSelector("[data-testid=totp-secret]");
  await expectAccessible(page, "the authenticator app set-up");
  const secret = (await text(page, "[data-testid=totp-secret]")).trim();
  assert.match(secret, /^[A-Z2-7]{32}$/);
  assert.ok(await page.$("img[alt^='QR code']"), "the QR code is shown");
  await fill(page, "input[name=passcode]", "000000");
  await page.click("button[type=submit]");
  assert.match(await fieldError(page, "input[name=passcode]"), /^Code: The code is not valid/);
  await fill(page, "input[name=passcode]", codeAt(secret, new Date()));
  await page.click("button[type=submit]");
  await page.waitForSelector("[data-testid=two-factor-enabled]");
  assert.match(await text(page, "main"), /If you lose your phone, an administrator can reset it/);

  await page.click("[data-testid=logout-button]");
  await page.waitForFunction(() => location.pathname === "/login");
  await signIn(page, "external@demo.example");
  await page.waitForFunction(() => location.pathname === "/login/mfa", { timeout: 10_000 }).catch(async (error: Error) => {
    throw new Error(`${error.message} at ${page.url()}: ${await text(page, "body")}`);
  });
  await waitForScreen(page);
  await expectAccessible(page, "the sign-in code screen");
  await fill(page, "input[name=passcode]", "123456");
  await page.click("button[type=submit]");
  assert.match(await fieldError(page, "input[name=passcode]"), /^Code: The code is not valid/);
  await fill(page, "input[name=passcode]", codeAt(secret, new Date(Date.now() + 30_000)));
  await page.click("button[type=submit]");
  await page.waitForSelector("[data-testid=logout-button]");
  assert.match(await text(page, "header"), /Demo GmbH/);
  await context.close();
});

test("user management: an administrator invites a user, who sets a password from the welcome mail; deactivation locks them out", async () => {
  const context = await e2e.browser.createBrowserContext();
  const page = await context.newPage();
  await openSignInPage(page, e2e.server.url);
  await signIn(page, "admin@demo.example");
  await waitForShell(page);
  await clickMenu(page, "Settings", "User management");
  await waitForScreen(page, "User management");
  await page.waitForSelector("[data-testid='user-c-level@demo.example']");
  await clickButton(page, "Invite user");
  await page.waitForSelector("form[aria-label='Invite user']");
  await expectAccessible(page, "user management with the invitation form open");
  await fill(page, "form[aria-label='Invite user'] input[name=email]", "grace@demo.example");
  await fill(page, "form[aria-label='Invite user'] input[name=first_name]", "Grace");
  await fill(page, "form[aria-label='Invite user'] input[name=last_name]", "Hopper");
  const employeeGroup = await page.waitForSelector("xpath/.//form[@aria-label='Invite user']//label[normalize-space(.)='Employee']");
  await employeeGroup!.click();
  await page.click("form[aria-label='Invite user'] button[type=submit]");
  await page.waitForSelector("[data-testid='user-grace@demo.example']");
  assert.match(await text(page, "[data-testid='user-grace@demo.example']"), /Grace Hopper.*Employee.*Off.*Active/);
  assert.is(await page.$eval("[aria-label='Reset 2FA of grace@demo.example']", (button) => (button as HTMLButtonElement).disabled), true, "no 2FA to reset");

  // Grace opens the link in her welcome mail.
  const grace = await (await e2e.browser.createBrowserContext()).newPage();
  await grace.goto(`${e2e.server.url}${await mailedLink(e2e.server, "grace@demo.example")}`);
  await fill(grace, "input[name=new_password]", "violet mornings over lisbon");
  await fill(grace, "input[name=re_new_password]", "violet mornings over lisbon");
  await grace.click("button[type=submit]");
  await waitForByName(grace, "[role=status]", /Your password has been reset/);
  await clickLink(grace, "Sign in");
  await signIn(grace, "grace@demo.example", "violet mornings over lisbon");
  await waitForShell(grace);

  // A DOM click: an alert about Grace's password may float over the row's buttons.
  await page.$eval("[aria-label='Deactivate grace@demo.example']", (button) => (button as HTMLButtonElement).click());
  await clickButton(page, "Deactivate", { within: "[role=alertdialog]" });
  await page.waitForFunction(() => document.querySelector("[data-testid='user-grace@demo.example']")?.textContent?.includes("Inactive"));
  await grace.reload();
  await grace.waitForFunction(() => location.pathname === "/login");

  // Administrators see what was mailed; without SMTP it waits in the embedded outbox.
  // A DOM click again, past the alert that may cover the button.
  await page.$$eval("button", (buttons) => buttons.find((button) => button.textContent === "Show sent e-mails")!.click());
  await page.waitForFunction(() => document.querySelector("[data-testid=outbox]")?.textContent?.includes("grace@demo.example"), { timeout: 8000 }).catch(async (error: Error) => {
    await page.screenshot({ path: "/tmp/outbox.png", fullPage: true });
    throw new Error(`${error.message}: ${await text(page, "main")}`);
  });
  assert.match(await text(page, "[data-testid=outbox]"), /grace@demo\.example · Welcome to Meridian at Demo GmbH · in the outbox/);
  await context.close();
});

test.run();
