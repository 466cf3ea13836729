import type { Page } from "puppeteer";

/**
 * Waits until the page's finite animations and transitions have ended (at most 2 s): a theme
 * switch fades backgrounds, and a colour measured or pictured half-way belongs to neither theme.
 * Endless ones (a loading shimmer) are left alone: they would never finish.
 */
export async function transitionsEnded(page: Page) {
  await page.evaluate(() => {
    const ending = document.getAnimations().filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime ?? Infinity));
    const ended = Promise.all(ending.map((animation) => animation.finished.catch(() => undefined)));
    return Promise.race([ended, new Promise((resolve) => setTimeout(resolve, 2_000))]);
  });
}
