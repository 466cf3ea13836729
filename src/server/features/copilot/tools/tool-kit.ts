import type { AnswerBlock, Citation } from "../../../../contracts/copilot";
import { COPILOT_PERIODS, lastCompleteMonth, periodAt, type CopilotPeriod, type CopilotPeriodKind } from "../../../../domain/copilot/periods";
import { monthIndexOf, type MonthIndex } from "../../../../domain/months";
import type { TenantContext } from "../../../db/tenancy";
import { HttpError } from "../../../platform/http/errors";
import { loadKpis, type KpiRow } from "../../kpis/kpi-repository";
import { mayRead } from "../../kpis/kpi-service";
import type { CopilotTool, ToolContext, ToolOutcome } from "../tool-types";

/**
 * What every copilot tool shares: argument checks that answer { error } instead of throwing, the
 * person's readable catalogue (a KPI they may not read is as if it did not exist), the company's
 * calendar and the citation of a number.
 */

/** A bad argument: the tool answers `{ error: message }` to the model. */
export class ArgumentError extends Error {}

export const NO_SUCH_KPI = (id: number) => `There is no KPI with id ${id} that you can read. Use search_kpis to find KPI ids.`;

export const failure = (error: string): ToolOutcome => ({ content: { error }, citations: [], blocks: [] });

/** The KPI detail's address (client route /reporting/kpi-detail/:kpiId). */
export const kpiHref = (kpiId: number) => `/reporting/kpi-detail/${kpiId}`;

export function citation(kpi: { readonly id: number; readonly name: string; readonly unit: string }, period: string, measure: string, value: number | null): Citation {
  return { kpiId: kpi.id, kpiName: kpi.name, period, measure, value, unit: kpi.unit, href: kpiHref(kpi.id) };
}

/** A tool whose arguments are checked by `parse` (throwing ArgumentError) before `run`. */
export function defineTool<A>(definition: {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
  parse: (args: Record<string, unknown>) => A;
  run: (args: A, context: ToolContext) => Promise<ToolOutcome>;
}): CopilotTool {
  return {
    name: definition.name,
    description: definition.description,
    parameters: definition.parameters,
    async run(args, context) {
      let parsed: A;
      try {
        const object = typeof args === "string" ? JSON.parse(args || "{}") : (args ?? {});
        if (typeof object !== "object" || object === null || Array.isArray(object)) throw new ArgumentError("The arguments must be a JSON object.");
        parsed = definition.parse(object as Record<string, unknown>);
      } catch (error) {
        if (error instanceof ArgumentError) return failure(error.message);
        if (error instanceof SyntaxError) return failure("The arguments are not valid JSON.");
        throw error;
      }
      try {
        return await definition.run(parsed, context);
      } catch (error) {
        // Expected refusals of the services (404 for a KPI the person may not read, 400 for a
        // drill that does not apply) are answers for the model, never a failed request.
        if (error instanceof HttpError && error.statusCode < 500) return failure(messageOf(error));
        if (error instanceof ArgumentError) return failure(error.message);
        throw error;
      }
    },
  };
}

function messageOf(error: HttpError): string {
  if (error.statusCode === 404) return "Not found, or not readable for you.";
  const { detail, ...fields } = error.body as Record<string, unknown>;
  const texts = [detail, ...Object.values(fields)].flat().filter((text): text is string => typeof text === "string");
  return texts.join(" ") || "The request was refused.";
}

// ── argument checks ─────────────────────────────────────────────────────────
export function kpiIdArg(args: Record<string, unknown>, field = "kpiId"): number {
  const value = args[field];
  if (typeof value !== "number" || !Number.isInteger(value) || value < 1) throw new ArgumentError(`${field} must be a KPI id (a whole number from search_kpis).`);
  return value;
}

export function kpiIdsArg(args: Record<string, unknown>, field: string, min: number, max: number): number[] {
  const value = args[field];
  if (!Array.isArray(value) || value.length < min || value.length > max || !value.every((id) => typeof id === "number" && Number.isInteger(id) && id >= 1))
    throw new ArgumentError(`${field} must be a list of ${min} to ${max} KPI ids.`);
  return [...new Set(value as number[])];
}

export function optionalText(args: Record<string, unknown>, field: string, maxLength: number): string | undefined {
  const value = args[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "string" || value.length > maxLength) throw new ArgumentError(`${field} must be text of at most ${maxLength} characters.`);
  return value;
}

export function wholeNumberArg(args: Record<string, unknown>, field: string, min: number, max: number, fallback: number): number {
  const value = args[field];
  if (value === undefined || value === null) return fallback;
  if (typeof value !== "number" || !Number.isInteger(value) || value < min || value > max) throw new ArgumentError(`${field} must be a whole number from ${min} to ${max}.`);
  return value;
}

export function choiceArg<T extends string>(args: Record<string, unknown>, field: string, choices: readonly T[], fallback: T): T {
  const value = args[field];
  if (value === undefined || value === null) return fallback;
  if (typeof value !== "string" || !(choices as readonly string[]).includes(value)) throw new ArgumentError(`${field} must be one of: ${choices.join(", ")}.`);
  return value as T;
}

/** endMonth "YYYY-MM" (the reporting month); absent: the last complete month. */
export function endMonthArg(args: Record<string, unknown>, today: string, field = "endMonth"): MonthIndex {
  const value = args[field];
  if (value === undefined || value === null) return lastCompleteMonth(today);
  if (typeof value !== "string" || !/^\d{4}-(0[1-9]|1[0-2])(-01)?$/.test(value)) throw new ArgumentError(`${field} must be a month as YYYY-MM.`);
  return monthIndexOf(`${value.slice(0, 7)}-01`);
}

export const periodKindArg = (args: Record<string, unknown>, choices: readonly CopilotPeriodKind[] = COPILOT_PERIODS, fallback: CopilotPeriodKind = "ytd") => choiceArg(args, "period", choices, fallback);

export const END_MONTH_PARAMETER = { type: "string", description: "The reporting month as YYYY-MM; default: the last complete month.", pattern: "^\\d{4}-\\d{2}$" } as const;

// ── reading as the person ───────────────────────────────────────────────────
/** The KPIs the person may read, in catalogue order. */
export async function readableKpis(context: TenantContext, reader: ToolContext["reader"]): Promise<KpiRow[]> {
  return (await loadKpis(context)).filter((kpi) => mayRead(reader, kpi));
}

export async function companyCalendar(context: TenantContext): Promise<{ fiscalYearOffset: number; currency: string }> {
  const tenant = await context.db.selectFrom("tenants").select(["fiscal_year_offset", "local_currency"]).executeTakeFirstOrThrow();
  return { fiscalYearOffset: tenant.fiscal_year_offset, currency: tenant.local_currency };
}

export const periodOf = (kind: CopilotPeriodKind, end: MonthIndex, fiscalYearOffset: number): CopilotPeriod => periodAt(kind, end, fiscalYearOffset);

/** A KPI as the tools name it to the model: data fields, never text woven into instructions. */
export const kpiFacts = (kpi: KpiRow) => ({ id: kpi.id, name: kpi.name, category: kpi.category_name, unit: kpi.unit, higherIsBetter: kpi.higher_is_better, isCalculated: kpi.formula !== null, href: kpiHref(kpi.id) });

export type { AnswerBlock, ToolOutcome };
