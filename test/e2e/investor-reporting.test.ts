import { mkdirSync } from "node:fs";
import type { ElementHandle, Page } from "puppeteer";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { expectAccessible } from "../support/axe";
import { useServerAndBrowser } from "../support/e2e";
import { clickButton, clickLink, clickMenu, signedInPage, switchTheme, waitForByName, waitForScreen } from "../support/person";

// Info logs: the embedded outbox prints each mail, with its links, to the log.
const e2e = useServerAndBrowser(test, { LOG_LEVEL: "info" });
const DIALOG = "[role=alertdialog]";
const RECIPIENT = "board@atlas.example";
/** Screenshots for a reviewer (and the author) to look at, in both themes. */
const SHOTS = process.env.SCREENSHOT_DIR ?? "/tmp/investor-reporting-shots";

async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  for (const theme of ["dark", "light"] as const) {
    await switchTheme(page, theme);
    await page.screenshot({ path: `${SHOTS}/${name}.${theme}.png`, fullPage: true });
  }
}

/** The input (or select) labelled `label` inside `within`. */
async function labelled(page: Page, label: string, within: string): Promise<ElementHandle<HTMLInputElement>> {
  const control = await page.waitForFunction(
    (css, name) => [...document.querySelectorAll(`${css} input, ${css} textarea, ${css} select`)].find((element) => (element as HTMLInputElement).labels?.[0]?.textContent?.replace(" (required)", "").trim() === name) ?? false,
    { timeout: 10_000 },
    within,
    label,
  );
  return control.asElement() as ElementHandle<HTMLInputElement>;
}

async function typeLabelled(page: Page, label: string, text: string, within = DIALOG) {
  await (await labelled(page, label, within)).type(text);
}

/** Picks the option whose text matches `option` in the select labelled `label`. */
async function choose(page: Page, label: string, option: RegExp, within = "main") {
  const select = (await labelled(page, label, within)) as unknown as ElementHandle<HTMLSelectElement>;
  const value = await page.waitForFunction(
    (element, source) => [...(element as HTMLSelectElement).options].find((entry) => new RegExp(source).test(entry.text) && entry.value !== "")?.value ?? false,
    { timeout: 10_000 },
    select,
    option.source,
  );
  await select.select(String(await value.jsonValue()));
}

const sectionNames = (page: Page) => page.$$eval("ol[aria-label=Sections] > li", (items) => items.map((item) => item.getAttribute("aria-label")));

async function addSection(page: Page, type: RegExp, count: number) {
  await choose(page, "Section type", type, "form[aria-label='Add a section']");
  await clickButton(page, "Add section");
  await page.waitForFunction((expected) => document.querySelectorAll("ol[aria-label=Sections] > li").length === expected, { timeout: 15_000 }, count);
}

test("an administrator builds a report with a KPI, a financial and a text section, sorts it by keyboard, approves it and sends it to a recipient, who gets the mail", async () => {
  const { page } = await signedInPage(e2e.browser, e2e.server.url, "admin@demo.example");
  await clickMenu(page, "Investor reporting", "Investor reporting");
  await waitForScreen(page, "Investor reporting");
  // The demo company's draft is listed with its status.
  await waitForByName(page, "main th a", "Board pack");
  await expectAccessible(page, "the investor reports");
  await shoot(page, "list");

  // The client refuses a name the list has already; a new name creates a draft, which opens.
  await clickButton(page, "New report");
  await typeLabelled(page, "Name", "Board pack");
  await waitForByName(page, `${DIALOG} *`, /This report name is already taken$/);
  const name = await labelled(page, "Name", DIALOG);
  await name.click({ count: 3 });
  await name.type("Q3 investor update");
  await clickButton(page, "Create", { within: DIALOG });
  await waitForScreen(page, "Q3 investor update");
  await waitForByName(page, "main dd", /^Recalculated on load/, 15_000);

  // A KPI section with KPIs picked from the company's list.
  await addSection(page, /^KPIs$/, 1);
  await clickButton(page, "Settings of Section 1");
  await (await waitForByName(page, `${DIALOG} label`, /^Revenue$/)).click();
  await (await waitForByName(page, `${DIALOG} label`, /^New bookings$/)).click();
  await clickButton(page, "Save settings", { within: DIALOG });
  await page.waitForFunction(() => !document.querySelector("[role=alertdialog]"));
  await waitForByName(page, "li[aria-label='Section 1'] [data-section] *, li[aria-label='Section 1'] [data-section]", /Revenue/, 15_000);

  // A financial section and a text section, numbered as the server does.
  await addSection(page, /^Financial reporting$/, 2);
  await addSection(page, /^Text$/, 3);
  assert.equal(await sectionNames(page), ["Section 1", "Section 2", "Section 3"]);

  // Rich text: a bold word and a list, saving, then saved.
  const editor = await page.waitForSelector("li[aria-label='Section 3'] [contenteditable=true]");
  await editor!.click();
  await page.keyboard.type("Dear investors, ");
  await clickButton(page, "Bold", { within: "li[aria-label='Section 3']" });
  await page.waitForFunction(() => document.activeElement?.getAttribute("contenteditable") === "true");
  await page.keyboard.type("a strong quarter");
  await clickButton(page, "Bold", { within: "li[aria-label='Section 3']" });
  await page.waitForFunction(() => document.activeElement?.getAttribute("contenteditable") === "true");
  await page.keyboard.press("Enter");
  await clickButton(page, "Bulleted list", { within: "li[aria-label='Section 3']" });
  // The toolbar hands the focus back to the text (the editor does it on the next frame).
  await page.waitForFunction(() => document.activeElement?.getAttribute("contenteditable") === "true");
  await page.keyboard.type("Revenue up");
  // A link on the words just typed: its address in the toolbar's popover, checked before it is set.
  await page.keyboard.down("Shift");
  await page.keyboard.press("Home");
  await page.keyboard.up("Shift");
  await clickButton(page, "Link", { within: "li[aria-label='Section 3']" });
  const address = await page.waitForSelector("[role=dialog] input");
  await address!.type("ftp://files.example");
  await clickButton(page, "Add link");
  await waitForByName(page, "[role=dialog] [role=alert]", /starts with https:\/\/, http:\/\/ or mailto:/);
  await address!.click({ count: 3 });
  await address!.type("https://example.com/q3");
  await clickButton(page, "Add link");
  await page.waitForFunction(() => !document.querySelector("[role=dialog]") && !!document.querySelector("li[aria-label='Section 3'] [contenteditable=true] a[href='https://example.com/q3']"));
  await waitForByName(page, "li[aria-label='Section 3'] [role=status]", /^Saving…$/);
  await waitForByName(page, "li[aria-label='Section 3'] [role=status]", /^Saved$/, 15_000);

  // The text section moves to the top with the keyboard; the move is announced and kept.
  await page.focus("li[aria-label='Section 3'] button.handle");
  await page.keyboard.press("Home");
  await page.waitForFunction(() => [...document.querySelectorAll("[aria-live=polite]")].some((region) => region.textContent?.includes("Moved “Section 3” to place 1 of 3.")));
  assert.equal(await sectionNames(page), ["Section 3", "Section 1", "Section 2"]);
  await page.waitForFunction(() => !document.querySelector("main [aria-busy=true]"));
  await expectAccessible(page, "a draft report");
  await shoot(page, "report");

  // After a reload the order and the text are what the server kept.
  await page.reload();
  await waitForScreen(page, "Q3 investor update");
  await page.waitForFunction(() => document.querySelectorAll("ol[aria-label=Sections] > li").length === 3);
  assert.equal(await sectionNames(page), ["Section 3", "Section 1", "Section 2"]);
  const html = await page.$eval("li[aria-label='Section 3'] [contenteditable=true]", (element) => element.innerHTML);
  assert.match(html, /<strong>a strong quarter<\/strong>/);
  assert.match(html, /<ul><li><p><a [^>]*href="https:\/\/example\.com\/q3"[^>]*>Revenue up<\/a><\/p><\/li><\/ul>/);

  // A recipient.
  await clickLink(page, "Recipients", { within: "nav[aria-label='Report views']" });
  await typeLabelled(page, "E-mail", RECIPIENT, "form[aria-label='Add a recipient']");
  await typeLabelled(page, "Name", "Atlas board", "form[aria-label='Add a recipient']");
  await clickButton(page, "Add recipient");
  await waitForByName(page, "table[aria-label=Recipients] th", new RegExp(RECIPIENT.replace(".", "\\.")));

  await expectAccessible(page, "a report's recipients");

  // The settings: name, end date, visibility, sharing, exports, templates.
  await clickLink(page, "Settings", { within: "nav[aria-label='Report views']" });
  await waitForByName(page, "main h2", "Sharing");
  await waitForByName(page, "main label", /^Share with/);
  await expectAccessible(page, "a report's settings");
  await shoot(page, "settings");

  // Approve: the confirmation explains the freeze; the figures are then as of the approval.
  await clickLink(page, "Report", { within: "nav[aria-label='Report views']" });
  await clickButton(page, /^Approve$/);
  await waitForByName(page, DIALOG, /figures are computed now and stored/);
  await clickButton(page, /^Approve$/, { within: DIALOG });
  await waitForByName(page, "main dd", /^Figures as of /, 15_000);
  await waitForByName(page, "main dd", /^by Ada/);
  // Frozen: no editing left, and the screen says why.
  await waitForByName(page, "main p", /its figures and sections are frozen/);
  assert.is(await page.$("li[aria-label='Section 3'] [contenteditable=true]"), null);
  assert.is(await page.$("form[aria-label='Add a section']"), null);

  // Send: the subject is required.
  await clickButton(page, /^Send$/);
  const subject = await labelled(page, "Subject", DIALOG);
  await subject.click({ count: 3 });
  await page.keyboard.press("Backspace");
  await clickButton(page, /^Send$/, { within: DIALOG });
  await waitForByName(page, `${DIALOG} *`, /Subject is a required field/);
  await subject.type("Our third quarter");
  await typeLabelled(page, "Message", "Please find our update below.");
  // The board pack goes along as a PDF, in the default dark theme.
  await (await waitForByName(page, `${DIALOG} label`, /^Attach the board pack as a PDF$/)).click();
  await shoot(page, "send-dialog");
  await clickButton(page, /^Send$/, { within: DIALOG });
  await waitForByName(page, "main [role=alert] *, main [role=status] *, main *", /^Successfully sent 1 e-mails\.$/, 20_000);
  await waitForByName(page, "main .badge, main span", /^Sent$/);

  // The mail went out through the mail layer (the embedded outbox logs it) with the personal link.
  const mail = await waitForMail(RECIPIENT, "Our third quarter");
  assert.match(mail, /\/api\/investor-reporting\/links\//);
  // HOOK for the print helper (issue 14, PDF): from here, open Settings › "Export PDF" (theme Dark)
  // and read the downloaded file (pdftoppm pages, the section names and "a strong quarter" present).
});

/** The outbox's log line of the newest mail to `to` with `subject`. */
async function waitForMail(to: string, subject: string): Promise<string> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const line = e2e.server.output().split("\n").findLast((entry) => entry.includes(`outbox: mail to ${to}: ${subject}`));
    if (line) return line;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no mail to ${to} with the subject ${subject} in the log`);
}

test.run();
