// The print pipeline end to end: a canvas dashboard with cards of every type (one taller than a
// page), locked by its owner, exported to PDF from the dashboard screen in landscape and light,
// and in portrait and dark; the PDFs opened as a reader would (pdftotext) and as paper looks
// (pdftoppm → PNG pages, kept for a person to look at).
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ElementHandle, Page } from "puppeteer";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { useServerAndBrowser } from "../support/e2e";
import { clickButton, clickLink, clickMenu, DEMO_PASSWORD, signedInPage, waitForScreen } from "../support/person";

const e2e = useServerAndBrowser(test);
const DIALOG = "[role=alertdialog]";
const OWNER = "admin@demo.example";
/** The PNG pages of each PDF, for a person to look at. */
const PAGES_DIR = process.env.SCREENSHOT_DIR ? join(process.env.SCREENSHOT_DIR, "print") : "/tmp/print-pdf-pages";

/** Card titles no other text of the page contains, so each must appear exactly once. */
const TITLES = {
  text: ["Alpha notes", "Bravo notes"],
  kpi: ["Charlie figure", "Delta figure"],
  kpiChart: ["Echo trend", "Foxtrot trend"],
  chart: ["Golf saved chart", "Hotel saved chart"],
  tall: "India long read",
};
const ALL_TITLES = [...TITLES.text, ...TITLES.kpi, ...TITLES.kpiChart, ...TITLES.chart, TITLES.tall];

async function api(token: string | null, method: string, path: string, body?: unknown) {
  const response = await fetch(`${e2e.server.url}${path}`, {
    method,
    headers: { "content-type": "application/json", accept: "application/json", "x-requested-with": "meridian", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

/** The owner's dashboard with every card type, seeded through the API as the owner. */
async function seedDashboard(name: string) {
  const { access } = await api(null, "POST", "/auth-api/auth/token/", { email: OWNER, password: DEMO_PASSWORD });
  const kpis = ((await api(access, "GET", "/api/kpis/meta/")) as { id: number; name: string }[]).slice(0, 3);
  const chart = await api(access, "POST", "/api/charts/", {
    name: `Chart for ${name}`,
    settings: {
      type: "grouped",
      kpiIds: kpis.slice(0, 2).map((kpi) => kpi.id),
      period: { months: 12, endMonth: null },
      bucket: "Q",
      series: ["actual", "planning"],
      colourScheme: "meridian",
      axis: { startAtZero: true, gridLines: true, valueLabels: false },
      legend: { show: true, position: "bottom" },
      pivot: { rows: "kpis", subtotals: false, totals: false, sort: "manual", rowOrder: [] },
    },
  });
  const dashboard = await api(access, "POST", "/api/custom-dashboards/", { name, kind: "canvas" });
  const cards: Array<{ title: string; content: unknown; layout: { x: number; y: number; w: number; h: number } }> = [];
  let y = 0;
  for (let index = 0; index < 2; index++) {
    cards.push({ title: TITLES.text[index]!, content: { type: "text", text: `Quarter close, part ${index + 1}. Revenue grew while costs held.` }, layout: { x: 0, y, w: 6, h: 5 } });
    cards.push({ title: TITLES.kpi[index]!, content: { type: "kpi", kpiId: kpis[index]!.id }, layout: { x: 6, y, w: 6, h: 5 } });
    y += 5;
    cards.push({ title: TITLES.kpiChart[index]!, content: { type: "kpiChart", kpiId: kpis[index]!.id, bucketSize: 1, timeRange: 12 }, layout: { x: 0, y, w: 6, h: 9 } });
    cards.push({ title: TITLES.chart[index]!, content: { type: "chart", chartId: chart.id }, layout: { x: 6, y, w: 6, h: 9 } });
    y += 9;
  }
  // Taller than a landscape page (24 rows): it is scaled down to fit, never cut.
  cards.push({ title: TITLES.tall, content: { type: "text", text: Array.from({ length: 40 }, (_, line) => `Line ${line + 1} of the long read.`).join("\n") }, layout: { x: 0, y, w: 12, h: 24 } });
  for (const card of cards) await api(access, "POST", `/api/custom-dashboards/${dashboard.id}/cards/`, card);
  return { id: dashboard.id as number };
}

async function choose(page: Page, label: string, value: string) {
  const select = await page.waitForFunction(
    (css, name) => [...document.querySelectorAll(`${css} select`)].find((element) => (element as HTMLSelectElement).labels?.[0]?.textContent?.replace(" (required)", "").trim() === name) ?? false,
    {},
    DIALOG,
    label,
  );
  await (select.asElement() as ElementHandle<HTMLSelectElement>).select(value);
}

/** Clicks Export PDF on the dashboard screen, picks orientation and theme, and waits for the file. */
async function exportPdf(page: Page, downloads: string, orientation: "landscape" | "portrait", theme: "light" | "dark"): Promise<{ file: string; ms: number }> {
  for (const name of readdirSync(downloads)) rmSync(join(downloads, name));
  await clickButton(page, /^Export PDF$/);
  await choose(page, "Orientation", orientation);
  await choose(page, "Theme", theme);
  const started = Date.now();
  await clickButton(page, "Export PDF", { within: DIALOG });
  for (let attempt = 0; attempt < 600; attempt++) {
    const done = readdirSync(downloads).find((name) => name.endsWith(".pdf"));
    if (done && statSync(join(downloads, done)).size > 0 && readFileSync(join(downloads, done)).includes("%%EOF")) return { file: join(downloads, done), ms: Date.now() - started };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const said = await page.evaluate(() => [...document.querySelectorAll("[data-toast-region], [role=alert]")].map((element) => element.textContent).join(" | "));
  throw new Error(`the PDF was not downloaded; the screen says: ${said || "nothing"}`);
}

/** What a reader of the PDF finds: its pages, their text (selectable), and the pages as PNG. */
function openPdf(file: string, label: string) {
  const info = execFileSync("pdfinfo", [file], { encoding: "utf8" });
  const pages = Number(/Pages:\s+(\d+)/.exec(info)?.[1]);
  const textOfPage = (page: number) => execFileSync("pdftotext", ["-f", String(page), "-l", String(page), "-layout", file, "-"], { encoding: "utf8" });
  const perPage = Array.from({ length: pages }, (_, index) => textOfPage(index + 1));
  mkdirSync(PAGES_DIR, { recursive: true });
  execFileSync("pdftoppm", ["-png", "-r", "60", file, join(PAGES_DIR, label)]);
  // A small grey rendering of page 1, to tell a dark page from a light one by its mean brightness.
  const gray = join(mkdtempSync(join(tmpdir(), "meridian-pdf-")), "page");
  execFileSync("pdftoppm", ["-gray", "-r", "10", "-f", "1", "-l", "1", "-singlefile", file, gray]);
  const pgm = readFileSync(`${gray}.pgm`);
  const pixels = pgmPixels(pgm);
  const brightness = pixels.reduce((sum, value) => sum + value, 0) / pixels.length;
  return { info, pages, perPage, text: perPage.join("\n"), brightness };
}

/** The pixels of a binary PGM (P5): after the header "P5 width height maxval". */
function pgmPixels(pgm: Buffer): Uint8Array {
  let offset = 0;
  let fields = 0;
  while (fields < 4) {
    while (/\s/.test(String.fromCharCode(pgm[offset]!))) offset++;
    while (!/\s/.test(String.fromCharCode(pgm[offset]!))) offset++;
    fields++;
  }
  return pgm.subarray(offset + 1);
}

/**
 * How often a card's title stands in the text. A chart repeats its card's title with its unit as
 * its own caption ("Echo trend (EUR)"): that is the chart's, not a second piece of the card.
 */
const occurrences = (text: string, title: string) => (text.match(new RegExp(`${title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?! \\()`, "g")) ?? []).length;

test("the owner locks a dashboard with every card type and exports it to PDF: A4, header and page numbers, every card whole and once, text selectable, both themes", async () => {
  const name = "Print board";
  await seedDashboard(name);
  const { context, page } = await signedInPage(e2e.browser, e2e.server.url, OWNER);
  const downloads = mkdtempSync(join(tmpdir(), "meridian-pdf-downloads-"));
  const cdp = await page.createCDPSession();
  await cdp.send("Browser.setDownloadBehavior", { behavior: "allow", downloadPath: downloads, browserContextId: (context as unknown as { id: string }).id });

  // To the dashboard as a person goes there, and lock it.
  await clickMenu(page, "Reporting", "Custom dashboards");
  await waitForScreen(page, "Custom dashboards");
  await clickLink(page, name);
  await waitForScreen(page, name);
  await clickButton(page, "Lock canvas");
  await page.waitForFunction(() => [...document.querySelectorAll("button")].some((button) => button.textContent?.trim() === "Unlock canvas"), { timeout: 10_000 });

  const landscape = await exportPdf(page, downloads, "landscape", "light");
  assert.match(landscape.file, /\/Print[ -]board\.pdf$/, "named after the dashboard");
  const light = openPdf(landscape.file, "landscape-light");
  assert.match(light.info, /Page size:\s+841\.9\d* x 595\.\d+ pts \(A4\)/, "A4 landscape");
  assert.ok(light.pages >= 3 && light.pages <= 8, `${light.pages} pages`);
  light.perPage.forEach((pageText, index) => {
    assert.match(pageText, new RegExp(`Page ${index + 1} of ${light.pages}`), `page ${index + 1} is numbered`);
    assert.match(pageText, /Demo GmbH/, `page ${index + 1} names the company`);
    assert.match(pageText, new RegExp(`${name} · \\S+`), `page ${index + 1} has the title and period`);
  });
  for (const title of ALL_TITLES) {
    assert.is(occurrences(light.text, title), 1, `"${title}" once in the whole PDF (a cut card would show it twice or not at all)`);
  }
  // Charts are vectors: their axis labels are text in the PDF, and the PDF holds no picture at all.
  assert.match(light.text, /(Jan|Apr|Jul|Oct) \d{4}|Q\d FY/, "the charts' axis labels are selectable text");
  assert.is(execFileSync("pdfimages", ["-list", landscape.file], { encoding: "utf8" }).trim().split("\n").length, 2, "no raster images: charts stayed SVG");
  assert.match(light.text, /Line 40 of the long read\./, "the tall card's last line is there: scaled, not cut");
  assert.ok(light.brightness > 180, `a light page (mean ${Math.round(light.brightness)})`);

  const portrait = await exportPdf(page, downloads, "portrait", "dark");
  const dark = openPdf(portrait.file, "portrait-dark");
  assert.match(dark.info, /Page size:\s+595\.\d+ x 841\.9\d* pts \(A4\)/, "A4 portrait");
  for (const title of ALL_TITLES) assert.is(occurrences(dark.text, title), 1, `"${title}" once in the portrait PDF`);
  assert.match(dark.perPage.at(-1)!, new RegExp(`Page ${dark.pages} of ${dark.pages}`));
  assert.ok(dark.brightness < 80, `a dark page (mean ${Math.round(dark.brightness)})`);
  console.log(`print: landscape ${light.pages} pages in ${landscape.ms} ms, portrait ${dark.pages} pages in ${portrait.ms} ms; PNG pages in ${PAGES_DIR}`);

  // The print token went to the page out of band: no address the server logged carries a token.
  assert.not.match(e2e.server.output(), /eyJ[\w-]{10,}\.eyJ/, "no token in the server's log");
  await context.close();
});

test("another company's user cannot export the dashboard: 404, nothing rendered", async () => {
  const { access: owner } = await api(null, "POST", "/auth-api/auth/token/", { email: OWNER, password: DEMO_PASSWORD });
  const [first] = (await api(owner, "GET", "/api/custom-dashboards/")).dashboards as { id: number }[];
  const { access: stranger } = await api(null, "POST", "/auth-api/auth/token/", { email: "investor@atlas.example", password: DEMO_PASSWORD });
  const response = await fetch(`${e2e.server.url}/api/custom-dashboards/${first!.id}/export/pdf/`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${stranger}`, "x-requested-with": "meridian" },
    body: JSON.stringify({ orientation: "landscape", theme: "dark" }),
  });
  assert.is(response.status, 404);
});

test.run();
