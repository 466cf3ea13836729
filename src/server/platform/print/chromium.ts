import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import puppeteer, { type Browser } from "puppeteer";

/** A headless Chromium the print pool owns, with the profile directory it removes when closed. */
export interface Chromium {
  readonly browser: Browser;
  close(): Promise<void>;
}

/** What Debian's chromium needs to run headless on these machines (no sandbox, GPU or /dev/shm) and quietly (nothing fetched in the background); the browser tests launch with them too. */
export const HEADLESS_CHROMIUM_FLAGS: readonly string[] = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/**
 * Debian's chromium (.puppeteerrc.cjs), headless, with the flags these machines need (as the
 * browser tests use) and a fresh profile, so nothing of one run stays for the next. The V8 heap
 * of each renderer is capped: a runaway page fails its render instead of growing the server.
 */
export async function launchChromium(): Promise<Chromium> {
  const profile = mkdtempSync(join(tmpdir(), "meridian-print-"));
  try {
    const browser = await puppeteer.launch({
      headless: true,
      args: [...HEADLESS_CHROMIUM_FLAGS, "--disable-extensions", "--mute-audio", "--js-flags=--max-old-space-size=256", `--user-data-dir=${profile}`],
    });
    return {
      browser,
      close: async () => {
        await browser.close().catch(() => {});
        rmSync(profile, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(profile, { recursive: true, force: true });
    throw error;
  }
}
