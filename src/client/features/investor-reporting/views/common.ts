import type { ReportStatus } from "../../../../contracts/investor-reporting";
import type { ReportAction } from "../../../../contracts/messages/investor-reporting";
import type { AppState } from "../../../app/state";
import { useModel } from "../../../bus/use-model";
import { selectAccess } from "../../session/model";

export const LIST_PATH = "/investor-reporting";
export const reportPath = (reportId: number, tab?: ReportTab) => `${LIST_PATH}/${reportId}${tab && tab !== "report" ? `/${tab}` : ""}`;

/** The report's tabs: its sections, who it goes to, its settings (name, sharing, templates, exports). */
export const REPORT_TABS = ["report", "recipients", "settings"] as const;
export type ReportTab = (typeof REPORT_TABS)[number];

export const STATUS_LABEL: Readonly<Record<ReportStatus, string>> = { draft: "Draft", approved: "Approved", sent: "Sent" };
export const STATUS_TONE = { draft: "neutral", approved: "accent", sent: "good" } as const;

/** Creating reports and templates needs write_investor_reporting (staff have every permission). */
export function selectCanWriteReports(state: AppState): boolean {
  const access = selectAccess(state.session);
  return !!access && (access.isStaff || access.permissions.has("write_investor_reporting"));
}

/** The state of the person's action of this kind (on this report): busy, failed with messages, or idle. */
export function useAction(action: ReportAction, reportId: number | null = null) {
  const state = useModel((app: AppState) => app.investorReporting.action);
  const mine = state.action === action && (reportId === null || state.reportId === reportId);
  return {
    status: mine ? state.status : ("idle" as const),
    busy: mine && state.status === "busy",
    message: mine && state.status === "error" ? state.message : null,
    fields: mine && state.status === "error" ? state.fields : {},
  };
}

/** "2026-10-01" → "2026-10" for a month input, and back. */
export const monthInput = (date: string | null | undefined) => (date ? date.slice(0, 7) : "");
export const monthDate = (input: string) => (/^\d{4}-\d{2}$/.test(input) ? `${input}-01` : null);

const MONTH = new Intl.DateTimeFormat("en-GB", { month: "long", year: "numeric", timeZone: "UTC" });
/** "2026-10-01" → "October 2026". */
export const monthLabel = (date: string) => MONTH.format(new Date(`${date.slice(0, 10)}T00:00:00Z`));

/** The month before today's, the default end of a new report (a report looks back on a closed month). */
export function lastMonth(now: Date): string {
  const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  return date.toISOString().slice(0, 7);
}
