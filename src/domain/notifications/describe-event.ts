import { DASHBOARD_EVENTS, describeDashboardChange } from "../custom-dashboards/describe-change";
import { describeKpiSettingsChange, KPI_SETTINGS_EVENTS } from "../kpi/describe-settings-change";
import { accountingWizardPath } from "../integrations/accounting";
import { STATUS_TEXT, type IntegrationStatus } from "../integrations/messages";
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
  /** A custom dashboard's name as the reader has it loaded. */
  readonly dashboardName?: (dashboardId: number) => string | undefined;
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
  "SessionEnded",
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
  // A person's own uploads: the values an import writes have events of their own.
  "UploadChecked",
  "UploadImported",
  "UploadCancelled",
  "UploadMappingRemembered",
  // The sync's outcome (IntegrationSyncFinished) is what people want to hear about.
  "IntegrationSyncRequested",
  // The company's order of custom dashboards: the overview follows it without a word.
  "CustomDashboardsReordered",
  // The person's inbox (issue 15) is shown from the server's notifications themselves.
  "NotificationReceived",
  "NotificationsMarkedRead",
  // Discussions are conversation, not changes to figures: the Comments tab and the actions list
  // follow them live, and whoever is addressed (mentioned, assigned, their action's thread) gets
  // an inbox notification. A change note for every comment would bury those.
  "CommentAdded",
  "CommentEdited",
  "CommentDeleted",
  "CommentPinned",
  "CommentUnpinned",
  "ActionCreated",
  "ActionChanged",
  "ActionDeleted",
  "ActionCommentAdded",
  "ActionCommentDeleted",
]);

export function describeServerEvent(type: string, payload: unknown, context: DescribeContext): EventDescription | null {
  if (SILENT_EVENTS.has(type)) return null;
  const who = context.actorName ?? "Someone";
  const data = (payload ?? {}) as Record<string, unknown>;
  if (DASHBOARD_EVENTS.has(type)) return describeDashboardChange(type, data, who, context.dashboardName ?? (() => undefined));
  if (KPI_SETTINGS_EVENTS.has(type)) return describeKpiSettingsChange(type, data, who, context.kpiName);
  switch (type) {
    case "KpiValueEdited": {
      const described = describeValueEdits(integrationOf(data) ?? who, "actual", data["values"], context);
      // The accounting import writes the P&L's actuals as value edits: say where they came from.
      return described && data["source"] === "accounting" ? { ...described, text: `${described.text} from the accounting import` } : described;
    }
    case "AccountingImportUploaded":
      return { text: `${who} imported the accounting archive ${String(data["fileName"])} (${Number(data["bookings"]).toLocaleString("en")} bookings)`, href: accountingWizardPath() };
    case "AccountingImportDeleted":
      return { text: `${who} deleted the accounting import`, href: accountingWizardPath() };
    case "AccountingStatementSaved":
      return { text: `${who} changed the financial statement of the accounting import`, href: accountingWizardPath() };
    case "AccountingAccountsMapped":
      return { text: `${who} changed the categories of the accounting import's accounts`, href: accountingWizardPath() };
    case "AccountingSetupCompleted": {
      const first = typeof data["firstMonth"] === "string" ? data["firstMonth"] : null;
      const last = typeof data["lastMonth"] === "string" ? data["lastMonth"] : null;
      const months = first && last ? ` for ${monthRangeLabel(monthIndexOf(first), monthIndexOf(last))}` : "";
      return { text: `${who} completed the accounting setup: the P&L's actuals${months} come from the bookings`, href: accountingWizardPath() };
    }
    case "PlanningValueEdited":
      return describeValueEdits(integrationOf(data) ?? who, "planning", data["values"], context);
    case "ForecastValueEdited":
      return describeValueEdits(who, "forecast", data["values"], context);
    case "KpiDimensionValuesUploaded":
      return describeDimensionUpload(who, data["values"], context);
    case "IntegrationConnected":
    case "IntegrationReconnected":
    case "IntegrationChanged":
    case "IntegrationRemoved": {
      const verb = { IntegrationConnected: "connected", IntegrationReconnected: "reconnected", IntegrationChanged: "changed", IntegrationRemoved: "removed" }[type];
      return { text: `${who} ${verb} the integration ${String(data["name"])}`, href: type === "IntegrationRemoved" ? null : integrationHref(data) };
    }
    case "IntegrationSyncFinished": {
      const status = STATUS_TEXT[data["status"] as IntegrationStatus] ? (data["status"] as IntegrationStatus) : "sync_error";
      const values = typeof data["values"] === "number" ? data["values"] : 0;
      const outcome = status === "connected" ? `synchronized ${values} value${values === 1 ? "" : "s"}` : `did not synchronize: ${STATUS_TEXT[status]}`;
      return { text: `The integration ${String(data["name"])} ${outcome}`, href: integrationHref(data) };
    }
    case "CurrencyCreated":
      return { text: `${who} added the FX rate ${String(data["name"])} (${String(data["code"])})`, href: null };
    case "CurrencyChanged":
      return { text: typeof data["name"] === "string" ? `${who} renamed an FX rate to ${data["name"]}` : `${who} changed an FX rate`, href: null };
    case "CorporateCurrencyChanged":
      return { text: `${who} changed the corporate currency to ${String(data["code"])}`, href: null };
    case "CategoryColumnsChanged":
      return { text: `${who} changed the columns of a financial category`, href: typeof data["categoryId"] === "number" ? `/reporting/financial-dashboard/${data["categoryId"]}` : null };
    case "QueryCreated":
    case "QueryChanged":
    case "QueryDeleted":
    case "QueryActivated":
    case "QueryDeactivated":
    case "QueryValuesCalculated":
      return describeQueryChange(who, type, data, context);
    case "ForecastCreated":
      return { text: `${who} created the forecast ${String(data["name"])}`, href: typeof data["forecastId"] === "number" ? `/forecasting/${data["forecastId"]}` : "/forecasting" };
    case "ForecastActivated": {
      const previous = (data["previous"] ?? null) as { name?: unknown } | null;
      return { text: previous ? `${who} switched the active forecast from ${String(previous.name)} to ${String(data["name"])}` : `${who} activated the forecast ${String(data["name"])}`, href: typeof data["forecastId"] === "number" ? `/forecasting/${data["forecastId"]}` : "/forecasting" };
    }
    case "ForecastDeactivated":
      return { text: `${who} deactivated the forecast ${String(data["name"])}`, href: typeof data["categoryId"] === "number" ? `/forecasting/category/${data["categoryId"]}` : "/forecasting" };
    case "ForecastDeleted":
      return { text: `${who} deleted the forecast ${String(data["name"])}`, href: typeof data["categoryId"] === "number" ? `/forecasting/category/${data["categoryId"]}` : "/forecasting" };
    case "ForecastRecomputed":
      return { text: `${who} computed a forecast again`, href: typeof data["forecastId"] === "number" ? `/forecasting/${data["forecastId"]}` : "/forecasting" };
    case "ForecastValuesAdjusted":
      return { text: `${who} adjusted forecast values`, href: typeof data["forecastId"] === "number" ? `/forecasting/${data["forecastId"]}` : "/forecasting" };
    case "WarehouseDataUploaded":
      return describeUpload(who, data);
    case "WarehouseSnapshotTaken":
      return { text: `${who} kept the pipeline snapshot “${String(data["name"])}”`, href: typeof data["snapshotId"] === "number" ? `/warehouse/snapshots/${data["snapshotId"]}` : "/warehouse/snapshots" };
    case "WarehouseSnapshotDeleted":
      return { text: `${who} deleted the pipeline snapshot “${String(data["name"])}”`, href: "/warehouse/snapshots" };
    case "TwoFactorPolicyChanged":
      return { text: `${who} made two-factor authentication ${data["policy"] === "mandatory" ? "mandatory" : "optional"} for everyone`, href: "/settings/two-factor-auth" };
    default:
      // A feature's event with no words of its own yet: "Report approved by Ada Administrator".
      return { text: `${sentenceOf(type)} by ${who}`, href: null };
  }
}

/** A query-builder change, named by the KPI it calculates (the event reaches only builders who may read it). */
function describeQueryChange(who: string, type: string, data: Record<string, unknown>, context: DescribeContext): EventDescription {
  const kpi = typeof data["kpiId"] === "number" ? (context.kpiName(data["kpiId"]) ?? "a KPI") : "a KPI";
  const href = type !== "QueryDeleted" && typeof data["queryId"] === "number" ? `/query-builder/${data["queryId"]}` : "/query-builder";
  const text = {
    QueryCreated: `${who} wrote a query for ${kpi}`,
    QueryChanged: `${who} changed the query for ${kpi}`,
    QueryDeleted: `${who} deleted the query for ${kpi}`,
    QueryActivated: `${who} activated the query for ${kpi}: its results are the KPI's values now`,
    QueryDeactivated: data["values"] === "delete" ? `${who} deactivated the query for ${kpi} and deleted its values` : `${who} deactivated the query for ${kpi}`,
    QueryValuesCalculated: `${who} calculated ${kpi} again from its query`,
  }[type]!;
  return { text, href };
}

type Series = "actual" | "planning" | "forecast";
/** "the plan of Revenue", "the forecast of Revenue", or the KPI for its actuals. */
const SERIES_WORDS: Readonly<Record<Series, string>> = { actual: "", planning: "the plan of ", forecast: "the forecast of " };

function describeValueEdits(who: string, series: Series, values: unknown, context: DescribeContext): EventDescription | null {
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
    return { text: `${who} changed ${SERIES_WORDS[series]}${kpiIds.length} KPIs: ${list}`, href: null };
  }
  const kpiId = kpiIds[0]!;
  const months = edits.map((edit) => monthIndexOf(edit.date));
  const removed = edits.every((edit) => edit.value === null);
  const what = `${SERIES_WORDS[series]}${name(kpiId)}`;
  const verb = removed ? `removed ${series === "actual" ? "the values of " : ""}` : "changed ";
  return { text: `${who} ${verb}${what} for ${monthsText(months)}`, href: `/reporting/kpi-detail/${kpiId}` };
}

/** An upload of values by dimension: "Ada Administrator uploaded values by dimension of Revenue". */
function describeDimensionUpload(who: string, values: unknown, context: DescribeContext): EventDescription | null {
  const kpiIds = [...new Set((Array.isArray(values) ? values : []).map((value) => value?.kpi).filter((kpi): kpi is number => typeof kpi === "number"))];
  if (kpiIds.length === 0) return null;
  const name = (id: number) => context.kpiName(id) ?? "a KPI";
  if (kpiIds.length === 1) return { text: `${who} uploaded values by dimension of ${name(kpiIds[0]!)}`, href: `/reporting/kpi-detail/${kpiIds[0]}` };
  return { text: `${who} uploaded values by dimension of ${kpiIds.length} KPIs`, href: null };
}

/** Values an integration wrote speak of the integration, not of the person who set it up. */
function integrationOf(data: Record<string, unknown>): string | null {
  const integration = data["integration"] as { name?: unknown } | undefined;
  return typeof integration?.name === "string" ? `The integration ${integration.name}` : null;
}

const integrationHref = (data: Record<string, unknown>) => (typeof data["integrationId"] === "number" ? `/integration/${data["integrationId"]}` : null);

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

/** "Ada Administrator uploaded 318 deals": the kind's words, its row count, where to see them. */
function describeUpload(who: string, data: Record<string, unknown>): EventDescription {
  const words: Record<string, [string, string]> = { deals: ["deal", "deals"], employees: ["employee", "employees"], products: ["product", "products"], "sales-targets": ["sales target", "sales targets"] };
  const rows = typeof data["rows"] === "number" ? data["rows"] : null;
  const [one, many] = words[String(data["kind"])] ?? ["row of raw data", "rows of raw data"];
  return { text: rows === null ? `${who} uploaded ${many}` : `${who} uploaded ${rows} ${rows === 1 ? one : many}`, href: "/warehouse/raw-data" };
}
