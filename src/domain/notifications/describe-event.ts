import { monthIndexOf, monthRangeLabel, type MonthIndex } from "../months";

/**
 * What another person's change means to the reader, in words: "Ada Administrator changed
 * Revenue for Oct 2026". Pure: the KPI names and the actor's name come in from the caller.
 * Null for events that are nobody else's business (sign-ins, someone's favorites or settings,
 * user administration) or that carry nothing for this reader.
 */
export interface EventDescription {
  readonly text: string;
  /** Where the change can be seen, when one place shows it. */
  readonly href: string | null;
}

export interface DescribeContext {
  /** The acting user's display name; null for the system or a user who no longer exists. */
  readonly actorName: string | null;
  readonly kpiName: (kpiId: number) => string | undefined;
}

/** Events kept for audit and sync that do not concern the other people of the company. */
export const SILENT_EVENTS: ReadonlySet<string> = new Set([
  "UserSignedIn",
  "DemoDataSeeded",
  "AppSettingsChanged",
  "FavoriteAdded",
  "FavoriteRemoved",
  "FavoritesReplaced",
  "PasswordChanged",
  "PasswordReset",
  "SsoLinked",
  "TwoFactorEnabled",
  "TwoFactorDisabled",
  "TwoFactorReset",
  "UserCreated",
  "UserChanged",
  "UserDeleted",
  "UserPermissionsChanged",
  "UsersImported",
  "RegisteredInstanceRemoved",
]);

export function describeServerEvent(type: string, payload: unknown, context: DescribeContext): EventDescription | null {
  if (SILENT_EVENTS.has(type)) return null;
  const who = context.actorName ?? "Someone";
  const data = (payload ?? {}) as Record<string, unknown>;
  switch (type) {
    case "KpiValueEdited":
    case "PlanningValueEdited":
      return describeValueEdits(who, type === "PlanningValueEdited", data["values"], context);
    case "CurrencyCreated":
      return { text: `${who} added the FX rate ${String(data["name"])} (${String(data["code"])})`, href: null };
    case "CurrencyChanged":
      return { text: typeof data["name"] === "string" ? `${who} renamed an FX rate to ${data["name"]}` : `${who} changed an FX rate`, href: null };
    case "CorporateCurrencyChanged":
      return { text: `${who} changed the corporate currency to ${String(data["code"])}`, href: null };
    case "CategoryColumnsChanged":
      return { text: `${who} changed the columns of a financial category`, href: typeof data["categoryId"] === "number" ? `/reporting/financial-dashboard/${data["categoryId"]}` : null };
    case "TwoFactorPolicyChanged":
      return { text: `${who} made two-factor authentication ${data["policy"] === "mandatory" ? "mandatory" : "optional"} for everyone`, href: "/settings/two-factor-auth" };
    default:
      // A feature's event with no words of its own yet: "Report approved by Ada Administrator".
      return { text: `${sentenceOf(type)} by ${who}`, href: null };
  }
}

function describeValueEdits(who: string, planning: boolean, values: unknown, context: DescribeContext): EventDescription | null {
  const edits = (Array.isArray(values) ? values : []).filter(
    (value): value is { kpi: number; date: string; value: number | null } => typeof value?.kpi === "number" && typeof value?.date === "string" && /^\d{4}-\d{2}-01$/.test(value.date),
  );
  const kpiIds = [...new Set(edits.map((edit) => edit.kpi))];
  if (kpiIds.length === 0) return null;
  const name = (id: number) => context.kpiName(id) ?? "a KPI";
  if (kpiIds.length > 1) {
    const named = kpiIds.slice(0, 2).map(name);
    const rest = kpiIds.length - named.length;
    const list = rest > 0 ? `${named.join(", ")} and ${rest} more` : named.join(" and ");
    return { text: `${who} changed ${planning ? "the plan of " : ""}${kpiIds.length} KPIs: ${list}`, href: null };
  }
  const kpiId = kpiIds[0]!;
  const months = edits.map((edit) => monthIndexOf(edit.date));
  const removed = edits.every((edit) => edit.value === null);
  const what = planning ? `the plan of ${name(kpiId)}` : name(kpiId);
  const verb = removed ? `removed ${planning ? "" : "the values of "}` : "changed ";
  return { text: `${who} ${verb}${what} for ${monthsText(months)}`, href: `/reporting/kpi-detail/${kpiId}` };
}

/** "Oct 2026", "Aug – Oct 2026", "Nov 2026 – Jan 2027", or "5 months" when they are not one run. */
export function monthsText(months: readonly MonthIndex[]): string {
  const sorted = [...new Set(months)].sort((a, b) => a - b);
  const first = sorted[0]!;
  const last = sorted.at(-1)!;
  return last - first + 1 === sorted.length ? monthRangeLabel(first, last) : `${sorted.length} months`;
}

/** "ReportApproved" → "Report approved". */
const sentenceOf = (type: string) => {
  const words = type.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};
