import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "puppeteer";
import { transitionsEnded } from "./transitions";

/**
 * axe-core in the browser tests. The app's CSP allows no inline scripts, so the engine is not
 * added as a <script>: its source is evaluated in the page through the DevTools protocol, which
 * the CSP does not govern. Screens change without reloading, so it is injected once per document.
 */

export type Impact = "critical" | "serious" | "moderate" | "minor";

/** What fails a screen: every serious and critical finding, in any rule (issue 9, scope 8). */
export const FAILING_IMPACTS: readonly Impact[] = ["critical", "serious"];

export interface AxeFinding {
  readonly rule: string;
  readonly impact: Impact;
  readonly help: string;
  readonly helpUrl: string;
  /** Each offending element: its CSS selector and axe's summary of what to fix. */
  readonly nodes: readonly { readonly selector: string; readonly summary: string }[];
}

export interface AxeReport {
  readonly findings: readonly AxeFinding[];
  readonly byImpact: Readonly<Record<Impact, readonly AxeFinding[]>>;
  /** The serious and critical findings: a screen passes with none. */
  readonly failing: readonly AxeFinding[];
}

let axeSource: string | undefined;
const source = () => (axeSource ??= readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8"));

/** Runs every axe rule on the page's document once its transitions have ended. */
export async function runAxe(page: Page): Promise<AxeReport> {
  await transitionsEnded(page);
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(source());
  const findings = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: RawViolation[] }> } }).axe;
    interface RawViolation {
      id: string;
      impact: string | null;
      help: string;
      helpUrl: string;
      nodes: { target: unknown[]; failureSummary?: string }[];
    }
    // Frames hold other documents (an investor's portfolio instance) that get their own run.
    const result = await axe.run(document, { resultTypes: ["violations"], iframes: false });
    return result.violations.map((violation) => ({
      rule: violation.id,
      impact: (violation.impact ?? "minor") as string,
      help: violation.help,
      helpUrl: violation.helpUrl,
      nodes: violation.nodes.map((node) => ({
        selector: node.target.map((part) => (Array.isArray(part) ? part.join(" >>> ") : String(part))).join(" "),
        summary: (node.failureSummary ?? "").replace(/\s*\n\s*/g, " ").trim(),
      })),
    }));
  });
  const typed = findings as AxeFinding[];
  const of = (impact: Impact) => typed.filter((finding) => finding.impact === impact);
  const byImpact = { critical: of("critical"), serious: of("serious"), moderate: of("moderate"), minor: of("minor") };
  return { findings: typed, byImpact, failing: typed.filter((finding) => FAILING_IMPACTS.includes(finding.impact)) };
}

/** Findings as lines a person can act on: impact, rule, help, then every element and its fix. */
export function formatFindings(findings: readonly AxeFinding[]): string {
  return findings
    .map((finding) => [`${finding.impact} ${finding.rule} (${finding.nodes.length}): ${finding.help} — ${finding.helpUrl}`, ...finding.nodes.map((node) => `    ${node.selector}: ${node.summary}`)].join("\n"))
    .join("\n");
}

/** Counts per impact, e.g. "0 critical, 0 serious, 1 moderate, 0 minor". */
export const impactCounts = (report: AxeReport) =>
  (Object.keys(report.byImpact) as Impact[]).map((impact) => `${report.byImpact[impact].reduce((sum, finding) => sum + finding.nodes.length, 0)} ${impact}`).join(", ");

/** Fails with every serious and critical finding, named by `where`, when the page has any. */
export async function expectAccessible(page: Page, where: string) {
  const report = await runAxe(page);
  if (report.failing.length > 0) throw new Error(`axe on ${where}: serious or critical findings\n${formatFindings(report.failing)}`);
}
