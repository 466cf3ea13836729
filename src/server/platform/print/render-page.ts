import type { Page } from "puppeteer";
import { PRINT_FAILED_ATTRIBUTE, PRINT_HANDOFF_KEY, PRINT_READY_ATTRIBUTE, type PrintHandoff } from "../../../contracts/print";
import { FOOTER_BAND_MM, footerTemplate, HEADER_BAND_MM, headerTemplate, type RunningHeader } from "./page-templates";

/** One PDF to print: a print route of the app at `baseUrl`, with what its page is handed. */
export interface PrintJob {
  /** Where this installation's app answers for the renderer, e.g. http://127.0.0.1:3000. */
  readonly baseUrl: string;
  /** The print route, e.g. /export/custom-dashboard/12. */
  readonly path: string;
  readonly handoff: PrintHandoff;
}

/** The print page said it cannot print (its data failed to load): the renderer stops waiting. */
export class PrintPageFailed extends Error {}

/** A4 at CSS 96 dpi: the viewport a print page lays out in, so charts are drawn at paper width. */
const MM = 96 / 25.4;
const A4 = { long: Math.round(297 * MM), short: Math.round(210 * MM) };

/**
 * Prints a job on a page of the pool: the handoff (token, theme, orientation) is set before any
 * script of the page runs, never in the address; the page is printed once its root says every
 * block has its data and the fonts are in.
 */
export async function renderOnPage(page: Page, job: PrintJob, timeoutMs: number): Promise<Buffer> {
  const landscape = job.handoff.orientation === "landscape";
  const { identifier } = await page.evaluateOnNewDocument(
    (key: string, handoff: PrintHandoff) => {
      Object.defineProperty(window, key, { value: Object.freeze({ ...handoff }), configurable: false, writable: false });
    },
    PRINT_HANDOFF_KEY,
    job.handoff,
  );
  try {
    await page.setViewport({ width: landscape ? A4.long : A4.short, height: landscape ? A4.short : A4.long });
    await page.goto(new URL(job.path, job.baseUrl).href, { waitUntil: "domcontentloaded", timeout: timeoutMs });
    const outcome = await page.waitForFunction(readiness, { timeout: timeoutMs, polling: 50 }, PRINT_READY_ATTRIBUTE, PRINT_FAILED_ATTRIBUTE);
    const state = (await outcome.jsonValue()) as Readiness;
    await outcome.dispose();
    if (state.failed !== null) throw new PrintPageFailed(state.failed);
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    const header = state.header;
    return Buffer.from(
      await page.pdf({
        format: "A4",
        landscape,
        printBackground: true,
        displayHeaderFooter: true,
        headerTemplate: headerTemplate(header),
        footerTemplate: footerTemplate(header),
        margin: { top: `${HEADER_BAND_MM}mm`, bottom: `${FOOTER_BAND_MM}mm`, left: "0mm", right: "0mm" },
        timeout: timeoutMs,
      }),
    );
  } finally {
    await page.removeScriptToEvaluateOnNewDocument(identifier).catch(() => {});
  }
}

interface Readiness {
  readonly failed: string | null;
  readonly header: RunningHeader;
}

/** Runs in the page: false until the root is ready or failed; then what the running header shows. */
function readiness(readyAttribute: string, failedAttribute: string): Readiness | false {
  const failed = document.querySelector(`[${failedAttribute}]`);
  const ready = document.querySelector(`[${readyAttribute}="true"]`);
  const root = failed ?? ready;
  if (!root) return false;
  const style = getComputedStyle(document.body);
  const data = (root as HTMLElement).dataset;
  return {
    failed: failed ? failed.getAttribute(failedAttribute) || "The page could not be printed." : null,
    header: {
      company: data["printCompany"] ?? "",
      title: data["printTitle"] ?? document.title,
      period: data["printPeriod"] ?? "",
      background: style.backgroundColor,
      color: style.color,
      muted: data["printMuted"] ?? style.color,
    },
  };
}
