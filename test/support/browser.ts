import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import puppeteer, { type Browser } from "puppeteer";

/** Headless Debian chromium with the flags these machines need, and a fresh profile. */
export async function launchBrowser(): Promise<Browser & { cleanup(): Promise<void> }> {
  const profile = mkdtempSync(join(tmpdir(), "meridian-chromium-"));
  const browser = await puppeteer.launch({
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-dev-shm-usage",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      `--user-data-dir=${profile}`,
    ],
  });
  return Object.assign(browser, {
    cleanup: async () => {
      await browser.close();
      rmSync(profile, { recursive: true, force: true });
    },
  });
}
