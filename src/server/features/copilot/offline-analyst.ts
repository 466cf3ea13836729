import type { AnswerBlock, Citation, Snapshot } from "../../../contracts/copilot";
import { intentOf, kpiPhrase, type QuestionIntent } from "../../../domain/copilot/intents";
import { bestKpiMatch } from "../../../domain/copilot/kpi-match";
import { periodOfQuestion, type CopilotPeriod } from "../../../domain/copilot/periods";
import { againstPlan, cannotAnswer, monthsText, noSuchKpi, signedPercent, value } from "../../../domain/copilot/wording";
import { monthDateOf } from "../../../domain/months";
import type { AnalystAnswer, OfflineAnalyst, ToolContext, ToolOutcome } from "./tool-types";
import { copilotTool } from "./tools";
import { companyCalendar, kpiHref, readableKpis } from "./tools/tool-kit";

/**
 * The built-in offline analyst: recognises the common questions (domain/copilot/intents.ts),
 * answers them from the same tools a model calls, as the person (each call recorded), and says
 * plainly what it cannot answer. Only structured fields of the tools' answers are used; text from
 * the data (glossary, comments) never shapes what it does.
 */
export const offlineAnalyst: OfflineAnalyst = async (question, snapshot, context) => {
  const session = new AnalystSession(context);
  const { fiscalYearOffset, currency } = await context.inTenant(companyCalendar);
  const period = periodOfQuestion(question, context.today, fiscalYearOffset);
  const intent = intentOf(question);
  const fromSnapshot = snapshot ? await snapshotAnswer(question, intent, snapshot, context) : null;
  if (fromSnapshot) return fromSnapshot;
  const content = await answerFor(intent, period, currency, session);
  return session.answer(content);
};

type Json = Record<string, any>;
type AskedPeriod = ReturnType<typeof periodOfQuestion>;

class AnalystSession {
  readonly citations: Citation[] = [];
  readonly blocks: AnswerBlock[] = [];
  readonly toolCalls: { name: string; arguments: string; ok: boolean }[] = [];
  constructor(readonly context: ToolContext) {}

  /** Calls a tool as the model would; its citations and blocks join the answer only when `keep`. */
  async call(name: string, args: Json, keep = true): Promise<{ content: Json; outcome: ToolOutcome }> {
    const outcome = await copilotTool(name)!.run(args, this.context);
    const content = (outcome.content ?? {}) as Json;
    const ok = typeof content["error"] !== "string";
    this.toolCalls.push({ name, arguments: JSON.stringify(args), ok });
    if (ok && keep) {
      this.citations.push(...outcome.citations);
      this.blocks.push(...outcome.blocks);
    }
    return { content, outcome };
  }

  /** The readable KPI a phrase names (through search_kpis), or null. */
  async kpiNamed(phrase: string): Promise<Json | null> {
    const { content } = await this.call("search_kpis", { query: phrase, limit: 25 }, false);
    const found = (content["kpis"] ?? []) as Json[];
    return bestKpiMatch(phrase, found.map((kpi) => ({ ...kpi, key: "" }) as Json & { id: number; name: string; key: string })) ?? null;
  }

  answer(content: string): AnalystAnswer {
    return { content, citations: this.citations, blocks: this.blocks, toolCalls: this.toolCalls };
  }
}

const endMonth = (period: CopilotPeriod) => monthDateOf(period.end).slice(0, 7);
const bold = (name: string) => `**${name.replace(/\*/g, "")}**`;

async function answerFor(intent: QuestionIntent, period: AskedPeriod, currency: string, session: AnalystSession): Promise<string> {
  switch (intent.kind) {
    case "behind-plan":
      return behindPlan(period, currency, session);
    case "against-plan":
    case "how-is":
      return howIs(intent.kpi, intent.kind === "against-plan", period, currency, session);
    case "why-changed":
      return whyChanged(intent.kpi, period, currency, session);
    case "cash-runway":
      return runway(currency, session);
    case "top-movers":
      return movers(period, currency, session);
    case "trend":
      return trend(intent.kpi, intent.months, period, currency, session);
    case "unknown":
      return cannotAnswer();
  }
}

async function behindPlan(asked: CopilotPeriod, currency: string, session: AnalystSession): Promise<string> {
  // A quarter has no like-for-like plan figure in the aggregates: year to date stands in, said so.
  const kind = asked.kind === "quarter" ? "ytd" : asked.kind;
  const { content } = await session.call("furthest_behind_plan", { period: kind, endMonth: endMonth(asked), limit: 10 });
  if (content["error"]) return String(content["error"]);
  const behind = content["behindPlan"] as Json[];
  const note = asked.kind === "quarter" ? " (year to date: quarters are not compared with plan here)" : "";
  if (behind.length === 0)
    return content["comparedCount"] === 0
      ? `None of the KPIs you can read has both an actual and a plan for ${content["period"]}${note}, so I can't compare with plan.`
      : `No KPI you can read is behind plan for ${content["period"]}${note}: all ${content["comparedCount"]} KPIs with a plan are on or ahead of it.`;
  const lines = behind.map(
    (kpi, index) =>
      `${index + 1}. ${bold(kpi["name"])}: ${value(kpi["actual"], kpi["unit"], currency)} against a plan of ${value(kpi["plan"], kpi["unit"], currency)}, ${formatBehind(kpi["behindPercent"])} behind plan${kpi["higherIsBetter"] ? "" : " (lower is better)"}`,
  );
  return [`The KPIs furthest behind plan for ${content["period"]}${note}, actual against plan over the months with both:`, "", ...lines, "", `${content["behindCount"]} of ${content["comparedCount"]} KPIs with a plan are behind it.`].join("\n");
}

const formatBehind = (percent: number) => signedPercent(percent).replace(/^\+/, "");

async function howIs(phrase: string, planOnly: boolean, period: CopilotPeriod, currency: string, session: AnalystSession): Promise<string> {
  const kpi = await session.kpiNamed(phrase);
  if (!kpi) return noSuchKpi(phrase);
  const { content } = await session.call("kpi_aggregates", { kpiIds: [kpi["id"]], endMonth: endMonth(period) });
  const figures = (content["kpis"] as Json[] | undefined)?.[0];
  if (!figures) return noSuchKpi(phrase);
  const unit = figures["unit"] as string;
  const show = (amount: number | null) => value(amount, unit, currency);
  const higherIsBetter = figures["higherIsBetter"] as boolean;
  const useLtm = period.kind === "ltm";
  const scope = useLtm ? figures["ltm"] : figures["ytd"];
  const label = useLtm ? content["periods"]["ltm"] : content["periods"]["ytd"];
  const lines: string[] = [];
  const vsPlan = scope["vsPlan"] as Json;
  if (period.kind === "fy") {
    const year = figures["fullYear"] as Json;
    lines.push(`${bold(figures["name"])}, ${content["periods"]["fullYear"]}: the forecast's view of the year is ${show(year["projected"])} against a plan of ${show(year["plan"])}${year["vsPlan"]["deviationPercent"] === null ? "" : `, ${againstPlan(year["vsPlan"]["deviationPercent"], higherIsBetter)}`}.`);
  } else if (vsPlan["deviationPercent"] !== null) {
    lines.push(`${bold(figures["name"])}, ${label}: ${show(vsPlan["actual"])} against a plan of ${show(vsPlan["plan"])} over the ${monthsText(vsPlan["months"]).replace(/^1 month$/, "1 month")} with both, ${againstPlan(vsPlan["deviationPercent"], higherIsBetter)}.`);
  } else {
    lines.push(`${bold(figures["name"])}, ${label}: ${show(scope["actual"])}. There is no plan to compare it with for these months.`);
  }
  if (!planOnly && !useLtm && period.kind !== "fy") {
    const vsLastYear = figures["ytd"]["vsLastYear"] as Json;
    if (vsLastYear["deviationPercent"] !== null) lines.push(`Against the same months last year (${show(vsLastYear["plan"])}) it is ${signedPercent(vsLastYear["deviationPercent"])}.`);
  }
  if (period.kind !== "fy" && figures["fullYear"]["projected"] !== null && figures["fullYear"]["plan"] !== null)
    lines.push(`For the full year (${content["periods"]["fullYear"]}) the forecast's view is ${show(figures["fullYear"]["projected"])} against a plan of ${show(figures["fullYear"]["plan"])}.`);
  return lines.join(" ");
}

/** The drill that answers "why did it change" for the period a question names. */
const DRILL_OF: Readonly<Record<CopilotPeriod["kind"], { period: string; compare: string }>> = {
  month: { period: "month", compare: "previous" },
  quarter: { period: "quarter", compare: "previous" },
  ytd: { period: "ytd", compare: "lastYear" },
  ltm: { period: "ltm", compare: "previous" },
  fy: { period: "ytd", compare: "lastYear" },
};

async function whyChanged(phrase: string, asked: AskedPeriod, currency: string, session: AnalystSession): Promise<string> {
  const kpi = await session.kpiNamed(phrase);
  if (!kpi) return noSuchKpi(phrase);
  // Unnamed, "why did it change" is about the last month against the one before.
  const drill = asked.named ? DRILL_OF[asked.kind] : DRILL_OF.month;
  const { content } = await session.call("formula_inputs", { kpiId: kpi["id"], ...drill, endMonth: endMonth(asked) });
  if (content["error"]) return `I can't split the change of ${bold(kpi["name"])}: ${content["error"]}`;
  const unit = content["kpi"]["unit"] as string;
  const head =
    content["change"] === null
      ? `${bold(content["kpi"]["name"])} has no value for ${content["value"] === null ? content["period"] : content["base"]}, so there is no change to explain.`
      : `${bold(content["kpi"]["name"])} went from ${value(content["baseValue"], unit, currency)} (${content["base"]}) to ${value(content["value"], unit, currency)} (${content["period"]}), a change of ${value(content["change"], unit, currency)}.`;
  if (content["change"] === null) return head;
  if (content["unattributed"]) return `${head} ${content["unattributed"]}`;
  const inputs = (content["inputs"] as Json[]).filter((input) => input["effect"] !== null);
  const lines = inputs.map((input) => `- ${bold(input["name"])}: ${value(input["base"], input["unit"], currency)} → ${value(input["value"], input["unit"], currency)}, effect ${value(input["effect"], unit, currency)}`);
  const rest = content["aggregationEffect"] === null ? [] : [`- averaging over the months: ${value(content["aggregationEffect"], unit, currency)}`];
  return [`${head} The inputs that moved it most (${content["formula"]}):`, "", ...lines, ...rest].join("\n");
}

async function runway(currency: string, session: AnalystSession): Promise<string> {
  const { content } = await session.call("cash_runway", {});
  if (content["error"]) return String(content["error"]);
  if (content["runway"] === null) return `I can't work out the cash runway from ${bold(content["kpi"]["name"])}: ${content["reason"]}`;
  const unit = content["kpi"]["unit"] as string;
  const balance = `${bold(content["kpi"]["name"])} was ${value(content["balance"], unit, currency)} at the end of ${monthName(content["balanceMonth"])}`;
  const pace = `${content["burning"] ? "falling" : "changing"} by ${value(content["monthlyChange"], unit, currency)} a month on average over the last ${monthsText(content["trendMonths"])}`;
  if (!content["burning"]) return `${balance}, ${pace.replace("changing", "growing")}: at this pace cash does not run out.`;
  return `${balance}, ${pace}. At that pace the cash lasts about ${monthsText(content["runwayMonths"])}.`;
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const monthName = (date: string) => `${MONTHS[Number(date.slice(5, 7)) - 1]} ${date.slice(0, 4)}`;

async function movers(period: CopilotPeriod, currency: string, session: AnalystSession): Promise<string> {
  const kind = period.kind === "month" ? "month" : "ytd";
  const { content } = await session.call("top_movers", { period: kind, endMonth: endMonth(period), limit: 5 });
  const moved = content["movers"] as Json[];
  if (moved.length === 0) return `No KPI you can read has values to compare for ${content["period"]} and ${content["comparedWith"]}.`;
  const lines = moved.map((kpi) => `- ${bold(kpi["name"])}: ${value(kpi["base"], kpi["unit"], currency)} → ${value(kpi["value"], kpi["unit"], currency)} (${signedPercent(kpi["changePercent"])}, ${kpi["good"] ? "for the better" : "for the worse"})`);
  return [`The KPIs that moved most, ${content["period"]} against ${content["comparedWith"]}:`, "", ...lines].join("\n");
}

async function trend(phrase: string, months: number, period: CopilotPeriod, currency: string, session: AnalystSession): Promise<string> {
  const kpi = await session.kpiNamed(phrase);
  if (!kpi) return noSuchKpi(phrase);
  const { content } = await session.call("kpi_history", { kpiId: kpi["id"], months, endMonth: endMonth(period) });
  if (content["error"]) return String(content["error"]);
  const unit = content["kpi"]["unit"] as string;
  const actuals = (content["buckets"] as Json[]).filter((bucket) => bucket["actual"] !== null);
  if (actuals.length === 0) return `${bold(content["kpi"]["name"])} has no actuals in ${content["period"]}.`;
  const latest = actuals.at(-1)!;
  const highest = actuals.reduce((best, bucket) => (bucket["actual"] > best["actual"] ? bucket : best));
  const lowest = actuals.reduce((best, bucket) => (bucket["actual"] < best["actual"] ? bucket : best));
  return `${bold(content["kpi"]["name"])}, ${content["period"]}: latest ${value(latest["actual"], unit, currency)} (${latest["label"]}); highest ${value(highest["actual"], unit, currency)} (${highest["label"]}), lowest ${value(lowest["actual"], unit, currency)} (${lowest["label"]}). The chart shows actual${actuals.length > 0 ? ", plan and forecast where there are any" : ""}.`;
}

/**
 * A question about what the attached screen shows: the snapshot's KPIs the person may read (a
 * snapshot is the client's word, so a KPI they may not read is left out), with their values.
 */
async function snapshotAnswer(question: string, intent: QuestionIntent, snapshot: Snapshot, context: ToolContext): Promise<AnalystAnswer | null> {
  const aboutScreen = /\b(this|these|the)\s+(screen|snapshot|dashboard|page|chart|numbers?|figures?|values?)\b|\bshown\b|\bon screen\b/i.test(question);
  const phrase = intent.kind === "how-is" || intent.kind === "trend" ? intent.kpi : null;
  if (!aboutScreen && phrase === null) return null;
  const units = new Map((await context.inTenant((tenant) => readableKpis(tenant, context.reader))).map((kpi) => [kpi.id, kpi.unit] as const));
  const kpis = snapshot.kpis.filter((kpi) => units.has(kpi.kpiId));
  const chosen = phrase === null ? kpis : [bestKpiMatch(kpiPhrase(phrase), kpis.map((kpi) => ({ ...kpi, id: kpi.kpiId, key: "" })))].flatMap((kpi) => (kpi ? [kpis.find((each) => each.kpiId === kpi.id)!] : []));
  if (chosen.length === 0) return null;
  const citations: Citation[] = chosen.flatMap((kpi) => kpi.values.map((entry) => ({ kpiId: kpi.kpiId, kpiName: kpi.name, period: kpi.period, measure: entry.label, value: entry.value, unit: units.get(kpi.kpiId)!, href: kpiHref(kpi.kpiId) })));
  const lines = chosen.map((kpi) => `- ${bold(kpi.name)} (${kpi.period}): ${kpi.values.map((entry) => `${entry.label} ${entry.value === null ? "–" : entry.value.toLocaleString("en-US")}`).join(", ")}`);
  const table: AnswerBlock = { kind: "table", title: snapshot.title, columns: ["KPI", "Period", ...new Set(chosen.flatMap((kpi) => kpi.values.map((entry) => entry.label)))], rows: [] };
  const columns = table.columns.slice(2);
  const rows = chosen.map((kpi) => [kpi.name, kpi.period, ...columns.map((label) => kpi.values.find((entry) => entry.label === label)?.value ?? null)]);
  return { content: [`From the snapshot “${snapshot.title}”, as the screen showed it:`, "", ...lines].join("\n"), citations, blocks: [{ ...table, rows }], toolCalls: [] };
}
