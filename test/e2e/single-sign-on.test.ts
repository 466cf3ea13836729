import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "puppeteer";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { SSO_NOT_LINKED } from "../../src/contracts/sso";
import { launchBrowser } from "../support/browser";
import { startOidcProvider } from "../support/oidc-provider";
import { clickButton, clickLink, clickMenu, openSignInPage, signIn, waitForByName, waitForScreen, waitForShell } from "../support/person";
import { freePort, startServer, type ServerProcess } from "../support/server-process";

let server: ServerProcess;
let idp: Awaited<ReturnType<typeof startOidcProvider>>;
let dataDir: string;
let browser: Awaited<ReturnType<typeof launchBrowser>>;

test.before(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "meridian-e2e-"));
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  const client = { clientId: "meridian-e2e", clientSecret: "an-e2e-client-secret-long-enough" };
  idp = await startOidcProvider({ ...client, redirectUri: `${publicUrl}/oauth` });
  const providers = [{ name: "test-idp", label: "Test IdP", issuer: idp.issuer, client_id: client.clientId, client_secret: client.clientSecret }];
  server = await startServer({ DATA_DIR: dataDir, PUBLIC_URL: publicUrl, SSO_PROVIDERS: JSON.stringify(providers) }, [], { port });
  browser = await launchBrowser();
});

test.after(async () => {
  await browser.cleanup();
  await server.stop();
  await idp.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const text = (page: Page, selector: string) => page.$eval(selector, (element) => element.textContent ?? "");

/**
 * The provider's development login (any name) and consent pages. With a session at the provider
 * already, it sends the browser straight back to /oauth.
 */
async function signInAtProvider(page: Page, login: string) {
  await page.waitForFunction((issuer) => location.href.startsWith(issuer) || location.pathname === "/oauth", {}, idp.issuer);
  if (!page.url().startsWith(idp.issuer)) return;
  await page.waitForSelector("form");
  if (await page.$("input[name=login]")) {
    await page.type("input[name=login]", login);
    await page.type("input[name=password]", "anything");
    await Promise.all([page.waitForNavigation(), page.click("button[type=submit]")]);
  }
  if (await page.$("input[name=prompt][value=consent]")) await page.click("button[type=submit]");
}

test("an account at the provider that is linked to no user is refused", async () => {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await openSignInPage(page, server.url);
  await clickButton(page, "Sign in with Test IdP");
  await signInAtProvider(page, "nobody-here");
  await page.waitForFunction(() => location.pathname === "/oauth");
  await waitForByName(page, "[role=alert]", new RegExp(SSO_NOT_LINKED));
  await context.close();
});

test("a user links the provider's account, then signs in with it and lands where they wanted", async () => {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await openSignInPage(page, server.url);
  await signIn(page, "delegate@demo.example");
  await waitForShell(page);
  await clickMenu(page, "Settings", "Two-factor authentication");
  await waitForScreen(page, "Two-factor authentication");
  await clickButton(page, "Link Test IdP");
  await signInAtProvider(page, "dana-at-idp");
  await page.waitForFunction(() => location.pathname === "/oauth");
  await waitForByName(page, "[role=status]", /Your account is linked/);

  // Signed out, a protected page (typed, or from a bookmark) sends to /login; the provider signs
  // in and the page opens.
  await clickLink(page, "Back to your settings");
  await waitForShell(page);
  await page.click("[data-testid=logout-button]");
  await page.waitForFunction(() => location.pathname === "/login");
  await page.goto(`${server.url}/settings/two-factor-auth`);
  await page.waitForFunction(() => location.pathname === "/login");
  await clickButton(page, "Sign in with Test IdP");
  await signInAtProvider(page, "dana-at-idp");
  await page.waitForFunction(() => location.pathname === "/settings/two-factor-auth", { timeout: 15_000 });
  await page.waitForSelector("[data-testid=logout-button]");
  assert.match(await text(page, "header"), /Demo GmbH/);
  await context.close();
});

test.run();
