import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { launchBrowser } from "../support/browser";
import { startServer } from "../support/server-process";

// The newcomer's path: the built server on a fresh DATA_DIR, a real browser, then a restart.
test("first start seeds the demo, serves the client under its CSP, and a restart keeps the data", async () => {
  const dataDir = mkdtempSync(join(tmpdir(), "meridian-e2e-"));
  const browser = await launchBrowser();
  try {
    const first = await startServer({ DATA_DIR: dataDir });
    assert.match(first.output(), /Created the demo companies/);
    assert.match(first.output(), /admin@demo\.example\s+Administrator · Demo GmbH/);
    assert.equal(await (await fetch(`${first.url}/healthz`)).json(), { status: "ok" });

    const page = await browser.newPage();
    const problems: string[] = [];
    page.on("console", (message) => {
      // An anonymous visitor's session restore answers 401: expected, not a problem.
      const anonymousRestore = message.location().url?.endsWith("/api/auth/token/refresh/");
      if (message.type() === "error" && !anonymousRestore) problems.push(message.text());
    });
    page.on("pageerror", (error) => problems.push(String(error)));
    await page.evaluateOnNewDocument(() => {
      document.addEventListener("securitypolicyviolation", (event) => console.error(`CSP violation: ${event.violatedDirective}`));
    });
    await page.goto(`${first.url}/login`, { waitUntil: "networkidle0" });
    await page.waitForSelector("[data-testid=demo-hint]", { timeout: 10_000 });
    const hint = await page.$eval("[data-testid=demo-hint]", (element) => element.textContent ?? "");
    assert.match(hint, /meridian-demo/);
    assert.match(hint, /investor@atlas\.example/);
    assert.equal(problems, [], "no console errors and no CSP violations");
    const exitCode = await first.stop();
    assert.is(exitCode, 0, `SIGTERM shuts down gracefully:\n${first.output().slice(-2000)}`);

    const second = await startServer({ DATA_DIR: dataDir });
    assert.not.match(second.output(), /Created the demo companies/);
    const config = await (await fetch(`${second.url}/config.json`)).json();
    assert.is(config.demo.logins.length, 11);
    await second.stop();
  } finally {
    await browser.cleanup();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test("--roots serves a subset: an auth-only process has no main API", async () => {
  const dataDir = mkdtempSync(join(tmpdir(), "meridian-e2e-"));
  try {
    const server = await startServer({ DATA_DIR: dataDir, SEED_DEMO: "0" }, ["--roots", "auth"]);
    assert.match(server.output(), /API roots: auth/);
    assert.is((await fetch(`${server.url}/api/events/stream/`)).status, 404);
    assert.equal((await (await fetch(`${server.url}/config.json`)).json()).demo, null);
    await server.stop();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test.run();
