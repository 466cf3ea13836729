// The copilot as an administrator uses it. First on a fresh install with no model configured:
// the Copilot from the menu, "which KPIs are furthest behind plan this year?" asked, a cited
// answer from the built-in analyst (each number a link to its KPI detail). Then with an
// OpenAI-compatible endpoint (the scripted fake, a real HTTP exchange) set in the copilot
// settings: the agreement accepted, the same question runs through tool calls, the steps show,
// the answer streams in and carries a chart.
import { mkdirSync } from "node:fs";
import type { Page } from "puppeteer";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { expectAccessible } from "../support/axe";
import { useServerAndBrowser } from "../support/e2e";
import { startFakeOpenAi, type FakeOpenAi } from "../support/fake-openai";
import { clickButton, clickLink, clickMenu, signedInPage, switchTheme, waitForScreen } from "../support/person";

const e2e = useServerAndBrowser(test);
const SHOTS = process.env.SCREENSHOT_DIR ?? "/tmp/copilot-shots";
const QUESTION = "which KPIs are furthest behind plan this year?";
let model: FakeOpenAi | null = null;
/** A KPI the first answer cited: the scripted model draws its history. */
let citedKpiId: number | null = null;

test.after(async () => {
  await model?.close();
});

async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  for (const theme of ["dark", "light"] as const) {
    await switchTheme(page, theme);
    await page.screenshot({ path: `${SHOTS}/${name}.${theme}.png`, fullPage: true });
  }
}

const waitForText = (page: Page, text: string, timeout = 20_000) => page.waitForFunction((wanted) => document.body.innerText.includes(wanted), { timeout }, text);

async function ask(page: Page, question: string) {
  await page.waitForSelector("#copilot-question:not([disabled])");
  await page.click("#copilot-question");
  await page.type("#copilot-question", question);
  await page.keyboard.press("Enter");
}

/** The citations of the last answer: [KPI name, link]. */
const lastSources = (page: Page) =>
  page.$$eval("li[data-role=assistant]:last-of-type ul[aria-label=Sources] a", (links) => links.map((link) => [link.textContent ?? "", link.getAttribute("href") ?? ""]));

test("no model configured: the built-in analyst answers which KPIs are furthest behind plan, citing each", async () => {
  const { page } = await signedInPage(e2e.browser, e2e.server.url, "admin@demo.example");
  await clickMenu(page, "Copilot");
  await waitForScreen(page, "Copilot");
  await expectAccessible(page, "an empty chat");
  await ask(page, QUESTION);
  await page.waitForSelector("li[data-role=assistant] ul[aria-label=Sources]", { timeout: 30_000 });
  const text = await page.$eval("li[data-role=assistant]:last-of-type", (element) => (element as HTMLElement).innerText);
  assert.match(text, /behind plan/i);
  assert.match(text, /Answered by the built-in analyst/);
  const sources = await lastSources(page);
  assert.ok(sources.length > 0, "the answer cites numbers");
  for (const [name, href] of sources) assert.match(href ?? "", /^\/reporting\/kpi-detail\/\d+$/, `${name} links to its KPI detail`);
  // The question is stored in a conversation of its own, named by it, in the address.
  assert.match(page.url(), /\/chat\/\d+$/);
  await page.waitForFunction((question) => [...document.querySelectorAll("nav[aria-labelledby=conversations-heading] a")].some((link) => link.textContent?.toLowerCase().includes(question.slice(0, 20).toLowerCase())), { timeout: 10_000 }, QUESTION);
  citedKpiId = Number(/(\d+)$/.exec(sources[0]![1]!)![1]);
  await expectAccessible(page, "a cited answer");
  await shoot(page, "offline-answer");

  // The first source opens its KPI detail.
  const firstName = sources[0]![0]!;
  await clickLink(page, firstName, { within: "ul[aria-label=Sources]" });
  await waitForScreen(page, firstName);

  // Snapshot capture: the KPI detail's figures attached to the next question.
  await page.waitForFunction(() => [...document.querySelectorAll("main button")].some((button) => button.textContent === "Ask the copilot about this" && !(button as HTMLButtonElement).disabled), { timeout: 20_000 });
  await clickButton(page, "Ask the copilot about this");
  await waitForScreen(page, "Copilot");
  const attached = await page.waitForSelector("[data-testid=attached-snapshot]");
  assert.match((await attached!.evaluate((element) => element.textContent)) ?? "", new RegExp(`Attached: ${firstName} \\(KPI detail\\) \\(3 sets of figures\\)`));
  await ask(page, "How does this look?");
  await page.waitForFunction(() => document.querySelectorAll("li[data-role=assistant]").length > 0 && !document.querySelector("[data-testid=pending-answer]"), { timeout: 30_000 });
  const question = await page.$$eval("li[data-role=user]", (elements) => (elements.at(-1) as HTMLElement | undefined)?.innerText ?? "");
  assert.match(question, new RegExp(`Attached: ${firstName} \\(KPI detail\\)`));
  assert.is(await page.$("[data-testid=attached-snapshot]"), null, "the snapshot went with that one question");
  await expectAccessible(page, "a question with a snapshot");
  await shoot(page, "snapshot-question");
  await page.close();
});

test("an OpenAI-compatible endpoint: the agreement accepted, the question runs through tool calls and streams with a chart", async () => {
  model = await startFakeOpenAi();
  const { page } = await signedInPage(e2e.browser, e2e.server.url, "admin@demo.example");
  await clickMenu(page, "Settings", "Copilot settings");
  await waitForScreen(page, "Copilot settings");
  await page.waitForSelector("[data-testid=token-usage]");
  await expectAccessible(page, "the copilot settings");

  // The company's own endpoint, then the agreement: who and when are shown.
  const source = await page.waitForSelector("main select");
  await source!.select("company");
  await page.type("xpath/.//label[normalize-space()='Base URL']/following::input[1]", model.baseUrl);
  await page.type("xpath/.//label[normalize-space()='Model']/following::input[1]", "scripted-analyst");
  await page.type("xpath/.//label[normalize-space()='API key']/following::input[1]", "sk-test-key");
  await clickButton(page, "Save");
  await waitForText(page, "A key is stored");
  await clickButton(page, "Accept the data processing agreement");
  await page.waitForSelector("[data-testid=dpa-accepted]");
  assert.match(await page.$eval("[data-testid=dpa-accepted]", (element) => element.textContent ?? ""), /Accepted by .+ on /);
  await shoot(page, "settings");

  model.script([
    { toolCalls: [{ name: "furthest_behind_plan", arguments: { period: "ytd", limit: 3 } }], usage: { prompt: 900, completion: 30 } },
    { toolCalls: [{ name: "kpi_history", arguments: { kpiId: citedKpiId ?? 1, months: 6 } }], usage: { prompt: 1200, completion: 20 } },
    { answer: ["The KPIs furthest ", "behind plan this year ", "are listed below, ", "with the figures cited."], usage: { prompt: 1500, completion: 40 } },
  ]);
  await clickMenu(page, "Copilot");
  await waitForScreen(page, "Copilot");
  await clickLink(page, "New chat");
  await ask(page, QUESTION);
  // The steps show as they come; then the text grows; then the final answer.
  await waitForText(page, "Looking up: furthest_behind_plan");
  await page.waitForSelector("li[data-role=assistant]:last-of-type ul[aria-label=Sources]", { timeout: 30_000 });
  const text = await page.$eval("li[data-role=assistant]:last-of-type", (element) => (element as HTMLElement).innerText);
  assert.match(text, /The KPIs furthest behind plan this year are listed below, with the figures cited\./);
  assert.match(text, /Answered by scripted-analyst/);
  const sources = await lastSources(page);
  assert.ok(sources.length > 0);
  // kpi_history draws a line chart: d3 paths in an svg named by its summary, with its table.
  const chart = await page.waitForSelector("li[data-role=assistant]:last-of-type [data-testid=answer-chart] svg[role=img]");
  assert.match((await chart!.evaluate((svg) => svg.getAttribute("aria-label"))) ?? "", /^Line chart: /);
  assert.ok((await page.$$("li[data-role=assistant]:last-of-type [data-testid=answer-chart] path.series")).length > 0, "the lines are drawn");
  assert.equal(model.remaining(), 0, "every scripted turn was asked for");
  const sent = JSON.stringify(model.requests.map((request) => request.body));
  assert.ok(sent.includes("furthest_behind_plan"), "the tool's result went back to the model");
  assert.is(model.requests[0]!.authorization, "Bearer sk-test-key");
  await expectAccessible(page, "a model's answer");
  await shoot(page, "model-answer");

  // The request log shows what was sent.
  await clickMenu(page, "Settings", "Copilot settings");
  await page.waitForFunction(() => document.querySelectorAll("table[aria-label='Requests to external models'] tbody tr, [aria-label='Requests to external models'] tbody tr").length >= 3, { timeout: 10_000 });
  await page.close();
});

test.run();
