// npm run screenshots: every screen of the demo, in the dark and the light theme, at 1440, 1024
// and 390 px, written to screenshots/<screen>.<theme>.<width>.png for a reviewer to look at.
// It starts the built server on a throw-away data directory (fresh demo data) and Debian's
// chromium, signs in through the form as the demo administrator and opens each screen.
//   npm run screenshots                  all screens
//   npm run screenshots -- kpi-detail    the screens whose name contains "kpi-detail"
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ElementHandle, Page } from "puppeteer";
import { launchBrowser } from "../test/support/browser";
import { clickButton, clickLink, waitForByName, openSignInPage, signIn, switchTheme, waitForScreen, waitForShell, type Theme } from "../test/support/person";
import { startServer } from "../test/support/server-process";
import { transitionsEnded } from "../test/support/transitions";

const OUT = "screenshots";
const WIDTHS = [1440, 1024, 390] as const;
const THEMES: readonly Theme[] = ["dark", "light"];

/**
 * Screens by name: an address, or a way to find one from the page (the KPI detail of the first
 * card); `then` moves inside the screen before the picture (a wizard's step).
 */
/** Opens a step of the accounting wizard by its button in the steps list. */
const wizardStep = (label: string) => (page: Page) => clickButton(page, new RegExp(label), { within: "nav[aria-label='Setup steps']" });

const SCREENS: readonly { name: string; signedIn: boolean; path: string | ((page: Page) => Promise<string>); then?: (page: Page) => Promise<void> }[] = [
  { name: "login", signedIn: false, path: "/login" },
  { name: "forgot-password", signedIn: false, path: "/forgetpassword" },
  { name: "my-dashboard", signedIn: true, path: "/my-dashboard/favorite-kpis" },
  { name: "operational-dashboard", signedIn: true, path: "/reporting/operational-dashboard" },
  { name: "strategic-dashboard", signedIn: true, path: "/reporting/strategic-dashboard" },
  { name: "financial-dashboard", signedIn: true, path: "/reporting/financial-dashboard" },
  { name: "list-view", signedIn: true, path: "/reporting/list-view" },
  { name: "kpi-detail", signedIn: true, path: firstKpiDetail },
  { name: "kpi-tree", signedIn: true, path: "/reporting/kpi-tree" },
  { name: "kpi-comparison", signedIn: true, path: (page) => comparisonOf(page, ["Revenue", "New bookings", "Monthly recurring revenue", "Headcount"]) },
  { name: "kpi-comparison-absolute", signedIn: true, path: async (page) => `${await comparisonOf(page, ["Revenue", "Gross margin", "Headcount"])}&scale=absolute` },
  { name: "kpi-comparison-years", signedIn: true, path: async (page) => `${await comparisonOf(page, ["Revenue"])}&mode=periods` },
  { name: "chart-builder", signedIn: true, path: "/reporting/custom-dashboard-helper", then: (page) => openSavedChart(page, "Operating costs by quarter") },
  { name: "kpi-detail-charts", signedIn: true, path: "/reporting/custom-dashboard-helper", then: (page) => openChartOnDetail(page, "Operating costs by quarter") },
  { name: "chart-builder-pivot", signedIn: true, path: "/reporting/custom-dashboard-helper", then: (page) => openSavedChart(page, "P&L and cash by half year") },
  { name: "chart-builder-fixed-end", signedIn: true, path: "/reporting/custom-dashboard-helper", then: pivotWithFixedEnd },
  { name: "financial-planning", signedIn: true, path: "/planning/financial-planning" },
  { name: "operational-planning", signedIn: true, path: "/planning/operational-planning" },
  { name: "planning-compare", signedIn: true, path: "/planning/financial-planning", then: comparePlanWithBudget },
  { name: "planning-version", signedIn: true, path: "/planning/financial-planning", then: (page) => clickButton(page, /^View Budget/) },
  { name: "liquidity-planning", signedIn: true, path: "/liquidity-planning" },
  { name: "liquidity-headcount", signedIn: true, path: "/liquidity-planning", then: (page) => clickLink(page, /^Headcount of /) },
  { name: "liquidity-expenses", signedIn: true, path: "/liquidity-planning", then: (page) => clickLink(page, /^Expenses of /) },
  { name: "financial-dashboard-version", signedIn: true, path: "/reporting/financial-dashboard", then: dashboardComparedWithBudget },
  { name: "uploads", signedIn: true, path: "/data-management" },
  { name: "data-input", signedIn: true, path: "/data-management/data-input" },
  { name: "two-factor", signedIn: true, path: "/settings/two-factor-auth" },
  { name: "user-management", signedIn: true, path: "/settings/user-management" },
  { name: "query-builder", signedIn: true, path: "/query-builder" },
  { name: "query-editor", signedIn: true, path: firstQuery },
  { name: "warehouse-sales", signedIn: true, path: "/warehouse/sales" },
  { name: "warehouse-list-view", signedIn: true, path: "/warehouse/list-view/financial" },
  { name: "warehouse-snapshots", signedIn: true, path: firstSnapshot },
  { name: "warehouse-data-issues", signedIn: true, path: "/warehouse/data-issues" },
  { name: "warehouse-raw-data", signedIn: true, path: "/warehouse/raw-data" },
  { name: "integrations", signedIn: true, path: "/integration" },
  { name: "integration-connect", signedIn: true, path: "/integration/postgresql" },
  { name: "uipatterns", signedIn: true, path: "/uipatterns" },
  { name: "accounting-wizard-statement", signedIn: true, path: "/integration/accounting/wizard", then: wizardStep("Financial statement") },
  { name: "accounting-wizard-upload", signedIn: true, path: "/integration/accounting/wizard", then: wizardStep("Raw data upload") },
  { name: "accounting-wizard-bookings", signedIn: true, path: withAccountingSample, then: wizardStep("Bookings") },
  { name: "accounting-wizard-positions", signedIn: true, path: withAccountingSample, then: wizardStep("Open positions") },
  { name: "accounting-wizard-mapping", signedIn: true, path: withAccountingSample, then: wizardStep("Category mapping") },
  { name: "forecasting-overview", signedIn: true, path: "/forecasting" },
  { name: "forecasting-wizard", signedIn: true, path: "/forecasting", then: (page) => clickButton(page, "New forecast") },
  { name: "forecasting-forecast", signedIn: true, path: firstForecast },
  { name: "forecasting-accuracy", signedIn: true, path: earlierOutlook },
  { name: "custom-dashboards", signedIn: true, path: "/reporting/custom" },
  { name: "custom-dashboard-grid", signedIn: true, path: (page) => customDashboard(page, "Leadership overview") },
  { name: "custom-dashboard-canvas", signedIn: true, path: (page) => customDashboard(page, "Sales canvas") },
  { name: "investor-reporting", signedIn: true, path: "/investor-reporting" },
  { name: "investor-report", signedIn: true, path: (page) => investorReport(page, "Board pack") },
  { name: "investor-report-send", signedIn: true, path: (page) => investorReport(page, "Board pack"), then: (page) => clickButton(page, "Approve and send") },
  { name: "investor-report-settings", signedIn: true, path: async (page) => `${await investorReport(page, "Board pack")}/settings` },
  { name: "not-found", signedIn: true, path: "/this/address/does-not-exist" },
];

async function firstKpiDetail(page: Page): Promise<string> {
  await page.goto(`${base}/reporting/operational-dashboard`);
  const link = await page.waitForSelector("main a[href^='/reporting/kpi-detail/']");
  return (await link!.evaluate((element) => element.getAttribute("href")))!;
}

/** The KPI comparison of demo KPIs named exactly so, found by their names in its KPI picker. */
async function comparisonOf(page: Page, names: readonly string[]): Promise<string> {
  await page.goto(`${base}/reporting/kpi-comparison`);
  await page.waitForSelector("main select option + option");
  const ids = await page.$$eval("main select option", (options, wanted) => wanted.map((name) => options.find((option) => option.textContent?.startsWith(`${name} (`))?.getAttribute("value")), names);
  return `/reporting/kpi-comparison?kpis=${ids.join(",")}`;
}

/** A demo custom dashboard, found by its name on the overview. */
async function customDashboard(page: Page, name: string): Promise<string> {
  await page.goto(`${base}/reporting/custom`);
  const link = await waitForByName(page, "main a[href^='/reporting/custom-dashboard/']", name);
  return (await link.evaluate((element) => element.getAttribute("href")))!;
}

/** A demo investor report, found by its name on the list. */
async function investorReport(page: Page, name: string): Promise<string> {
  await page.goto(`${base}/investor-reporting`);
  const link = await waitForByName(page, "main th a", name);
  return (await link.evaluate((element) => element.getAttribute("href")))!;
}

async function firstQuery(page: Page): Promise<string> {
  await page.goto(`${base}/query-builder`);
  const link = await page.waitForSelector("main a[href^='/query-builder/']:not([href$='/new'])");
  return (await link!.evaluate((element) => element.getAttribute("href")))!;
}

async function firstForecast(page: Page): Promise<string> {
  await page.goto(`${base}/forecasting`);
  const link = await page.waitForSelector("main table a[href^='/forecasting/']");
  return (await link!.evaluate((element) => element.getAttribute("href")))!;
}

async function earlierOutlook(page: Page): Promise<string> {
  await page.goto(`${base}/forecasting`);
  const link = await waitForByName(page, "main table a", "Earlier outlook");
  return (await link.evaluate((element) => element.getAttribute("href")))!;
}

/** The wizard with its statement saved and the demo's sample archive imported, as a person does it once. */
async function withAccountingSample(page: Page): Promise<string> {
  await page.goto(`${base}/integration/accounting/wizard`);
  await waitForScreen(page, "Accounting import");
  await wizardStep("Raw data upload")(page);
  const imported = await page.$$eval("h2", (headings) => headings.some((heading) => heading.textContent === "Current import"));
  if (!imported) {
    await wizardStep("Financial statement")(page);
    await clickButton(page, "Save statement");
    await page.waitForFunction(() => [...document.querySelectorAll("[role=status], [role=alert]")].some((region) => region.textContent?.includes("Financial statement saved")));
    await wizardStep("Raw data upload")(page);
    await clickButton(page, "Use the sample archive");
    await page.waitForFunction(() => [...document.querySelectorAll("h2")].some((heading) => heading.textContent === "Current import"), { timeout: 60_000 });
  }
  return "/integration/accounting/wizard";
}

/** The demo's Budget version compared in the planning grid, with the actuals shown. */
async function comparePlanWithBudget(page: Page) {
  await clickButton(page, /^Compare with Budget/);
  await page.waitForSelector("[role=row].version");
  await page.click("input[type=checkbox]");
}

/** The financial dashboard's actual comparison against the demo's Budget version. */
async function dashboardComparedWithBudget(page: Page) {
  await chooseOption(page, "View", "Actual comparison");
  await chooseOption(page, "Compare with", /^Version: Budget/);
  await page.waitForFunction(() => [...document.querySelectorAll("thead th")].some((header) => header.textContent?.includes("Budget")));
}

/** Picks the option matching `option` of the select labelled `label`, as a person does. */
async function chooseOption(page: Page, label: string, option: string | RegExp) {
  const pattern = typeof option === "string" ? `^${option}$` : option.source;
  // On narrower screens the control may sit behind the filter bar's "More filters" / "Filters" button.
  const shown = await page.evaluate((text) => [...document.querySelectorAll("label")].some((element) => element.getClientRects().length > 0 && element.textContent?.trim() === text), label);
  if (!shown) await clickButton(page, /^(More filters|Filters)/);
  const handle = await page.waitForFunction((text) => ([...document.querySelectorAll("label")].find((element) => element.getClientRects().length > 0 && element.textContent?.trim() === text) as HTMLLabelElement | undefined)?.control ?? false, {}, label);
  const select = handle.asElement() as ElementHandle<HTMLSelectElement>;
  // Options that load later (planning versions) are waited for.
  await page.waitForFunction((element, source) => [...element.options].some((candidate) => new RegExp(source).test(candidate.textContent ?? "")), {}, select, pattern);
  const value = await select.evaluate((element, source) => [...element.options].find((candidate) => new RegExp(source).test(candidate.textContent ?? ""))?.value ?? "", pattern);
  await select.select(value);
  if (!shown) await page.keyboard.press("Escape");
}

async function firstSnapshot(page: Page): Promise<string> {
  await page.goto(`${base}/warehouse/snapshots`);
  const link = await page.waitForSelector("main a[href^='/warehouse/snapshots/']");
  return (await link!.evaluate((element) => element.getAttribute("href")))!;
}

const filter = process.argv[2];
const dataDir = mkdtempSync(join(tmpdir(), "meridian-screenshots-"));
// The local PostgreSQL server is an allowed host, so the connect view shows its form.
const server = await startServer({ DATA_DIR: dataDir, INTEGRATION_DATABASE_HOSTS: "127.0.0.1:5432" });
const base = server.url;
const browser = await launchBrowser();
let written = 0;
try {
  mkdirSync(OUT, { recursive: true });
  const page = await (await browser.createBrowserContext()).newPage();
  // The theme is a saved setting of the signed-in user: choose it inside, then visit every screen.
  for (const theme of THEMES) {
    await page.setViewport({ width: 1440, height: 900 });
    await openSignInPage(page, base);
    await signIn(page, "admin@demo.example");
    await waitForShell(page);
    await switchTheme(page, theme);
    const chosen = SCREENS.filter((screen) => !filter || screen.name.includes(filter));
    for (const screen of chosen.filter((entry) => entry.signedIn)) await shoot(page, screen.name, screen.path, theme, screen.then);
    await page.click("[data-testid=logout-button]");
    await page.waitForFunction(() => location.pathname === "/login");
    for (const screen of chosen.filter((entry) => !entry.signedIn)) await shoot(page, screen.name, screen.path, theme);
  }
  console.log(`${written} screenshots in ${OUT}/`);
} finally {
  await browser.cleanup();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

async function shoot(page: Page, name: string, path: string | ((page: Page) => Promise<string>), theme: Theme, then?: (page: Page) => Promise<void>) {
  const address = typeof path === "string" ? path : await path(page);
  for (const width of WIDTHS) {
    await page.setViewport({ width, height: 900 });
    await page.goto(`${base}${address}`);
    await waitForScreen(page);
    if (then) await then(page);
    // Charts and lazy parts settle after the heading; transitions end before the picture.
    await page.waitForNetworkIdle({ idleTime: 300, timeout: 10_000 }).catch(() => undefined);
    await transitionsEnded(page);
    await page.screenshot({ path: join(OUT, `${name}.${theme}.${width}.png`), fullPage: true });
    written++;
  }
}

/** The chart builder editing a saved chart of the demo: its Edit link in the saved charts list. */
async function openSavedChart(page: Page, name: string) {
  const edit = await waitForByName(page, "a", `Edit ${name}`);
  await edit.click();
  await page.waitForSelector("[aria-label='Chart settings'] input[value]", { timeout: 15_000 });
  await page.waitForSelector("svg[role='img'] rect[data-line], table[data-pivot]", { timeout: 15_000 });
}

/** The pivot chart with a fixed ending month (an unsaved change) and its table scrolled half-way. */
async function pivotWithFixedEnd(page: Page) {
  await openSavedChart(page, "P&L and cash by half year");
  await clickButton(page, /^Choose a month$/);
  await page.waitForSelector("[aria-label='Chart settings'] input[type=month]");
  // The next address leaves the unsaved change: say Leave to the browser's question.
  page.once("dialog", (dialog) => void dialog.accept().catch(() => undefined));
  await page.$eval("table[data-pivot]", (table) => {
    const box = table.parentElement!;
    box.scrollLeft = (box.scrollWidth - box.clientWidth) / 2;
  });
}

/** A saved chart on its first KPI's detail (Charts tab), through its name in the builder's list. */
async function openChartOnDetail(page: Page, name: string) {
  const link = await waitForByName(page, "ul[aria-label='Saved charts'] a", name);
  await link.click();
  await page.waitForSelector("nav[aria-label='Charts of this KPI'] a[aria-current=page]", { timeout: 15_000 });
  await page.waitForSelector("svg[role='img'] rect[data-line]", { timeout: 15_000 });
}
