// The list view's first render of 10,000 rows (just under its 10,000-entry maximum) in headless
// chromium: KpiListView (react-window, only visible rows in the DOM) against a plain table that
// renders every row with the same head, cells and formatting. The page is bundled with esbuild
// into a temp dir (production React) and loaded from file://.
import * as esbuild from "esbuild";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { launchBrowser } from "../../test/support/browser";
import type { RenderResult } from "./list-view/page";

type Bench = { render(kind: string): RenderResult; settled(): Promise<Pick<RenderResult, "domNodes" | "renderedRows">> };

const RUNS = 7;
const ROWS = 10_000;

const dir = mkdtempSync(join(tmpdir(), "meridian-list-view-bench-"));
const browser = await launchBrowser();
try {
  await esbuild.build({
    entryPoints: [join(dirname(fileURLToPath(import.meta.url)), "list-view/page.tsx")],
    outfile: join(dir, "page.js"),
    bundle: true,
    format: "iife",
    platform: "browser",
    target: "es2022",
    minify: true,
    jsx: "automatic",
    define: { "process.env.NODE_ENV": '"production"' },
    logLevel: "error",
  });
  writeFileSync(join(dir, "index.html"), '<!doctype html><html lang="en"><head><meta charset="utf-8"></head><body><div id="root"></div><script src="page.js"></script></body></html>');

  const page = await browser.newPage();
  await page.setViewport({ width: 1600, height: 900 });
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(String(error)));
  page.on("console", (message) => void (message.type() === "error" && errors.push(message.text())));

  /** One first render on a freshly loaded page (no warm JIT, no caches from an earlier mount). */
  const firstRender = async (kind: "ours" | "plain"): Promise<RenderResult> => {
    await page.goto(`file://${join(dir, "index.html")}`, { waitUntil: "load" });
    const result = await page.evaluate((which) => (window as unknown as { listViewBench: Bench }).listViewBench.render(which), kind);
    const settled = await page.evaluate(() => (window as unknown as { listViewBench: Bench }).listViewBench.settled());
    if (errors.length > 0) throw new Error(`page errors: ${errors.join("; ")}`);
    return { ...result, ...settled };
  };

  const runs: Record<"ours" | "plain", RenderResult[]> = { ours: [], plain: [] };
  for (let run = 0; run < RUNS; run++) {
    runs.ours.push(await firstRender("ours"));
    runs.plain.push(await firstRender("plain"));
  }
  const median = (kind: "ours" | "plain", metric: "commitMs" | "layoutMs") => {
    const sorted = runs[kind].map((result) => result[metric]).sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)]!;
  };
  const ours = { commit: median("ours", "commitMs"), layout: median("ours", "layoutMs"), nodes: runs.ours[0]!.domNodes, rows: runs.ours[0]!.renderedRows };
  const plain = { commit: median("plain", "commitMs"), layout: median("plain", "layoutMs"), nodes: runs.plain[0]!.domNodes, rows: runs.plain[0]!.renderedRows };
  if (plain.rows !== ROWS) throw new Error(`the plain table rendered ${plain.rows} rows, not ${ROWS}`);
  if (ours.rows === 0) throw new Error("KpiListView rendered no rows");

  const speedup = plain.commit / ours.commit;
  const speedupWithLayout = plain.layout / ours.layout;
  console.log(
    JSON.stringify({
      name: `list view: first render of ${ROWS.toLocaleString("en")} rows in headless chromium (median of ${RUNS}, fresh page each)`,
      rows: [
        { case: "KpiListView (react-window)", "render → commit ms": +ours.commit.toFixed(1), "+ layout ms": +ours.layout.toFixed(1), "DOM nodes": ours.nodes, "rows in DOM": ours.rows },
        { case: "plain table (every row)", "render → commit ms": +plain.commit.toFixed(1), "+ layout ms": +plain.layout.toFixed(1), "DOM nodes": plain.nodes, "rows in DOM": plain.rows },
      ],
      ratios: [
        { label: "plain first render / ours (render → commit)", value: speedup, goal: "≥ 20", met: speedup >= 20 },
        { label: "plain first render / ours (with layout)", value: speedupWithLayout },
        { label: "our DOM nodes / 800 budget", value: ours.nodes / 800, goal: "≤ 1", met: ours.nodes <= 800 },
      ],
      notes: ["DOM nodes: document.getElementsByTagName('*') once the page has painted twice after the render"],
    }),
  );
} finally {
  await browser.cleanup();
  rmSync(dir, { recursive: true, force: true });
}
