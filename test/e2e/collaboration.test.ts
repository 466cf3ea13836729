// Issue 15's browser test: Ada comments on a KPI mentioning Carl; Carl, signed in in another
// browser, sees the notification arrive (no reload), opens it, turns the comment into an action
// of his own and finds it in the actions list. Screenshots of every screen in both themes.
import { mkdirSync } from "node:fs";
import type { Page } from "puppeteer";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { expectAccessible } from "../support/axe";
import { useServerAndBrowser } from "../support/e2e";
import { clickButton, clickLink, clickMenu, signedInPage, switchTheme, waitForByName, waitForScreen } from "../support/person";

const e2e = useServerAndBrowser(test);
const KPI = "New bookings";
const SHOTS = process.env.SCREENSHOT_DIR ?? "/tmp/collaboration-shots";

async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  for (const theme of ["dark", "light"] as const) {
    await switchTheme(page, theme);
    await page.screenshot({ path: `${SHOTS}/${name}.${theme}.png`, fullPage: true });
  }
}

const bellLabel = (page: Page) => page.$eval("header button[aria-label^=Notifications]", (button) => button.getAttribute("aria-label"));

test("a comment with a mention reaches the mentioned colleague live, who makes it their action and finds it in the actions list", async () => {
  const ada = await signedInPage(e2e.browser, e2e.server.url, "admin@demo.example");
  const carl = await signedInPage(e2e.browser, e2e.server.url, "c-level@demo.example");
  // Carl works on the actions list meanwhile: the notification must come to him there.
  await clickMenu(carl.page, "Reporting", "Actions");
  await waitForScreen(carl.page, "Actions");
  assert.is(await bellLabel(carl.page), "Notifications");

  // Ada opens the KPI from the dashboard and its Comments tab.
  await clickMenu(ada.page, "Reporting", "Operational dashboard");
  await waitForScreen(ada.page, "Operational dashboard");
  await clickLink(ada.page, KPI, { within: "article[data-kpi-id]" });
  await waitForScreen(ada.page, KPI);
  await clickLink(ada.page, /^Comments$/, { within: "nav" });
  const box = "textarea[aria-label=Comment]";
  await ada.page.waitForSelector(box);
  await ada.page.type(box, "Bookings dipped after the price change. @car");
  // The suggestions list Carl; Enter puts his address in.
  await waitForByName(ada.page, "[role=listbox] [role=option]", /Carl CLevel/);
  await ada.page.keyboard.press("Enter");
  await ada.page.type(box, "can you look into it?");
  assert.is(await ada.page.$eval(box, (area) => (area as HTMLTextAreaElement).value), "Bookings dipped after the price change. @c-level@demo.example can you look into it?");
  // About the reporting month (the second choice, after the KPI as a whole).
  const about = (await ada.page.evaluateHandle(() => [...document.querySelectorAll("main select")].find((select) => (select as HTMLSelectElement).labels?.[0]?.textContent?.trim() === "About")!)).asElement() as import("puppeteer").ElementHandle<HTMLSelectElement>;
  const month = await about.evaluate((select) => ({ value: select.options[1]!.value, text: select.options[1]!.text }));
  await about.select(month.value);
  await clickButton(ada.page, "Post comment");
  await waitForByName(ada.page, "[role=status]", /Told Carl CLevel/);
  const posted = await waitForByName(ada.page, "ol[aria-label^='Comments on'] li", /Bookings dipped after the price change/);
  assert.match(await posted.evaluate((item) => item.textContent ?? ""), new RegExp(month.text), "the comment names its month");

  // Carl's bell counts it, and a toast says it, without a reload.
  await carl.page.waitForFunction(() => document.querySelector("header button[aria-label^=Notifications]")?.getAttribute("aria-label") === "Notifications, 1 unread", { timeout: 15_000 }).catch(async (error: Error) => {
    throw new Error(`Carl's bell says ${await bellLabel(carl.page)}: ${error.message}`);
  });
  await waitForByName(carl.page, "body", /Ada Administrator mentioned you on New bookings/);
  await clickButton(carl.page, /^Notifications, 1 unread$/);
  await shoot(carl.page, "inbox");
  await clickLink(carl.page, /Ada Administrator mentioned you on New bookings/);
  await waitForScreen(carl.page, KPI);
  const comment = "li[aria-current=true]";
  await waitForByName(carl.page, comment, /Bookings dipped/);
  await carl.page.waitForFunction(() => document.querySelector("header button[aria-label^=Notifications]")?.getAttribute("aria-label") === "Notifications", { timeout: 10_000 });

  // He makes it an action for himself, due at the end of the year.
  await clickButton(carl.page, "Make an action", { within: comment });
  await carl.page.waitForSelector("[role=alertdialog] select");
  assert.match(await carl.page.$eval("[role=alertdialog] select", (select) => (select as HTMLSelectElement).selectedOptions[0]!.text), /\(me\)$/);
  await carl.page.type("[role=alertdialog] input[type=date]", "12312026");
  await clickButton(carl.page, "Make action", { within: "[role=alertdialog]" });
  await waitForByName(carl.page, comment, /Action for Carl CLevel/);
  await waitForByName(carl.page, "ul[aria-label^='Actions on'] li", /Bookings dipped/);
  await expectAccessible(carl.page, "the Comments tab");
  await shoot(carl.page, "comments");
  // Ada's open tab learns of it too.
  await waitForByName(ada.page, "ol[aria-label^='Comments on'] li", /Action for Carl CLevel/, 15_000);

  // The action is in Carl's list; opened, it shows its thread.
  await clickMenu(carl.page, "Reporting", "Actions");
  await waitForScreen(carl.page, "Actions");
  await waitForByName(carl.page, "main table a", /Bookings dipped after the price change/);
  await clickLink(carl.page, /Bookings dipped after the price change/, { within: "main table" });
  await carl.page.waitForSelector("section[aria-label^='Action:']");
  await carl.page.type("section[aria-label^='Action:'] textarea", "Looking at the October pipeline now.");
  await clickButton(carl.page, "Post to thread");
  await waitForByName(carl.page, "section[aria-label=Thread] li", /October pipeline/);
  assert.is(await carl.page.$eval("section[aria-label^='Action:'] textarea", (area) => (area as HTMLTextAreaElement).value), "", "the reply box is empty again");
  await carl.page.waitForFunction(() => [...document.querySelectorAll("main table tbody td")].some((cell) => cell.textContent === "1"));
  // The due date moves into the past: the action is overdue now.
  const due = "section[aria-label^='Action:'] input[type=date]";
  // Into the field's first part (the month), then month, day and year as a person types them.
  const field = (await (await carl.page.$(due))!.boundingBox())!;
  await carl.page.mouse.click(field.x + 14, field.y + field.height / 2);
  await carl.page.keyboard.type("01152026");
  await carl.page.keyboard.press("Enter");
  await waitForByName(carl.page, "section[aria-label^='Action:'] .facts", /Overdue/);
  await expectAccessible(carl.page, "the actions screen");
  await shoot(carl.page, "actions");

  // The issues view lists what is late.
  await clickLink(carl.page, /^Issues$/, { within: "main" });
  await waitForScreen(carl.page, "Issues");
  await waitForByName(carl.page, "main h2", /^Data issues/);
  await waitForByName(carl.page, "ul[aria-label='Active issues'] li", /Bookings dipped/);
  await expectAccessible(carl.page, "the issues view");
  await shoot(carl.page, "issues");
  await clickLink(carl.page, /Bookings dipped/, { within: "ul[aria-label='Active issues']" });
  await carl.page.waitForSelector("section[aria-label^='Action:']");

  // The history chart marks the commented month.
  await ada.page.goBack();
  await clickLink(ada.page, /^Overview$/, { within: "nav" });
  const marker = await ada.page.waitForSelector("svg [data-marker]", { timeout: 15_000 });
  assert.match(await marker!.evaluate((path) => path.textContent ?? ""), /1 comment: Ada Administrator: Bookings dipped/);
  await shoot(ada.page, "chart-marker");
  await ada.context.close();
  await carl.context.close();
});

test.run();
