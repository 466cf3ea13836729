import type { HTTPRequest, Page } from "puppeteer";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { expectAccessible } from "../support/axe";
import { useServerAndBrowser } from "../support/e2e";
import { mailedLink } from "../support/mailed-link";
import { clickButton, clickLink, clickMenu, DESKTOP, fill, openSignInPage, signedInPage, signIn, switchTheme, waitForByName, waitForScreen, waitForShell, type Theme } from "../support/person";

// Info logs: the embedded outbox prints each mail, with its links, to the log.
const e2e = useServerAndBrowser(test, { LOG_LEVEL: "info" });

const PERMISSION_DENIED = "You don't have permission to access this content.";
const PHONE = { width: 390, height: 844 } as const;

const text = (page: Page, selector: string) => page.$eval(selector, (element) => element.textContent ?? "");

/** Requests only an administrator's screen sends: the user list, the groups, the outbox, user changes (the own profile, /users/me/, excepted). */
const isAdminRequest = (request: HTTPRequest) => {
  const path = new URL(request.url()).pathname;
  return /\/(vw\/)?auth\/users\/(?!me\/)|\/permissions\/|\/outbox\//.test(path);
};

/** The error under a form field, as read with it, once the field is invalid. */
async function fieldError(page: Page, selector: string): Promise<string> {
  await page.waitForSelector(`${selector}[aria-invalid=true]`);
  return page.$eval(selector, (input) => document.getElementById((input.getAttribute("aria-describedby") ?? "").split(" ")[0] ?? "")?.textContent ?? "");
}

/** The row of a user in the users table (a real `tr`). */
const rowText = (page: Page, email: string) => text(page, `tr[data-testid='user-${email}']`);

test("someone who may not manage users: no menu item, and the address shows only the explanation, asking the server for nothing", async () => {
  const { context, page } = await signedInPage(e2e.browser, e2e.server.url, "employee@demo.example");
  const adminRequests: string[] = [];
  page.on("request", (request) => {
    if (isAdminRequest(request)) adminRequests.push(`${request.method()} ${request.url()}`);
  });
  const menu = await page.$$eval("nav[aria-label=Main] a", (links) => links.map((link) => link.textContent?.trim()));
  assert.not.ok(menu.includes("User management"), `the menu offers no user management: ${menu.join(", ")}`);

  // A link to the settings someone shared, or a bookmark: /settings leads to user management.
  await page.goto(`${e2e.server.url}/settings`);
  assert.is(await waitForScreen(page, PERMISSION_DENIED), PERMISSION_DENIED);
  assert.is(await page.evaluate(() => location.pathname), "/settings/user-management");
  assert.is(await page.$("main table"), null, "no user table");
  assert.equal(await page.$$eval("main button, main input, main form", (elements) => elements.length), 0, "no admin controls");
  assert.match(await text(page, "main"), new RegExp(`^\\s*${PERMISSION_DENIED.replace(/[.']/g, "\\$&")}\\s*$`));
  await expectAccessible(page, "user management without the permission");
  await new Promise((resolve) => setTimeout(resolve, 300));
  assert.equal(adminRequests, [], "no request for the user list");
  await context.close();
});

test("an administrator invites nobody by mistake: an empty invitation shows its errors next to the fields; deactivation asks first and says it was done", async () => {
  const { context, page } = await signedInPage(e2e.browser, e2e.server.url, "admin@demo.example");
  await clickMenu(page, "Settings", "User management");
  await waitForScreen(page, "User management");
  await page.waitForSelector("tr[data-testid='user-delegate@demo.example']");

  await clickButton(page, "Invite user");
  await page.waitForSelector("form[aria-label='Invite user']");
  await clickButton(page, "Invite", { within: "form[aria-label='Invite user']" });
  assert.match(await fieldError(page, "form[aria-label='Invite user'] input[name=email]"), /^E-mail: This field may not be blank\./);
  await expectAccessible(page, "the invitation form with an error");
  await clickButton(page, "Cancel", { within: "form[aria-label='Invite user']" });
  await page.waitForFunction(() => !document.querySelector("form[aria-label='Invite user']"));

  // A DOM click: Chrome's alert about the demo password may float over the row's buttons.
  const deactivate = () => page.$eval("[aria-label='Deactivate delegate@demo.example']", (button) => (button as HTMLButtonElement).click());
  await deactivate();
  await page.waitForSelector("[role=alertdialog]");
  assert.match(await text(page, "[role=alertdialog]"), /Deactivate delegate@demo\.example\?/);
  await expectAccessible(page, "the deactivation question");
  await clickButton(page, "Cancel", { within: "[role=alertdialog]" });
  await page.waitForFunction(() => !document.querySelector("[role=alertdialog]"));
  assert.match(await rowText(page, "delegate@demo.example"), /Active/);
  assert.not.match(await rowText(page, "delegate@demo.example"), /Inactive/);

  await deactivate();
  await clickButton(page, "Deactivate", { within: "[role=alertdialog]" });
  await waitForByName(page, "[role=status] *", /Deactivated delegate@demo\.example/);
  assert.match(await rowText(page, "delegate@demo.example"), /Inactive/);
  await context.close();
});

test("the account screens pass axe in both themes, at 1440 and 390 px", async () => {
  const { context, page } = await signedInPage(e2e.browser, e2e.server.url, "admin@demo.example");
  for (const theme of ["light", "dark"] satisfies Theme[]) {
    await page.setViewport(DESKTOP);
    await switchTheme(page, theme);
    await clickMenu(page, "Settings", "User management");
    await waitForScreen(page, "User management");
    await page.waitForSelector("tr[data-testid='user-admin@demo.example']");
    await expectAccessible(page, `user management (${theme})`);
    await page.setViewport(PHONE);
    await expectAccessible(page, `user management at 390 px (${theme})`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.ok(overflow <= 0, `at 390 px the page itself does not scroll sideways (the table does, in its own area): ${overflow}px`);
    await page.setViewport(DESKTOP);
    await clickMenu(page, "Settings", "Two-factor authentication");
    await waitForScreen(page, "Two-factor authentication");
    await page.waitForSelector("main section");
    await expectAccessible(page, `two-factor authentication (${theme})`);
    await page.setViewport(PHONE);
    await expectAccessible(page, `two-factor authentication at 390 px (${theme})`);
    await page.setViewport(DESKTOP);

    // Signed out, the screens keep the theme chosen last.
    await page.click("[data-testid=logout-button]");
    await page.waitForFunction((expected) => location.pathname === "/login" && document.documentElement.dataset["theme"] === expected, {}, theme);
    await waitForScreen(page, "Sign in to Meridian");
    for (const viewport of [DESKTOP, PHONE]) {
      await page.setViewport(viewport);
      await expectAccessible(page, `the sign-in screen at ${viewport.width} px (${theme})`);
    }
    await clickLink(page, "Forgot password?");
    await waitForScreen(page, "Reset your password");
    await expectAccessible(page, `the forgot-password screen at 390 px (${theme})`);
    await fill(page, "input[name=email]", "employee@demo.example");
    await clickButton(page, "Send reset link");
    await waitForByName(page, "[role=status]", /If an account exists/);
    // The link in the mail: an address that arrives from outside.
    await page.goto(`${e2e.server.url}${await mailedLink(e2e.server, "employee@demo.example")}`);
    await waitForScreen(page, "Choose a new password");
    await fill(page, "input[name=new_password]", "short");
    await fill(page, "input[name=re_new_password]", "short");
    await clickButton(page, "Set new password");
    assert.match(await fieldError(page, "input[name=new_password]"), /^New password: This password is too short/);
    for (const viewport of [PHONE, DESKTOP]) {
      await page.setViewport(viewport);
      await expectAccessible(page, `the new-password screen with an error at ${viewport.width} px (${theme})`);
    }
    await openSignInPage(page, e2e.server.url);
    await signIn(page, "admin@demo.example");
    await waitForShell(page);
    await waitForScreen(page);
  }
  await context.close();
});

test.run();
