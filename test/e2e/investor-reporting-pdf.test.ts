// The board pack PDF end to end: the administrator of Demo GmbH adds a chart section and an attachments section with
// a PDF appendix and a damaged PDF to the demo report "Board pack", approves it, and exports the
// PDF in dark (the default) and light with their browser session (the screens' export button is
// not on main yet); the PDFs are read as a reader would (pdftotext) and as paper looks (pdftoppm
// → PNG pages in /tmp/board-pack-pages, kept for a person to look at).
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PDFDocument, StandardFonts } from "pdf-lib";
import type { Page } from "puppeteer";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { REPORT_NOT_FOUND } from "../../src/domain/investor-reporting/texts";
import { useServerAndBrowser } from "../support/e2e";
import { signedInPage } from "../support/person";

const e2e = useServerAndBrowser(test);
const ADMIN = "admin@demo.example";
const PAGES_DIR = process.env.SCREENSHOT_DIR ? join(process.env.SCREENSHOT_DIR, "board-pack") : "/tmp/board-pack-pages";
const APPENDIX_TEXT = "Appendix Kilo cap table";

/** A request from the signed-in page, with an access token its refresh cookie gives (the app's own way). */
async function fromPage(page: Page, method: string, path: string, body?: unknown, upload?: { name: string; base64: string }): Promise<{ status: number; type: string; base64: string; text: string }> {
  return page.evaluate(
    async (method, path, body, upload) => {
      const headers = { "x-requested-with": "meridian", accept: "application/json" };
      const refreshed = await fetch("/api/auth/token/refresh/", { method: "POST", credentials: "same-origin", headers: { ...headers, "content-type": "application/json" }, body: "{}" });
      const { access } = (await refreshed.json()) as { access: string };
      let init: RequestInit = { method, headers: { ...headers, authorization: `Bearer ${access}`, ...(body === undefined ? {} : { "content-type": "application/json" }) }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) };
      if (upload) {
        const form = new FormData();
        form.append("file", new Blob([Uint8Array.from(atob(upload.base64), (char) => char.charCodeAt(0))], { type: "application/pdf" }), upload.name);
        init = { method, headers: { ...headers, authorization: `Bearer ${access}` }, body: form };
      }
      const response = await fetch(path, init);
      const bytes = new Uint8Array(await response.arrayBuffer());
      let binary = "";
      for (const byte of bytes) binary += String.fromCharCode(byte);
      return { status: response.status, type: response.headers.get("content-type") ?? "", base64: btoa(binary), text: new TextDecoder().decode(bytes) };
    },
    method,
    path,
    body,
    upload,
  );
}

async function json(page: Page, method: string, path: string, body?: unknown) {
  const answer = await fromPage(page, method, path, body);
  if (answer.status >= 300) throw new Error(`${method} ${path}: ${answer.status} ${answer.text}`);
  return JSON.parse(answer.text);
}

async function appendixPdf() {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  document.addPage([595, 842]).drawText(APPENDIX_TEXT, { x: 72, y: 760, size: 18, font });
  return Buffer.from(await document.save());
}

test("the demo board pack exports as a paginated PDF with cover, contents, sections and its PDF appendix, in dark and light", async () => {
  const { context, page } = await signedInPage(e2e.browser, e2e.server.url, ADMIN);
  const { reports } = await json(page, "GET", "/api/investor-reporting/reports/");
  const demo = reports.find((report: { name: string }) => report.name === "Board pack");
  assert.ok(demo, "the demo report exists");
  const base = `/api/investor-reporting/reports/${demo.id}`;
  const { charts } = await json(page, "GET", "/api/charts/");
  assert.ok(charts.length > 0, "the demo has saved charts");
  await json(page, "POST", `${base}/sections/`, { variant: "chart", name: "Trend chart", settings: { chartId: charts[0].id } });
  await json(page, "POST", `${base}/sections/`, { variant: "attachments", name: "Appendices" });
  for (const [name, bytes] of [["cap-table.pdf", await appendixPdf()], ["damaged.pdf", Buffer.from("%PDF-1.7\nthis is not really a PDF")]] as const) {
    const uploaded = await fromPage(page, "POST", `${base}/files/`, undefined, { name, base64: bytes.toString("base64") });
    assert.is(uploaded.status, 201, uploaded.text);
  }
  await json(page, "POST", `${base}/approve/`);
  const report = await json(page, "GET", `${base}/`);
  const data = await json(page, "GET", `${base}/data/`);
  const kpiSection = report.schema.sections.find((section: { variant: string }) => section.variant === "kpi");
  const kpiName: string = data.data[kpiSection.slug].kpis[0].name;

  const work = mkdtempSync(join(tmpdir(), "board-pack-"));
  mkdirSync(PAGES_DIR, { recursive: true });
  try {
    for (const theme of ["dark", "light"] as const) {
      const started = Date.now();
      const answer = await fromPage(page, "POST", `${base}/export/pdf/`, theme === "dark" ? {} : { theme });
      assert.is(answer.status, 200, answer.text.slice(0, 300));
      assert.is(answer.type, "application/pdf");
      const file = join(work, `${theme}.pdf`);
      writeFileSync(file, Buffer.from(answer.base64, "base64"));
      const pack = await PDFDocument.load(readFileSync(file));
      const pageCount = pack.getPageCount();
      const text = execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
      const lastPage = execFileSync("pdftotext", ["-f", String(pageCount), "-l", String(pageCount), "-layout", file, "-"], { encoding: "utf8" });
      const appendixPage = execFileSync("pdftotext", ["-f", String(pageCount - 1), "-l", String(pageCount - 1), "-layout", file, "-"], { encoding: "utf8" });
      console.log(`board pack ${theme}: ${pageCount} pages in ${Date.now() - started} ms`);
      assert.ok(pageCount >= 2 + report.schema.sections.length + 2, `cover, contents, a page per section, the appendix and the closing page (${pageCount})`);
      for (const words of ["Board pack", "Demo GmbH", "Contents", "Approved", "Figures as of", kpiName, "Page 1 of"]) assert.ok(text.includes(words), `the PDF says "${words}"`);
      for (const section of report.schema.sections) assert.ok(text.includes(section.name), `the contents and the pages name "${section.name}"`);
      assert.ok(appendixPage.includes(APPENDIX_TEXT), "the PDF attachment is appended after the sections");
      assert.ok(lastPage.includes("Attachments that could not be added") && lastPage.includes("damaged.pdf"), "the damaged file is named on a closing page");
      execFileSync("pdftoppm", ["-png", "-r", "50", file, join(PAGES_DIR, theme)]);
      // Dark by default: the cover's pixels are dark; light: bright.
      const gray = join(work, `${theme}-gray`);
      execFileSync("pdftoppm", ["-gray", "-r", "10", "-f", "1", "-l", "1", "-singlefile", file, gray]);
      const pixels = readFileSync(`${gray}.pgm`);
      const body = pixels.subarray(pixels.length - 1000);
      const mean = body.reduce((sum, value) => sum + value, 0) / body.length;
      assert.ok(theme === "dark" ? mean < 100 : mean > 180, `${theme} pages (mean grey ${mean.toFixed(0)})`);
    }
    // A person's preview in their own browser: the same route, light by default, with a Print button.
    for (const theme of ["light", "dark"] as const) {
      await page.goto(`${e2e.server.url}/print/investor-reporting/${demo.id}?theme=${theme}`);
      await page.waitForSelector('[data-print-ready="true"]', { timeout: 20_000 });
      const contents = await page.$$eval("[data-page-of]", (cells) => cells.map((cell) => Number(cell.textContent)));
      assert.is(contents.length, report.schema.sections.length);
      assert.ok(contents.every((number, index) => number >= 3 && (index === 0 || number > contents[index - 1]!)), `contents pages rise from page 3: ${contents}`);
      assert.ok(await page.$("svg"), "the chart section is drawn");
      await page.screenshot({ path: join(PAGES_DIR, `preview-${theme}.png`), fullPage: true });
    }
    await page.goto(`${e2e.server.url}/print/investor-reporting/999999`);
    await page.waitForSelector("[data-print-failed]", { timeout: 20_000 });
    assert.is(await page.$eval("[data-print-failed]", (root) => root.getAttribute("data-print-failed")), REPORT_NOT_FOUND, "an unknown report fails the print with the spec's text");

    const foreign = await fromPage(page, "POST", `/api/investor-reporting/reports/999999/export/pdf/`, {});
    assert.is(foreign.status, 404);
    assert.is(JSON.parse(foreign.text).detail, REPORT_NOT_FOUND);
  } finally {
    rmSync(work, { recursive: true, force: true });
    await context.close();
  }
});

test.run();
