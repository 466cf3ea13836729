import type { Browser, ElementHandle, Page } from "puppeteer";

/**
 * A person in the browser: they type an address once (the sign-in page, or a link that arrives
 * from outside such as an e-mail), then move by clicking what they see: menu items, links,
 * buttons. Tests written with these helpers notice a link that opens nothing, which tests that
 * open screens by address never do.
 *
 * Functions that run in the page (evaluate, waitForFunction) must not declare named functions
 * (`const f = () => …`): tsx compiles those with a `__name` helper the page does not have.
 */

export const DEMO_PASSWORD = "meridian-demo";
export const DESKTOP = { width: 1440, height: 900 } as const;

/** Text to look for: a string matches the whole trimmed text, a RegExp anywhere in it. */
export type Name = string | RegExp;

/** Opens the sign-in page by its address, the way every visit starts. */
export async function openSignInPage(page: Page, baseUrl: string) {
  await page.goto(`${baseUrl}/login`);
  await page.waitForSelector("input[name=email]");
}

/** Fills in and submits the sign-in form on the page where it is shown. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await fill(page, "input[name=email]", email);
  await fill(page, "input[name=password]", password);
  await page.click("button[type=submit]");
}

/** A fresh browser context (its own cookies) signed in through the form, on the first screen. */
export async function signedInPage(browser: Browser, baseUrl: string, email: string, options: { password?: string; viewport?: { width: number; height: number } } = {}) {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport(options.viewport ?? DESKTOP);
  await openSignInPage(page, baseUrl);
  await signIn(page, email, options.password);
  await waitForShell(page);
  await waitForScreen(page);
  return { context, page };
}

/** The signed-in frame around every screen is up. */
export async function waitForShell(page: Page) {
  await page.waitForSelector("[data-testid=logout-button]");
}

/** Waits for the screen's main heading (any, or one matching `heading`) and returns its text. */
export async function waitForScreen(page: Page, heading?: Name): Promise<string> {
  const pattern = heading === undefined ? null : toPattern(heading);
  const handle = await page
    .waitForFunction(
      (source, flags) => {
        const h1 = document.querySelector("h1");
        const text = h1?.textContent?.trim() ?? "";
        if (!text || h1!.closest("[aria-busy=true]")) return false;
        return source === null || new RegExp(source, flags ?? "").test(text) ? text : false;
      },
      { timeout: 15_000 },
      pattern?.source ?? null,
      pattern?.flags ?? null,
    )
    .catch(async (error: Error) => {
      const seen = await page.evaluate(() => `${location.pathname}: h1 ${JSON.stringify(document.querySelector("h1")?.textContent ?? null)}`);
      throw new Error(`no screen with the heading ${heading ?? "(any)"} (at ${seen}): ${error.message}`);
    });
  return String(await handle.jsonValue());
}

/**
 * Clicks through the main menu: `clickMenu(page, "Reporting", "Operational dashboard")` opens the
 * section's item, `clickMenu(page, "My dashboard")` a top-level one. Where the menu is folded
 * behind a button (narrow screens), it opens it first. Waits until the item's screen is shown.
 */
export async function clickMenu(page: Page, ...labels: [string, ...string[]]) {
  const item = labels.at(-1)!;
  const section = labels.length > 1 ? labels[0]! : null;
  await revealInDrawer(page, "nav[aria-label=Main]");
  const found = await page.evaluateHandle(
    (sectionLabel, itemLabel) => {
      // The docked menu is hidden on narrow screens, where the drawer shows its own copy.
      const navs = [...document.querySelectorAll("nav[aria-label=Main]")];
      const nav = navs.find((element) => element.getClientRects().length > 0) ?? navs[0];
      if (!nav) return null;
      // A section with a single screen may show it as a plain item: then it is found anywhere.
      const section = sectionLabel === null ? null : [...nav.querySelectorAll("li")].find((li) => li.firstElementChild?.tagName !== "A" && li.firstElementChild?.textContent?.trim() === sectionLabel);
      return [...(section ?? nav).querySelectorAll("a")].find((link) => link.textContent?.trim() === itemLabel) ?? null;
    },
    section,
    item,
  );
  const link = found.asElement() as ElementHandle<HTMLAnchorElement> | null;
  if (!link) throw new Error(`no menu item ${labels.join(" › ")}; the menu has: ${await page.$$eval("nav[aria-label=Main] a", (links) => links.map((a) => a.textContent).join(", "))}`);
  await clickAndFollow(page, link);
}

/** Clicks the link whose text matches `name` (inside `within`, a CSS selector, if given). */
export async function clickLink(page: Page, name: Name, options: { within?: string } = {}) {
  const link = await waitForByName(page, `${options.within ?? ""} a`.trim(), name);
  await clickAndFollow(page, link as ElementHandle<HTMLAnchorElement>);
}

/** Clicks the button whose text or accessible label matches `name`. */
export async function clickButton(page: Page, name: Name, options: { within?: string } = {}) {
  const button = await waitForByName(page, `${options.within ?? ""} button`.trim(), name);
  await untilSettled(button);
  await button.click();
}

/** Opens the user menu in the top bar (the button with the person's name). */
export async function openUserMenu(page: Page) {
  await page.click("header button[aria-haspopup=menu]");
  await page.waitForSelector("[role=menu]");
}

export type Theme = "dark" | "light" | "auto";

/**
 * Presses the theme button (dark → light → auto) until it shows `theme`. It sits in the top bar,
 * or inside the menu drawer on the narrowest screens: then the drawer is opened and closed again.
 */
export async function switchTheme(page: Page, theme: Theme) {
  const label = { dark: "Dark", light: "Light", auto: "Auto" }[theme];
  const openedDrawer = await revealInDrawer(page, THEME_BUTTON);
  for (let presses = 0; presses <= 3; presses++) {
    const button = (await page.evaluateHandle((css) => [...document.querySelectorAll(css)].find((element) => element.getClientRects().length > 0) ?? null, THEME_BUTTON)).asElement() as ElementHandle<HTMLButtonElement> | null;
    if (!button) throw new Error("no theme button and no menu button on the page");
    const current = (await button.evaluate((element) => element.getAttribute("aria-label"))) ?? "";
    if (current.startsWith(`Theme: ${label}.`)) {
      if (openedDrawer) await page.keyboard.press("Escape");
      return;
    }
    if (presses === 3) break;
    await button.evaluate((element) => element.click());
    await page.waitForFunction((css, before) => [...document.querySelectorAll(css)].find((element) => element.getClientRects().length > 0)?.getAttribute("aria-label") !== before, {}, THEME_BUTTON, current);
  }
  throw new Error(`the theme button never showed ${label}`);
}

const THEME_BUTTON = "button[aria-label^='Theme:']";

/**
 * On narrow screens the menu and the display controls live in a drawer behind the menu button:
 * opens it unless something matching `selector` is shown already. Whether it opened it.
 */
async function revealInDrawer(page: Page, selector: string): Promise<boolean> {
  const shown = (css: string) => [...document.querySelectorAll(css)].some((element) => element.getClientRects().length > 0);
  if (await page.evaluate(shown, selector)) return false;
  const toggle = await findByName(page, "button", /(^|\s)menu$/i);
  if (!toggle) return false;
  await toggle.click();
  await page.waitForFunction(shown, {}, selector);
  return true;
}

/** Replaces an input's value by typing, as a person selects the text and types over it. */
export async function fill(page: Page, selector: string, value: string) {
  await page.waitForSelector(selector);
  await page.$eval(selector, (element) => ((element as HTMLInputElement).value = ""));
  await page.type(selector, value);
}

/** The first element matching `selector` whose text (or aria-label) matches `name`, once shown. */
export async function waitForByName(page: Page, selector: string, name: Name, timeout = 10_000): Promise<ElementHandle<Element>> {
  const pattern = toPattern(name);
  const handle = await page
    .waitForFunction(
      (css, source, flags) => {
        const pattern = new RegExp(source, flags);
        return [...document.querySelectorAll(css)].find((element) => [element.textContent, element.getAttribute("aria-label")].some((text) => !!text && pattern.test(text.trim()))) ?? false;
      },
      { timeout },
      selector,
      pattern.source,
      pattern.flags,
    )
    .catch((error: Error) => {
      throw new Error(`nothing like ${selector} named ${name} on ${page.url()}: ${error.message}`);
    });
  return handle.asElement() as ElementHandle<Element>;
}

/** The first element matching `selector` named `name` as the page is now, or null. */
async function findByName(page: Page, selector: string, name: Name) {
  const pattern = toPattern(name);
  const handle = await page.evaluateHandle(
    (css, source, flags) => {
      const pattern = new RegExp(source, flags);
      return [...document.querySelectorAll(css)].find((element) => [element.textContent, element.getAttribute("aria-label")].some((text) => !!text && pattern.test(text.trim()))) ?? null;
    },
    selector,
    pattern.source,
    pattern.flags,
  );
  return handle.asElement() as ElementHandle<Element> | null;
}

/**
 * Waits until `element` has stood still for two frames and nothing lies over its middle: a click
 * is aimed at where the element is, and a screen still laying out (a section opening above it, an
 * alert appearing) would move it away between the aim and the click, and a passing toast would
 * take the click itself, as a person's eye would wait for both. After about ten seconds the
 * click goes ahead anyway, and the test's next step says what did not happen.
 */
async function untilSettled(element: ElementHandle<Element>) {
  // No named functions inside: tsx would wrap them in a helper the page does not have.
  await element.evaluate(async (node) => {
    let last = "";
    let still = 0;
    const started = performance.now();
    for (;;) {
      if (!node.isConnected || performance.now() - started > 10_000) return;
      await new Promise((resolve) => requestAnimationFrame(resolve));
      const box = node.getBoundingClientRect();
      const now = `${box.x},${box.y},${box.width},${box.height}`;
      still = now === last ? still + 1 : 0;
      last = now;
      if (still < 2) continue;
      const x = box.x + box.width / 2;
      const y = box.y + box.height / 2;
      // Out of sight: scroll it to the middle here, then wait again for it to stand still. Left to
      // the click, the scroll would happen between the aim and the press, and a popover that
      // follows its button on scroll would move the button away from the aim.
      if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) {
        node.scrollIntoView({ block: "center", inline: "nearest" });
        still = 0;
        continue;
      }
      const top = document.elementFromPoint(x, y);
      if (top === null || top === node || node.contains(top)) return;
    }
  });
}

/** Clicks a link and waits until the address is the link's (or where the app sends it) and a screen is shown. */
async function clickAndFollow(page: Page, link: ElementHandle<HTMLAnchorElement>) {
  const before = await page.evaluate(() => location.pathname + location.search);
  const href = await link.evaluate((element) => element.getAttribute("href") ?? "");
  await untilSettled(link);
  await link.click();
  if (href !== before) {
    await page.waitForFunction((from) => location.pathname + location.search !== from, { timeout: 10_000 }, before).catch(async (error: Error) => {
      // Say what stood in the way: most often a dialog (the unsaved-changes guard) the click opened.
      const dialog = await page.evaluate(() => document.querySelector("[role=alertdialog], [role=dialog]")?.textContent ?? null);
      throw new Error(`the link to ${href} did not lead there from ${before}${dialog ? `; a dialog is open: "${dialog.slice(0, 200)}"` : ""} (${error.message})`);
    });
  }
  await waitForScreen(page);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const toPattern = (name: Name) => (typeof name === "string" ? new RegExp(`^${escapeRegExp(name)}$`) : name);
