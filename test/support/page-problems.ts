import type { HTTPRequest, Page } from "puppeteer";

/**
 * What goes wrong in a page while a test moves through it: console errors, uncaught errors, CSP
 * violations and failed requests (4xx/5xx, or no answer at all). Also counts the requests still
 * open, so a test can wait until a screen has finished loading.
 */
export interface PageProblems {
  /** The problems seen since the last call, and forgets them. */
  take(): string[];
  /** Resolves once no request (other than the event stream) has been open for `quietMs`. */
  settled(options?: { quietMs?: number; timeoutMs?: number }): Promise<void>;
}

/** The sign-in page restores a session from the refresh cookie; for a visitor that answers 401. */
const isAnonymousRestore = (url: string, status: number) => status === 401 && new URL(url).pathname === "/api/auth/token/refresh/";
/**
 * A planning year of the OKR scheduler that does not exist yet answers 404, and the screen then
 * creates it and reads it again (spec section 4): that 404 is the product working, not a fault.
 */
const isSchedulerYearNotCreated = (url: string, status: number) => status === 404 && /^\/api\/okrs\/scheduler\/years\/\d{4}\/$/.test(new URL(url).pathname);
/** The server-sent event stream stays open for as long as the page lives. */
const isLongLived = (url: string) => new URL(url).pathname === "/api/events/stream/";

export async function watchPageProblems(page: Page, options: { allowAnonymousRestore?: boolean } = {}): Promise<PageProblems> {
  const allowRestore = options.allowAnonymousRestore ?? true;
  let problems: string[] = [];
  const open = new Set<HTTPRequest>();
  let lastChange = Date.now();
  const done = (request: HTTPRequest) => {
    open.delete(request);
    lastChange = Date.now();
  };

  await page.evaluateOnNewDocument(() => {
    document.addEventListener("securitypolicyviolation", (event) => console.error(`CSP violation: ${event.violatedDirective} blocked ${event.blockedURI}`));
  });
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    // The browser logs every 4xx/5xx answer as a console error too; the response handler judges those.
    if (message.text().startsWith("Failed to load resource")) return;
    problems.push(`console error: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`uncaught: ${error instanceof Error ? error.message : String(error)}`));
  page.on("request", (request) => {
    if (isLongLived(request.url()) || request.url().startsWith("data:")) return;
    open.add(request);
    lastChange = Date.now();
  });
  page.on("requestfinished", done);
  // A frame removed while its document loads (a portfolio company's frame left behind by a click
  // elsewhere) reports neither an end nor a failure of that request: it ends with the frame.
  page.on("framedetached", (frame) => {
    for (const request of open) if (request.frame() === frame) done(request);
  });
  page.on("requestfailed", (request) => {
    done(request);
    // A screen left before its request answered cancels it: that is the browser, not a failure.
    const reason = request.failure()?.errorText ?? "failed";
    if (reason !== "net::ERR_ABORTED" && !isLongLived(request.url())) problems.push(`request failed: ${request.method()} ${request.url()} (${reason})`);
  });
  page.on("response", (response) => {
    const status = response.status();
    if (status < 400) return;
    if (allowRestore && isAnonymousRestore(response.url(), status)) return;
    if (response.request().method() === "GET" && isSchedulerYearNotCreated(response.url(), status)) return;
    problems.push(`HTTP ${status}: ${response.request().method()} ${response.url()}`);
  });

  return {
    take() {
      const taken = problems;
      problems = [];
      return taken;
    },
    async settled({ quietMs = 100, timeoutMs = 20_000 } = {}) {
      const deadline = Date.now() + timeoutMs;
      while (open.size > 0 || Date.now() - lastChange < quietMs) {
        for (const request of open) if (request.frame()?.detached) done(request);
        if (Date.now() > deadline) throw new Error(`requests still open after ${timeoutMs} ms: ${[...open].map((request) => request.url()).join(", ")}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
}
