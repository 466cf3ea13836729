import type { Page } from "puppeteer";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { expectAccessible } from "../support/axe";
import { useServerAndBrowser } from "../support/e2e";
import { clickButton, clickLink, clickMenu, signedInPage, switchTheme, waitForScreen } from "../support/person";

const e2e = useServerAndBrowser(test);

const signedIn = () => signedInPage(e2e.browser, e2e.server.url, "admin@demo.example");
const cardTexts = (page: Page, testId: string) => page.$$eval(`article[data-kpi-id] [data-testid=${testId}]`, (found) => found.map((element) => element.textContent ?? ""));
const monthInput = "form[aria-label='Dashboard filters'] input[type=month]";
const reportingMonth = (page: Page) => page.$eval(monthInput, (input) => (input as HTMLInputElement).value);

/** The cards are drawn: every card has a sparkline with a real line in it. */
async function waitForSparklines(page: Page) {
  await page.waitForFunction(() => {
    const cards = [...document.querySelectorAll("article[data-kpi-id]")];
    return cards.length > 0 && cards.every((card) => /^M[\d.]+,[\d.]+L/.test(card.querySelector("svg[data-sparkline] path")?.getAttribute("d") ?? ""));
  });
}

/**
 * Chooses a month in the reporting month field with the keyboard, as a person does in the
 * browser's month picker: arrows on the month part, then on the year part.
 */
async function chooseReportingMonth(page: Page, month: string) {
  const [fromYear, fromMonth] = (await reportingMonth(page)).split("-").map(Number) as [number, number];
  const [toYear, toMonth] = month.split("-").map(Number) as [number, number];
  // Focus lands on the month part (blur first: the field may still be focused on its year part).
  await page.$eval(monthInput, (input) => (input as HTMLInputElement).blur());
  await page.focus(monthInput);
  for (let step = 0; step < Math.abs(toMonth - fromMonth); step++) await page.keyboard.press(toMonth > fromMonth ? "ArrowUp" : "ArrowDown");
  await page.keyboard.press("ArrowRight");
  for (let step = 0; step < Math.abs(toYear - fromYear); step++) await page.keyboard.press(toYear > fromYear ? "ArrowUp" : "ArrowDown");
  await page.waitForFunction((selector, wanted) => (document.querySelector(selector) as HTMLInputElement | null)?.value === wanted, {}, monthInput, month);
}

/** "YYYY-MM" moved by `months`. */
const shiftMonth = (month: string, months: number) => {
  const index = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + months;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;
};

/** Neither the API's sentinel nor an empty pair of dashes ever reaches a card. */
async function assertNoSentinel(page: Page) {
  const text = await page.$$eval("article[data-kpi-id]", (cards) => cards.map((card) => card.textContent ?? "").join("\n"));
  assert.not.match(text, /999|– –|NaN/);
}

test("each dashboard shows sparklines, bucket badges with one legend, and trends named with their period", async () => {
  const { context, page } = await signedIn();
  await waitForScreen(page, "My dashboard");
  await waitForSparklines(page);
  const lastMonth = await page.evaluate(() => {
    const now = new Date();
    return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toLocaleString("en-US", { month: "short", year: "numeric", timeZone: "UTC" });
  });
  const monthBefore = await page.evaluate(() => {
    const now = new Date();
    return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 2, 1)).toLocaleString("en-US", { month: "short", year: "numeric", timeZone: "UTC" });
  });
  // Every trend names the month it is measured against, also when it has no percentage.
  const favoriteTrends = await cardTexts(page, "trend");
  assert.ok(favoriteTrends.every((text) => text.includes(monthBefore) || text.startsWith(`No actual for ${lastMonth}`)), favoriteTrends.join(" | "));
  assert.match(await page.$eval("h1", (h1) => h1.closest("header")?.querySelector(".description")?.textContent ?? ""), `Your favorite KPIs for ${lastMonth}`);

  for (const [item, heading] of [
    ["Operational dashboard", "Operational dashboard"],
    ["Strategic dashboard", "Strategic dashboard"],
  ] as const) {
    await clickMenu(page, "Reporting", item);
    await waitForScreen(page, heading);
    await waitForSparklines(page);
    assert.is(await page.$$eval("ul[aria-label=Benchmark]", (legends) => legends.length), 1, `one bucket legend on the ${item}`);
    const badges = await page.$$eval("article[data-kpi-id] span", (spans) => spans.map((span) => span.textContent ?? "").filter((text) => /^(Top|Bottom|Average) \d+ %$/.test(text)));
    assert.ok(badges.length > 3, `bucket badges on the ${item}: ${badges.join(", ")}`);
    const trends = await cardTexts(page, "trend");
    assert.ok(trends.some((text) => text.includes(`vs ${monthBefore}`)), trends.join(" | "));
    const names = await page.$$eval("svg[data-sparkline]", (svgs) => svgs.map((svg) => svg.getAttribute("aria-label") ?? ""));
    assert.ok(names.every((name) => /^\w{3} \d{4} – \w{3} \d{4}: lowest .+, highest .+, latest .+$/.test(name)), names[0]);
    await assertNoSentinel(page);
  }
  await context.close();
});

test("an absent plan or trend is said in words; Reset brings the reporting month back", async () => {
  const { context, page } = await signedIn();
  await clickMenu(page, "Reporting", "Operational dashboard");
  await waitForScreen(page, "Operational dashboard");
  await waitForSparklines(page);
  const initial = await reportingMonth(page);

  // The demo's plan starts with the fiscal year (April): January has none.
  await chooseReportingMonth(page, `${initial.slice(0, 4)}-01`);
  await page.waitForFunction(() => [...document.querySelectorAll("article[data-kpi-id]")].some((card) => /Jan \d{4}: no plan/.test(card.textContent ?? "")));
  assert.match(await page.$eval("form[aria-label='Dashboard filters']", (form) => form.textContent ?? ""), /Reporting month/);
  await assertNoSentinel(page);

  // Actuals begin 36 months back: the first month has nothing before it to compare with.
  await chooseReportingMonth(page, shiftMonth(initial, -35));
  await page.waitForFunction(() => [...document.querySelectorAll("[data-testid=trend]")].some((trend) => /^No actual for \w{3} \d{4} to compare with$/.test(trend.textContent ?? "")));
  await assertNoSentinel(page);

  await clickButton(page, "Reset filters");
  await page.waitForFunction((selector, wanted) => (document.querySelector(selector) as HTMLInputElement | null)?.value === wanted, {}, monthInput, initial);
  await waitForSparklines(page);
  await assertNoSentinel(page);
  await context.close();
});

test("a strategic category folds and unfolds, and stays folded when the person comes back; a card title opens the KPI detail", async () => {
  const { context, page } = await signedIn();
  await clickMenu(page, "Reporting", "Strategic dashboard");
  await waitForScreen(page, "Strategic dashboard");
  await waitForSparklines(page);
  const visibleRevenue = () => page.$eval("article[aria-label=Revenue]", (card) => card.getClientRects().length > 0);
  assert.ok(await visibleRevenue());
  await clickButton(page, /^P&L/);
  await page.waitForFunction(() => document.querySelector("article[aria-label=Revenue]")?.getClientRects().length === 0);
  assert.is(await page.$eval("button[aria-expanded]", (button) => button.getAttribute("aria-expanded")), "false");
  await clickButton(page, /^P&L/);
  await page.waitForFunction(() => (document.querySelector("article[aria-label=Revenue]")?.getClientRects().length ?? 0) > 0);

  // A folded category stays folded when the person comes back to the dashboard.
  await clickButton(page, /^P&L/);
  await clickMenu(page, "Reporting", "Operational dashboard");
  await clickMenu(page, "Reporting", "Strategic dashboard");
  await waitForSparklines(page);
  assert.is(await page.$eval("button[aria-expanded]", (button) => button.getAttribute("aria-expanded")), "false");
  await clickButton(page, /^P&L/);
  await page.waitForFunction(() => (document.querySelector("article[aria-label=Revenue]")?.getClientRects().length ?? 0) > 0);

  await clickLink(page, "Revenue", { within: "article[aria-label=Revenue]" });
  assert.is(await waitForScreen(page, "Revenue"), "Revenue");
  await context.close();
});

test("the dashboards pass axe in both themes, and at 390 px the cards stack without sideways scrolling", async () => {
  const { context, page } = await signedIn();
  const dashboards = [["My dashboard"], ["Reporting", "Operational dashboard"], ["Reporting", "Strategic dashboard"]] as const;
  for (const theme of ["dark", "light"] as const) {
    await switchTheme(page, theme);
    for (const labels of dashboards) {
      await clickMenu(page, ...(labels as unknown as [string, ...string[]]));
      await waitForScreen(page, labels.at(-1)!);
      await waitForSparklines(page);
      await expectAccessible(page, `${labels.at(-1)} (${theme})`);
    }
  }

  await page.setViewport({ width: 390, height: 844 });
  for (const labels of dashboards) {
    await clickMenu(page, ...(labels as unknown as [string, ...string[]]));
    await waitForScreen(page, labels.at(-1)!);
    await waitForSparklines(page);
    const layout = await page.evaluate(() => ({
      lefts: [...new Set([...document.querySelectorAll("article[data-kpi-id]")].filter((card) => card.getClientRects().length > 0).map((card) => Math.round(card.getBoundingClientRect().left)))],
      sideways: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    }));
    assert.is(layout.lefts.length, 1, `${labels.at(-1)}: one column of cards at 390 px (${layout.lefts.join(", ")})`);
    assert.is(layout.sideways, 0, `${labels.at(-1)}: no sideways scrolling`);
    await expectAccessible(page, `${labels.at(-1)} at 390 px`);
  }
  await context.close();
});

test.run();
