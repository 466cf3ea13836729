import type { BrowserContext, Page } from "puppeteer";
import { PDF_BUSY, PDF_TIMEOUT } from "../../../contracts/print";
import { HttpError } from "../http/errors";
import { launchChromium, type Chromium } from "./chromium";
import { PrintPageFailed, renderOnPage, type PrintJob } from "./render-page";

/**
 * The PDF renderer (DESIGN.md "PDF"): ONE headless Chromium, started at the first print (or at
 * `warm()`), and a few pages on it, each in its own browser context so no storage of one company's
 * print stays for the next. At most `concurrency` prints run at once; up to `maxWaiting` more wait
 * their turn and the rest are told to come back (503). A print that takes longer than `timeoutMs`
 * fails (504) and its page is thrown away, as is a page after any error; a page is also replaced
 * after `rendersPerPage` prints, which bounds the memory a long-lived page gathers. A browser that
 * crashed or was closed is started again by the next print.
 */
export interface PdfPrinter {
  print(job: PrintJob): Promise<Buffer>;
  /** Starts the browser and one page now, so the first print is as fast as the others. */
  warm(): Promise<void>;
  stats(): PdfPoolStats;
  close(): Promise<void>;
}

export interface PdfPoolStats {
  readonly running: number;
  readonly waiting: number;
  readonly idlePages: number;
  readonly browserStarts: number;
  readonly pagesOpened: number;
}

export interface PdfPoolOptions {
  readonly concurrency?: number;
  readonly maxWaiting?: number;
  readonly timeoutMs?: number;
  readonly rendersPerPage?: number;
  /** How a browser starts (tests count starts or hand in one that crashes). */
  readonly launch?: () => Promise<Chromium>;
  /** How a job is printed on a page (the default loads the print route and prints it). */
  readonly render?: (page: Page, job: PrintJob, timeoutMs: number) => Promise<Buffer>;
}

export const PDF_POOL_DEFAULTS = { concurrency: 2, maxWaiting: 8, timeoutMs: 30_000, rendersPerPage: 50 } as const;

interface PooledPage {
  readonly page: Page;
  readonly context: BrowserContext;
  readonly chromium: Chromium;
  renders: number;
}

export function createPdfPool(options: PdfPoolOptions = {}): PdfPrinter {
  const concurrency = options.concurrency ?? PDF_POOL_DEFAULTS.concurrency;
  const maxWaiting = options.maxWaiting ?? PDF_POOL_DEFAULTS.maxWaiting;
  const timeoutMs = options.timeoutMs ?? PDF_POOL_DEFAULTS.timeoutMs;
  const rendersPerPage = options.rendersPerPage ?? PDF_POOL_DEFAULTS.rendersPerPage;
  const launch = options.launch ?? launchChromium;
  const render = options.render ?? renderOnPage;

  let chromium: Promise<Chromium> | null = null;
  let closed = false;
  let running = 0;
  let browserStarts = 0;
  let pagesOpened = 0;
  const idle: PooledPage[] = [];
  const waiting: Array<() => void> = [];

  const browser = (): Promise<Chromium> => {
    if (chromium) return chromium;
    browserStarts++;
    const starting = launch().then((started) => {
      // A crash (or a kill from outside) drops the browser and its pages: the next print starts another.
      started.browser.once("disconnected", () => {
        if (chromium === starting) chromium = null;
        for (const pooled of idle.splice(0).filter((entry) => entry.chromium !== started)) idle.push(pooled);
      });
      return started;
    });
    // A failed start is not remembered: the next print tries again.
    starting.catch(() => {
      if (chromium === starting) chromium = null;
    });
    chromium = starting;
    return starting;
  };

  const openPage = async (): Promise<PooledPage> => {
    const owner = await browser();
    const context = await owner.browser.createBrowserContext();
    try {
      const page = await context.newPage();
      pagesOpened++;
      return { page, context, chromium: owner, renders: 0 };
    } catch (error) {
      await context.close().catch(() => {});
      throw error;
    }
  };

  const discard = async (pooled: PooledPage) => {
    await pooled.context.close().catch(() => {});
  };

  /** A turn to print: at once while fewer than `concurrency` run, else in line, else 503. */
  const takeTurn = async () => {
    if (running < concurrency) {
      running++;
      return;
    }
    if (waiting.length >= maxWaiting) throw new HttpError(503, { detail: PDF_BUSY });
    await new Promise<void>((resolve) => waiting.push(resolve));
  };
  const endTurn = () => {
    const next = waiting.shift();
    if (next) next();
    else running--;
  };

  const printOnce = async (job: PrintJob): Promise<Buffer> => {
    const pooled = idle.pop() ?? (await openPage());
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new HttpError(504, { detail: PDF_TIMEOUT })), timeoutMs);
    });
    try {
      const rendering = render(pooled.page, job, timeoutMs);
      // After a timeout the page is closed under it: its late failure is expected, not unhandled.
      rendering.catch(() => {});
      const pdf = await Promise.race([rendering, deadline]);
      pooled.renders++;
      // Leave nothing of this print (its token, its data) on the page it goes back with.
      await pooled.page.goto("about:blank");
      const browserAlive = chromium !== null && (await chromium) === pooled.chromium && pooled.chromium.browser.connected;
      if (closed || !browserAlive || pooled.renders >= rendersPerPage) await discard(pooled);
      else idle.push(pooled);
      return pdf;
    } catch (error) {
      // A page that failed (timed out, crashed, or its app failed) is never used again.
      await discard(pooled);
      if (error instanceof HttpError) throw error;
      if (error instanceof PrintPageFailed) throw new HttpError(502, { detail: `The PDF could not be made: ${error.message}` });
      if (isTimeout(error)) throw new HttpError(504, { detail: PDF_TIMEOUT });
      throw error;
    } finally {
      clearTimeout(timer);
    }
  };

  return {
    async print(job) {
      if (closed) throw new HttpError(503, { detail: PDF_BUSY });
      await takeTurn();
      try {
        return await printOnce(job);
      } finally {
        endTurn();
      }
    },
    async warm() {
      if (closed || idle.length > 0) return;
      idle.push(await openPage());
    },
    stats: () => ({ running, waiting: waiting.length, idlePages: idle.length, browserStarts, pagesOpened }),
    async close() {
      closed = true;
      const pages = idle.splice(0);
      await Promise.all(pages.map(discard));
      const current = chromium;
      chromium = null;
      if (current) await (await current.catch(() => null))?.close();
    },
  };
}

const isTimeout = (error: unknown) => error instanceof Error && error.name === "TimeoutError";
