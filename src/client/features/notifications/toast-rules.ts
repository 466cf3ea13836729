import type { DomainEvent } from "../../../contracts/messages";
import type { ToastAction } from "../../../contracts/messages/notifications";
import { monthIndexOf } from "../../../domain/months";
import { monthsText } from "../../../domain/notifications/describe-event";
import type { AppState } from "../../app/state";

export interface ToastContent {
  readonly tone: "success" | "error" | "info";
  readonly text: string;
  readonly action: ToastAction | null;
}

/**
 * Which of the person's own outcomes get a toast, and its words. A feature adds its outcomes
 * here (saved, failed, undoable); everything else stays silent. Errors that a screen already
 * shows next to their field still get a toast, so a failure off screen is never missed.
 */
const QUERY_ACTIONS: Readonly<Record<string, string>> = {
  SaveQuery: "The query was not saved",
  ActivateQuery: "The query was not activated",
  DeactivateQuery: "The query was not deactivated",
  DeleteQuery: "The query was not deleted",
};

const COLLABORATION_FAILURES: Readonly<Record<string, string>> = {
  comment: "The comment was not posted",
  edit: "The comment was not changed",
  delete: "The comment was not deleted",
  pin: "The pin was not changed",
  createAction: "The action was not made",
  changeAction: "The action was not changed",
  deleteAction: "The action was not deleted",
  actionComment: "The comment was not posted",
  deleteActionComment: "The comment was not deleted",
};

export function toastFor(event: DomainEvent, state: AppState): ToastContent | null {
  const kpiName = (id: number) => state.kpis.meta.kpis.find((kpi) => kpi.id === id)?.name ?? "the KPI";
  switch (event._tag) {
    case "KpiValueEdited": {
      const kpiIds = [...new Set(event.values.map((value) => value.kpi))];
      if (kpiIds.length !== 1) return { tone: "success", text: `Saved ${event.values.length} values`, action: null };
      return { tone: "success", text: `Saved ${kpiName(kpiIds[0]!)} for ${monthsText(event.values.map((value) => monthIndexOf(value.date)))}`, action: null };
    }
    case "KpiMonthValuesSaveFailed":
      return { tone: "error", text: `${event.kpiIds.length === 1 ? kpiName(event.kpiIds[0]!) : `${event.kpiIds.length} values`} not saved: ${event.message}`, action: null };
    case "UploadImported":
      return { tone: "success", text: `Imported ${event.check.fileName}: ${event.check.importedValues === 1 ? "1 value" : `${event.check.importedValues ?? 0} values`} written`, action: null };
    case "UploadImportFailed":
      return { tone: "error", text: `Nothing was imported: ${event.message}`, action: null };
    case "UploadCheckFailed":
      return { tone: "error", text: `${event.fileName} could not be checked: ${event.message}`, action: null };
    case "UploadTemplateDownloadFailed":
      return { tone: "error", text: `The template could not be downloaded: ${event.message}`, action: null };
    case "KpiValuesSaveFailed":
      return { tone: "error", text: `${kpiName(event.kpiId)} was not saved: ${event.message}`, action: null };
    case "FavoriteAdded":
      return { tone: "success", text: `${kpiName(event.kpiId)} added to My dashboard`, action: { label: "Undo", command: { _tag: "ToggleFavorite", kpiId: event.kpiId } } };
    case "FavoriteRemoved":
      return { tone: "success", text: `${kpiName(event.kpiId)} removed from My dashboard`, action: { label: "Undo", command: { _tag: "ToggleFavorite", kpiId: event.kpiId } } };
    case "FavoriteToggleFailed":
      return { tone: "error", text: `My dashboard was not changed: ${event.message}`, action: null };
    case "AppSettingsSaveFailed":
      return { tone: "error", text: `Your filters were not saved: ${event.message}`, action: null };
    // The query builder: a save whose calculation failed says so (the editor shows the warning too).
    case "QuerySaved":
      return event.warning ? { tone: "error", text: `Saved ${event.query.title}, but its values were not calculated`, action: null } : { tone: "success", text: `Saved ${event.query.title}`, action: null };
    case "QueryStatusChanged":
      return event.query.status === "active"
        ? { tone: "success", text: `Activated ${event.query.title}: ${event.query.kpiName} now has ${event.months ?? 0} months of values`, action: null }
        : { tone: "success", text: `Deactivated ${event.query.title}`, action: null };
    case "QueryRemoved":
      return { tone: "success", text: "Deleted the query", action: null };
    case "QueryActionFailed":
      return { tone: "error", text: `${QUERY_ACTIONS[event.action] ?? "The query builder failed"}: ${event.message}`, action: null };
    // Custom dashboards: what was made, removed, shared or downloaded; failures off the dialogs.
    case "CustomDashboardCreated":
      return { tone: "success", text: event.duplicateOf === null ? `Created the dashboard “${event.dashboard.name}”` : `Duplicated as “${event.dashboard.name}”`, action: null };
    case "CustomDashboardDeleted":
      return { tone: "success", text: `Deleted the dashboard “${event.name}”`, action: null };
    case "CustomDashboardShared":
      return { tone: "success", text: event.shares.length === 0 ? "The dashboard is shared with nobody now" : `Shared with ${event.shares.length === 1 ? event.shares[0]!.user.name : `${event.shares.length} people`}`, action: null };
    case "CustomDashboardActionFailed":
      return event.action === "delete" || event.action === "reorder" ? { tone: "error", text: `${event.action === "delete" ? "The dashboard was not deleted" : "The order was not saved"}: ${event.message}`, action: null } : null;
    case "DashboardCardRemoved":
      return { tone: "success", text: "Removed the card", action: null };
    case "DashboardLayoutSaveFailed":
      return { tone: "error", text: `The layout was not saved: ${event.message}`, action: null };
    case "CustomDashboardExported":
      return { tone: "success", text: `Downloaded ${event.fileName}`, action: null };
    case "CustomDashboardExportFailed":
      return { tone: "error", text: `The ${event.format === "pdf" ? "PDF" : "Excel"} export failed: ${event.message}`, action: null };
    // Investor reporting: what was made, removed, approved or downloaded; failures off the dialogs.
    case "InvestorReportCreated":
      return { tone: "success", text: event.duplicateOf === null ? `Created the report “${event.report.name}”` : `Duplicated as “${event.report.name}”`, action: null };
    case "InvestorReportDeleted":
      return { tone: "success", text: `Deleted the report “${event.name}”`, action: null };
    case "InvestorReportApproved":
      return { tone: "success", text: `Approved “${event.report.name}”: its figures are frozen`, action: null };
    case "ReportSectionRemoved":
      return { tone: "success", text: `Removed ${event.name}`, action: null };
    case "ReportTemplateSaved":
      return { tone: "success", text: `Saved the template “${event.template.name}”`, action: null };
    case "InvestorReportExported":
      return { tone: "success", text: `Downloaded ${event.fileName}`, action: null };
    case "InvestorReportExportFailed":
      return { tone: "error", text: `The ${event.format === "pdf" ? "PDF" : "Excel"} export failed: ${event.message}`, action: null };
    case "ReportAttachmentDownloadFailed":
      return { tone: "error", text: `${event.fileName} was not downloaded: ${event.message}`, action: null };
    case "ReportTextSaveFailed":
      return { tone: "error", text: `The text was not saved: ${event.message}`, action: null };
    // The person's inbox: a mention, an action assigned, an alert, live; "Open" follows its link.
    case "InboxNotificationArrived":
      return { tone: "info", text: event.notification.title, action: event.notification.link ? { label: "Open", command: { _tag: "Navigate", to: event.notification.link, replace: false } } : null };
    // Comments and actions: what the person did, and failures off the forms.
    case "KpiCommentSaved":
      return event.edited ? { tone: "success", text: "Saved your changes to the comment", action: null } : null;
    case "KpiCommentDeleted":
      return { tone: "success", text: "Deleted the comment", action: null };
    case "ActionSaved":
      return event.created ? { tone: "success", text: `Made an action for ${event.action.assignedUser.name}`, action: { label: "Open", command: { _tag: "Navigate", to: `/reporting/actions/${event.action.id}`, replace: false } } } : { tone: "success", text: `Saved the action “${event.action.title}”`, action: null };
    case "ActionRemoved":
      return { tone: "success", text: "Deleted the action", action: null };
    case "CollaborationActionFailed":
      return { tone: "error", text: `${COLLABORATION_FAILURES[event.action]}: ${event.message}`, action: null };
    default:
      return null;
  }
}
