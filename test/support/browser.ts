import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import puppeteer, { type Browser } from "puppeteer";
import { HEADLESS_CHROMIUM_FLAGS } from "../../src/server/platform/print/chromium";

/** Headless Debian chromium with the flags these machines need, and a fresh profile. */
export async function launchBrowser(): Promise<Browser & { cleanup(): Promise<void> }> {
  const profile = mkdtempSync(join(tmpdir(), "meridian-chromium-"));
  const browser = await puppeteer.launch({
    headless: true,
    args: [...HEADLESS_CHROMIUM_FLAGS, `--user-data-dir=${profile}`],
  });
  return Object.assign(browser, {
    cleanup: async () => {
      await browser.close();
      rmSync(profile, { recursive: true, force: true });
    },
  });
}
