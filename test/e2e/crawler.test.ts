import type { ElementHandle, Page } from "puppeteer";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { REDIRECTS } from "../../src/domain/navigation/guard";
import { SCREENS } from "../../src/domain/navigation/screens";
import { formatFindings, runAxe, type AxeFinding } from "../support/axe";
import { useServerAndBrowser } from "../support/e2e";
import { watchPageProblems, type PageProblems } from "../support/page-problems";
import { clickLink, DESKTOP, openSignInPage, openUserMenu, signIn, switchTheme, waitForScreen, waitForShell } from "../support/person";

/**
 * For every demo login: sign in through the form, then click every internal link on every screen
 * reached (menu, page content, breadcrumbs, user menu) and check that it lands on a real screen;
 * run axe on every distinct screen of the role (dark, 1440 px), and on each screen once also in the
 * light theme and at 390 px in both themes (where the theme button sits in the drawer). Then type an
 * unknown address (the 404 page) and a known one the role may not open (the first menu item).
 *
 * Bounds, so sixty more screens stay affordable: a screen's links to one route pattern from one
 * region (menu, main, aside…) are followed at most LINKS_PER_PLACE times, and the links of at most
 * SCREENS_PER_PATTERN addresses of one pattern are followed (two of the 64 KPI details; more are
 * reached and checked, one from each place that links to them).
 */

const e2e = useServerAndBrowser(test);

/** The demo logins of README: Demo GmbH's seven roles, Northwind, the investor instance, the holding. */
const ROLES = [
  "admin@demo.example",
  "c-level@demo.example",
  "delegate@demo.example",
  "employee@demo.example",
  "external@demo.example",
  "investor@demo.example",
  "head-of-department@demo.example",
  "admin@northwind.example",
  "investor@northwind.example",
  "investor@atlas.example",
  "admin@holding.example",
];

const LINKS_PER_PLACE = 1;
const SCREENS_PER_PATTERN = 2;
/**
 * Chromium keeps at most 50 entries of a tab's history and drops the oldest beyond that, so a
 * crawl deeper than that could no longer go back to where it started. Past this depth a screen's
 * links are not followed further (the screen itself is still checked; it is crawled from a
 * shallower place if any links to it).
 */
const MAX_HISTORY_DEPTH = 40;
const NARROW = { width: 390, height: 844 } as const;
const NOT_FOUND = "This page does not exist";
/** A route of spec section 2 that no role may open yet (not built), for the guard check; none once every screen has landed. */
const KNOWN_UNBUILT_ROUTE = SCREENS.find((screen) => !screen.landed)?.path ?? null;

/** /reporting/kpi-detail/12 → /reporting/kpi-detail/:id: addresses of one screen share a pattern. */
const routePattern = (path: string) => path.replace(/\/\d+(?=\/|$|\?)/g, "/:id");

interface LinkOnScreen {
  readonly href: string;
  readonly text: string;
  /** The landmark or table it sits in, e.g. "nav Main", "main", "aside High and low performers". */
  readonly region: string;
  /** Its position among the links with the same href in that region. */
  readonly nth: number;
  readonly inUserMenu: boolean;
  /** Outside `main`: the menu, top bar and user menu around every screen. */
  readonly inShell: boolean;
}

interface Crawl {
  readonly page: Page;
  readonly problems: PageProblems;
  readonly role: string;
  /** Every screen reached, with its heading. */
  readonly visited: Map<string, string>;
  /** The screens whose links were followed. */
  readonly crawled: Set<string>;
  readonly perPattern: Map<string, number>;
  readonly perPlace: Map<string, number>;
  readonly checked: Set<string>;
  readonly failures: string[];
  links: number;
  /** Which shell link the next screen follows. */
  shellTurn: number;
}

// CRAWL_ROLES=employee@demo.example,… crawls only those (while working on one role's screens).
const only = process.env["CRAWL_ROLES"]?.split(",");
const roles = ROLES.filter((role) => !only || only.includes(role));

/**
 * Roles crawl side by side, each in its own browser context: most of a crawl is waiting for the
 * server, and two crawls keep both cores of a small machine busy. Each role's test waits for its
 * crawl and reports its failures.
 */
const CONCURRENT_ROLES = 2;
const crawls = new Map<string, Promise<Crawl>>();
const summary = new Map<string, string>();
let accessibilityRuns = 0;

test.before(() => {
  const queue = [...roles];
  const next = async (): Promise<void> => {
    const role = queue.shift();
    if (!role) return;
    const crawl = crawlRole(role);
    crawls.set(role, crawl);
    await crawl;
    return next();
  };
  for (let lane = 0; lane < CONCURRENT_ROLES; lane++) void next();
});

for (const role of roles) {
  test(`${role}: every link lands on a real screen; no screen has a serious or critical axe finding`, async () => {
    while (!crawls.has(role)) await new Promise((resolve) => setTimeout(resolve, 100));
    const crawl = await crawls.get(role)!;
    assert.ok(crawl.failures.length === 0, `${role}: ${crawl.failures.length} problems\n${crawl.failures.join("\n\n")}`);
  });
}

test("the public screens have no serious or critical axe finding, in the dark and the light theme", async () => {
  const context = await e2e.browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport(DESKTOP);
  const failures: string[] = [];
  const check = async (theme: string) => {
    const heading = await waitForScreen(page);
    for (const viewport of [DESKTOP, NARROW]) {
      await page.setViewport(viewport);
      const { failing } = await runAxe(page);
      accessibilityRuns++;
      if (failing.length > 0) failures.push(`axe on "${heading}" (${new URL(page.url()).pathname}), ${theme} theme, ${viewport.width} px:\n${formatFindings(failing)}`);
    }
    await page.setViewport(DESKTOP);
  };
  for (const theme of ["dark", "light"] as const) {
    await openSignInPage(page, e2e.server.url);
    if (theme === "light") {
      // The sign-in page has no theme button: a person chooses light inside and signs out.
      await signIn(page, "employee@demo.example");
      await waitForShell(page);
      await switchTheme(page, "light");
      await page.click("[data-testid=logout-button]");
      await page.waitForFunction(() => location.pathname === "/login" && document.documentElement.dataset["theme"] === "light");
    }
    await check(theme);
    await clickLink(page, "Forgot password?");
    await check(theme);
    await clickLink(page, "Back to sign-in");
    // Addresses that arrive from outside: a reset link from an e-mail, the provider's redirect.
    await page.goto(`${e2e.server.url}/password/reset/confirm/MQ/an-expired-token`);
    await check(theme);
    await page.goto(`${e2e.server.url}/oauth`);
    await check(theme);
  }
  await context.close();
  assert.ok(failures.length === 0, failures.join("\n\n"));
});

test.after(() => {
  console.log(`\nCrawler (${accessibilityRuns} axe runs):\n${roles.map((role) => summary.get(role) ?? `${role}: not crawled`).join("\n")}`);
});

async function crawlRole(role: string): Promise<Crawl> {
  const started = Date.now();
  const context = await e2e.browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport(DESKTOP);
  // "Auto" follows the system; a dark system keeps the theme cycle's third step dark.
  await page.emulateMediaFeatures([{ name: "prefers-color-scheme", value: "dark" }]);
  const problems = await watchPageProblems(page);
  const crawl: Crawl = { page, problems, role, visited: new Map(), crawled: new Set(), perPattern: new Map(), perPlace: new Map(), checked: new Set(), failures: [], links: 0, shellTurn: 0 };
  try {
    await openSignInPage(page, e2e.server.url);
    await signIn(page, role);
    await waitForShell(page);
    const first = await arrive(crawl, "the sign-in form", null);
    if (first) await crawlScreen(crawl, first);
    await typedAddresses(crawl);
  } catch (error) {
    crawl.failures.push(`the crawl stopped at ${page.url()}: ${error instanceof Error ? error.stack : String(error)}`);
  } finally {
    await context.close().catch(() => undefined);
  }
  const patterns = new Set([...crawl.visited.keys()].map(routePattern));
  summary.set(role, `${role.padEnd(33)} ${String(crawl.links).padStart(3)} links clicked, ${String(crawl.visited.size).padStart(2)} screens (${patterns.size} distinct) in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return crawl;
}

/**
 * Follows the links of the screen at `path` (where the page is now), depth first, coming back
 * with the back button after each. The screen's own links (in `main`: content, breadcrumbs,
 * tables) are followed once per place. The shell's links (menu, top bar, user menu) are the same
 * on every screen: all of them are followed from the first screen, and from every later screen
 * one, taking the next in turn, so the menu is tried from every screen while the work grows with
 * the number of screens, not with its square.
 */
async function crawlScreen(crawl: Crawl, path: string) {
  const pattern = routePattern(path);
  const firstScreen = crawl.crawled.size === 0;
  crawl.crawled.add(path);
  crawl.perPattern.set(pattern, (crawl.perPattern.get(pattern) ?? 0) + 1);
  await checkAccessibility(crawl, pattern);
  const heading = crawl.visited.get(path)!;
  const links = await linksOn(crawl.page);
  // The style guide's links are specimens of breadcrumbs and empty states, not navigation.
  const content = pattern === "/uipatterns" ? [] : links.filter((link) => !link.inShell);
  const shell = links.filter((link) => link.inShell && link.href !== path);
  const chosen = firstScreen ? [...content, ...shell] : [...content, ...shell.slice(crawl.shellTurn++ % Math.max(shell.length, 1)).slice(0, 1)];
  const clickedHere = new Set<string>();
  for (const link of chosen) {
    const target = link.href.split("#")[0]!;
    const place = `${pattern} ${link.region} → ${routePattern(target)}`;
    if (clickedHere.has(`${link.region} ${target}`) || (!link.inShell && (crawl.perPlace.get(place) ?? 0) >= LINKS_PER_PLACE)) continue;
    clickedHere.add(`${link.region} ${target}`);
    crawl.perPlace.set(place, (crawl.perPlace.get(place) ?? 0) + 1);
    const where = `on "${heading}" (${path}): link "${link.text}" → ${link.href} in ${link.region}`;
    const landed = await follow(crawl, link, path, where);
    if (landed === null || landed === path) continue;
    const depth = await crawl.page.evaluate(() => history.length);
    if (!crawl.crawled.has(landed) && (crawl.perPattern.get(routePattern(landed)) ?? 0) < SCREENS_PER_PATTERN && depth < MAX_HISTORY_DEPTH) await crawlScreen(crawl, landed);
    if (!(await goBack(crawl, path))) return;
  }
}

/** Clicks one link as a person does and checks where it went. The path it landed on, or null. */
async function follow(crawl: Crawl, link: LinkOnScreen, from: string, where: string): Promise<string | null> {
  const { page, problems } = crawl;
  crawl.links++;
  const before = problems.take();
  if (before.length > 0) crawl.failures.push(`back on ${from}: problems:\n  ${before.join("\n  ")}`);
  if (link.inUserMenu) await openUserMenu(page);
  const handle = await page
    .waitForFunction(
      (href, region, nth, inUserMenu) => {
        const links = [...document.querySelectorAll<HTMLAnchorElement>(inUserMenu ? "[role=menu] a" : "a")].filter((a) => a.getAttribute("href") === href && a.checkVisibility());
        return links.filter((a) => (window as unknown as { regionOf(a: Element): string }).regionOf(a) === region)[nth] ?? false;
      },
      { timeout: 10_000 },
      link.href,
      link.region,
      link.nth,
      link.inUserMenu,
    )
    .catch(() => null);
  if (!handle) {
    crawl.failures.push(`${where}: the link is gone when coming back to the screen`);
    return null;
  }
  const element = handle.asElement() as ElementHandle<Element>;
  await element.click();
  const target = link.href.split("#")[0]!;
  if (target !== from) {
    const movedOn = () => page.waitForFunction((before) => location.pathname + location.search !== before, { timeout: 10_000 }, from).then(() => true, () => false);
    let moved = await movedOn();
    // A live toast can pass over the link just as it is clicked, and the click lands on the toast.
    // A person clicks again once it is gone: so does the crawler (unless a dialog asks something),
    // and says what was over the link when it still fails.
    const covering = moved ? null : await element.evaluate((a) => {
      const box = a.getBoundingClientRect();
      const top = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
      return top && !a.contains(top) ? `${top.tagName.toLowerCase()}${top.getAttribute("role") ? `[role=${top.getAttribute("role")}]` : ""}` : null;
    }).catch(() => null);
    const asking = moved ? false : await page.evaluate(() => document.querySelector("[role=dialog], [role=alertdialog]") !== null);
    if (!moved && !asking) {
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      await element.click().catch(() => undefined);
      moved = await movedOn();
    }
    if (!moved) {
      crawl.failures.push(`${where}: clicking it opened nothing (still at ${from}${covering ? `; ${covering} was over the link` : ""})`);
      return null;
    }
  }
  return arrive(crawl, where, target);
}

/** Checks the screen the page arrived on; records it. The path, or null when it is no real screen. */
async function arrive(crawl: Crawl, where: string, expected: string | null): Promise<string | null> {
  const { page, problems } = crawl;
  const fail = (problem: string) => crawl.failures.push(`${where}: ${problem}`);
  await problems.settled().catch((error: Error) => fail(error.message));
  const heading = await waitForScreen(page).catch(() => null);
  const state = await page.evaluate(() => ({
    path: location.pathname + location.search,
    text: document.body.innerText,
  }));
  const found = problems.take();
  let real = true;
  if (expected !== null && state.path !== expected && state.path !== REDIRECTS[expected]) {
    fail(`landed on ${state.path} instead`);
    real = false;
  }
  if (heading === null) {
    fail(`no main heading (h1) at ${state.path}`);
    real = false;
  }
  // The heading, not the text: the style guide shows the 404 state as one of its examples.
  if (heading === NOT_FOUND) {
    fail(`the 404 page ("${NOT_FOUND}") at ${state.path}`);
    real = false;
  }
  if (/An error occurred, please reload the page|Chunk load error/.test(state.text)) {
    fail(`an error screen at ${state.path}: ${/(An error occurred[^\n]*|Chunk load error[^\n]*)/.exec(state.text)?.[1]}`);
    real = false;
  }
  if (found.length > 0) fail(`problems at ${state.path}:\n  ${found.join("\n  ")}`);
  if (!real) return null;
  if (!crawl.visited.has(state.path)) crawl.visited.set(state.path, heading!);
  return state.path;
}

/**
 * The browser's back button, until the screen at `path` shows again. A link to the screen one is
 * on adds a second history entry for it (wouter pushes even the same address), so going back from
 * a screen may take more than one press.
 */
async function goBack(crawl: Crawl, path: string): Promise<boolean> {
  const { page } = crawl;
  let back = false;
  for (let presses = 0; presses < 5 && !back; presses++) {
    back = await page.evaluate(
      (to) =>
        new Promise<boolean>((resolve) => {
          addEventListener("popstate", () => resolve(location.pathname + location.search === to), { once: true });
          history.back();
          setTimeout(() => resolve(false), 5_000);
        }),
      path,
    );
  }
  if (!back) {
    crawl.failures.push(`the back button did not return to ${path} (at ${await page.evaluate(() => location.pathname)})`);
    return false;
  }
  // No waiting for the screen's requests: the next link is clicked as soon as it shows, as a
  // person would (a request cut short by leaving is no failure; any other lands in the next check).
  await waitForScreen(page);
  return true;
}

/** Every internal link a person can see on the screen, and those in the user menu. */
async function linksOn(page: Page): Promise<LinkOnScreen[]> {
  await page.evaluate(() => {
    // Where a link sits, named: links in different places come from different components, each
    // of which can build its addresses wrongly. Outside `main` is the shell around every screen.
    (window as unknown as { regionOf(a: Element): string }).regionOf = (a: Element) => {
      const main = a.closest("main");
      const region = main
        ? a.closest("nav, aside, footer, table, [role=table], [role=grid], [role=dialog]")
        : a.closest("nav, header, [role=menu], [role=dialog]");
      const labelledBy = region?.getAttribute("aria-labelledby");
      const name = region?.getAttribute("aria-label") ?? (labelledBy ? document.getElementById(labelledBy)?.textContent : null) ?? "";
      const kind = region ? (region.getAttribute("role") ?? region.tagName.toLowerCase()) : "";
      return `${main ? "main" : "shell"}${kind ? ` ${kind}` : ""}${name ? ` "${name}"` : ""}`;
    };
  });
  const collect = (inUserMenu: boolean) =>
    page.evaluate((inMenu) => {
      const regionOf = (window as unknown as { regionOf(a: Element): string }).regionOf;
      const seen = new Map<string, number>();
      return [...document.querySelectorAll<HTMLAnchorElement>(inMenu ? "[role=menu] a[href^='/']" : "a[href^='/']")]
        .filter((a) => !a.getAttribute("href")!.startsWith("//") && a.checkVisibility() && (inMenu || !a.closest("[role=menu]")))
        .map((a) => {
          const href = a.getAttribute("href")!;
          const region = regionOf(a);
          const nth = seen.get(`${region} ${href}`) ?? 0;
          seen.set(`${region} ${href}`, nth + 1);
          return { href, text: (a.textContent ?? "").trim().slice(0, 60), region, nth, inUserMenu: inMenu, inShell: !a.closest("main") };
        });
    }, inUserMenu);
  const onScreen = await collect(false);
  await openUserMenu(page);
  const inMenu = await collect(true);
  await page.keyboard.press("Escape");
  await page.waitForFunction(() => !document.querySelector("[role=menu]"));
  return [...onScreen, ...inMenu];
}

/**
 * axe on the screen as it is, in the dark theme at 1440 px: once per route pattern and role (a
 * role sees other controls: inputs where it may write, admin buttons). In the light theme
 * (pressing the theme button as a person does, and back) and at 390 px wide: once per route
 * pattern in the whole crawl, by the first role to reach it, since colours and layout are the
 * same for every role.
 */
const checkedInEveryVariant = new Set<string>();

async function checkAccessibility(crawl: Crawl, pattern: string) {
  if (crawl.checked.has(pattern)) return;
  crawl.checked.add(pattern);
  const { page } = crawl;
  const heading = await page.evaluate(() => document.querySelector("h1")?.textContent ?? document.title);
  const report = (variant: string, failing: readonly AxeFinding[]) => {
    accessibilityRuns++;
    if (failing.length > 0) crawl.failures.push(`axe on "${heading}" (${pattern}), ${variant}: ${failing.length} serious or critical rules\n${formatFindings(failing)}`);
  };
  report("dark theme, 1440 px", (await runAxe(page)).failing);
  if (checkedInEveryVariant.has(pattern)) return;
  checkedInEveryVariant.add(pattern);
  await switchTheme(page, "light");
  report("light theme, 1440 px", (await runAxe(page)).failing);
  await switchTheme(page, "dark");
  await page.setViewport(NARROW);
  await crawl.problems.settled().catch(() => undefined);
  report("dark theme, 390 px", (await runAxe(page)).failing);
  await switchTheme(page, "light");
  report("light theme, 390 px", (await runAxe(page)).failing);
  await switchTheme(page, "dark");
  await page.setViewport(DESKTOP);
}

/** Addresses typed by hand: an unknown one shows the 404 page; a known one the role may not open, the first menu item. */
async function typedAddresses(crawl: Crawl) {
  const { page, problems } = crawl;
  const fail = (problem: string) => crawl.failures.push(problem);
  const menu = await page.$$eval("nav[aria-label=Main] a", (links) => links.map((a) => a.getAttribute("href") ?? ""));

  await page.goto(`${e2e.server.url}/this/address/does-not-exist`);
  const heading = await waitForScreen(page).catch(() => null);
  const at = await page.evaluate(() => location.pathname);
  if (heading !== NOT_FOUND || at !== "/this/address/does-not-exist") fail(`typing an unknown address shows "${heading}" at ${at}, not the 404 page where it was typed`);
  await checkAccessibility(crawl, "404");
  problems.take();

  // A built menu screen outside the role's menu if there is one; otherwise a route not built yet.
  // (A screen reached from another one, not the menu, such as the accounting wizard, is no such screen.)
  const forbidden =
    SCREENS.find((screen) => screen.landed && screen.menu !== false && screen.path !== "/reporting/kpi-detail" && !screen.path.startsWith("/settings") && !menu.includes(screen.path))?.path ?? KNOWN_UNBUILT_ROUTE;
  // Every screen built and in this role's menu: no address it may not open to type.
  if (forbidden === null) return;
  await page.goto(`${e2e.server.url}${forbidden}`);
  const sentTo = await page
    .waitForFunction((first) => location.pathname === first, { timeout: 10_000 }, menu[0])
    .then(() => menu[0])
    .catch(() => page.evaluate(() => location.pathname));
  if (sentTo !== menu[0]) fail(`typing ${forbidden}, which the role may not open, went to ${sentTo} instead of the first menu item ${menu[0]}`);
  else await waitForScreen(page).catch(() => fail(`the first menu item ${menu[0]} shows no screen after the guard sent the role there`));
  const found = problems.take();
  if (found.length > 0) fail(`typed addresses: problems:\n  ${found.join("\n  ")}`);
}

test.run();
