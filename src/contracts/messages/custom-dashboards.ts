import { Schema } from "@effect/schema";
import { CardContent, CardLayout, CustomDashboard, DashboardKind, DashboardShare, DashboardSummary, DashboardUser } from "../custom-dashboards";

/**
 * Custom dashboards (/reporting/custom, /reporting/custom-dashboard/{id}, paper): the overview,
 * one dashboard with its cards, the canvas's layout changes (each one a command and an event, so
 * Undo and a recorded log see every move), sharing and exports.
 */

const FieldMessages = Schema.Record({ key: Schema.String, value: Schema.Array(Schema.String) });
const DashboardId = Schema.Number;
/** A card's place: its order (grid, paper) and its layout (canvas). */
export const CardPlacement = Schema.Struct({ id: Schema.Number, position: Schema.Number, layout: CardLayout });
const Shares = Schema.Array(Schema.Struct({ userId: Schema.Number, canEdit: Schema.Boolean }));
/** What a person did on the overview, for the busy and failed states of its dialogs. */
export const OverviewAction = Schema.Literal("create", "rename", "duplicate", "delete", "reorder", "share");
export type OverviewAction = typeof OverviewAction.Type;
const Direction = Schema.Literal("left", "right", "up", "down");

// ── commands ────────────────────────────────────────────────────────────────
export class LoadCustomDashboards extends Schema.TaggedStruct("LoadCustomDashboards", {}) {}
export class CreateCustomDashboard extends Schema.TaggedStruct("CreateCustomDashboard", { name: Schema.String, kind: DashboardKind }) {}
export class RenameCustomDashboard extends Schema.TaggedStruct("RenameCustomDashboard", { dashboardId: DashboardId, name: Schema.String }) {}
export class DuplicateCustomDashboard extends Schema.TaggedStruct("DuplicateCustomDashboard", { dashboardId: DashboardId, name: Schema.String }) {}
export class DeleteCustomDashboard extends Schema.TaggedStruct("DeleteCustomDashboard", { dashboardId: DashboardId, name: Schema.String }) {}
/** The overview's new order: every dashboard id the reader sees. */
export class ReorderCustomDashboards extends Schema.TaggedStruct("ReorderCustomDashboards", { ids: Schema.Array(DashboardId) }) {}
/** The whole share list of a dashboard (the owner never in it). */
export class ShareCustomDashboard extends Schema.TaggedStruct("ShareCustomDashboard", { dashboardId: DashboardId, shares: Shares }) {}
/** The company's users a dashboard can be shared with. */
export class LoadShareCandidates extends Schema.TaggedStruct("LoadShareCandidates", {}) {}

export class LoadCustomDashboard extends Schema.TaggedStruct("LoadCustomDashboard", { dashboardId: DashboardId }) {}
export class AddDashboardCard extends Schema.TaggedStruct("AddDashboardCard", { dashboardId: DashboardId, title: Schema.String, content: CardContent }) {}
/** The spec's "add KPI": a KPI card appended with the KPI's name as its title. */
export class AddKpiToDashboard extends Schema.TaggedStruct("AddKpiToDashboard", { dashboardId: DashboardId, kpiId: Schema.Number }) {}
export class EditDashboardCard extends Schema.TaggedStruct("EditDashboardCard", { dashboardId: DashboardId, cardId: Schema.Number, title: Schema.String, content: CardContent }) {}
export class RemoveDashboardCard extends Schema.TaggedStruct("RemoveDashboardCard", { dashboardId: DashboardId, cardId: Schema.Number }) {}
/** Canvas: card to column x, row y (a drag, or a keyboard step). */
export class MoveDashboardCard extends Schema.TaggedStruct("MoveDashboardCard", { dashboardId: DashboardId, cardId: Schema.Number, x: Schema.Number, y: Schema.Number }) {}
/** Canvas: card w columns wide and h rows high (a corner drag, or a keyboard step). */
export class ResizeDashboardCard extends Schema.TaggedStruct("ResizeDashboardCard", { dashboardId: DashboardId, cardId: Schema.Number, w: Schema.Number, h: Schema.Number }) {}
/** Canvas keyboard: one step of the focused card (arrows move, Shift+arrows resize). */
export class StepDashboardCard extends Schema.TaggedStruct("StepDashboardCard", { dashboardId: DashboardId, cardId: Schema.Number, direction: Direction, resize: Schema.Boolean }) {}
/** Grid: card to a place in the order (0 first). */
export class ReorderDashboardCard extends Schema.TaggedStruct("ReorderDashboardCard", { dashboardId: DashboardId, cardId: Schema.Number, position: Schema.Number }) {}
/** Reverts the person's last layout change on this dashboard, and saves it. */
export class UndoLayoutChange extends Schema.TaggedStruct("UndoLayoutChange", { dashboardId: DashboardId }) {}
export class LockCanvas extends Schema.TaggedStruct("LockCanvas", { dashboardId: DashboardId, locked: Schema.Boolean }) {}
export class ExportCustomDashboard extends Schema.TaggedStruct("ExportCustomDashboard", {
  dashboardId: DashboardId,
  name: Schema.String,
  format: Schema.Literal("pdf", "xlsx"),
  orientation: Schema.Literal("landscape", "portrait"),
  theme: Schema.Literal("light", "dark"),
}) {}
/** The saved charts a chart card can show (the chart builder's list). */
export class LoadChartChoices extends Schema.TaggedStruct("LoadChartChoices", {}) {}

export const CustomDashboardsCommand = Schema.Union(
  LoadCustomDashboards,
  CreateCustomDashboard,
  RenameCustomDashboard,
  DuplicateCustomDashboard,
  DeleteCustomDashboard,
  ReorderCustomDashboards,
  ShareCustomDashboard,
  LoadShareCandidates,
  LoadCustomDashboard,
  AddDashboardCard,
  AddKpiToDashboard,
  EditDashboardCard,
  RemoveDashboardCard,
  MoveDashboardCard,
  ResizeDashboardCard,
  StepDashboardCard,
  ReorderDashboardCard,
  UndoLayoutChange,
  LockCanvas,
  ExportCustomDashboard,
  LoadChartChoices,
);

// ── events ──────────────────────────────────────────────────────────────────
export class CustomDashboardsLoadStarted extends Schema.TaggedStruct("CustomDashboardsLoadStarted", {}) {}
export class CustomDashboardsLoaded extends Schema.TaggedStruct("CustomDashboardsLoaded", { dashboards: Schema.Array(DashboardSummary) }) {}
export class CustomDashboardsLoadFailed extends Schema.TaggedStruct("CustomDashboardsLoadFailed", { message: Schema.String }) {}
export class CustomDashboardActionStarted extends Schema.TaggedStruct("CustomDashboardActionStarted", { action: OverviewAction }) {}
export class CustomDashboardActionFailed extends Schema.TaggedStruct("CustomDashboardActionFailed", { action: OverviewAction, message: Schema.String, fields: FieldMessages }) {}
/** Created or duplicated: the new dashboard, owned by the person. */
export class CustomDashboardCreated extends Schema.TaggedStruct("CustomDashboardCreated", { dashboard: CustomDashboard, duplicateOf: Schema.NullOr(DashboardId) }) {}
export class CustomDashboardRenamed extends Schema.TaggedStruct("CustomDashboardRenamed", { dashboardId: DashboardId, name: Schema.String }) {}
export class CustomDashboardDeleted extends Schema.TaggedStruct("CustomDashboardDeleted", { dashboardId: DashboardId, name: Schema.String }) {}
export class CustomDashboardsReordered extends Schema.TaggedStruct("CustomDashboardsReordered", { ids: Schema.Array(DashboardId) }) {}
export class CustomDashboardShared extends Schema.TaggedStruct("CustomDashboardShared", { dashboardId: DashboardId, shares: Schema.Array(DashboardShare) }) {}
/** `restricted`: the reader may not read the company's user list (user management), so only the current shares can change. */
export class ShareCandidatesLoaded extends Schema.TaggedStruct("ShareCandidatesLoaded", { users: Schema.Array(DashboardUser), restricted: Schema.Boolean }) {}
export class ShareCandidatesLoadFailed extends Schema.TaggedStruct("ShareCandidatesLoadFailed", { message: Schema.String }) {}

export class CustomDashboardLoadStarted extends Schema.TaggedStruct("CustomDashboardLoadStarted", { dashboardId: DashboardId }) {}
export class CustomDashboardLoaded extends Schema.TaggedStruct("CustomDashboardLoaded", { dashboard: CustomDashboard }) {}
export class CustomDashboardLoadFailed extends Schema.TaggedStruct("CustomDashboardLoadFailed", { dashboardId: DashboardId, message: Schema.String, notFound: Schema.Boolean }) {}

export class DashboardCardActionStarted extends Schema.TaggedStruct("DashboardCardActionStarted", { dashboardId: DashboardId }) {}
export class DashboardCardActionFailed extends Schema.TaggedStruct("DashboardCardActionFailed", { dashboardId: DashboardId, message: Schema.String, fields: FieldMessages }) {}
/** The card changes answer the whole dashboard (its new revision with it); `cardId` names the card. */
export class DashboardCardAdded extends Schema.TaggedStruct("DashboardCardAdded", { dashboard: CustomDashboard, cardId: Schema.NullOr(Schema.Number) }) {}
export class DashboardCardEdited extends Schema.TaggedStruct("DashboardCardEdited", { dashboard: CustomDashboard, cardId: Schema.Number }) {}
export class DashboardCardRemoved extends Schema.TaggedStruct("DashboardCardRemoved", { dashboard: CustomDashboard, cardId: Schema.Number }) {}

/** Canvas: the card now sits at `layout` (cards it covered are pushed down); `previous` is where it was. */
export class DashboardCardMoved extends Schema.TaggedStruct("DashboardCardMoved", { dashboardId: DashboardId, cardId: Schema.Number, layout: CardLayout, previous: CardLayout }) {}
export class DashboardCardResized extends Schema.TaggedStruct("DashboardCardResized", { dashboardId: DashboardId, cardId: Schema.Number, layout: CardLayout, previous: CardLayout }) {}
/** Grid: the card's new place in the order. */
export class DashboardCardReordered extends Schema.TaggedStruct("DashboardCardReordered", { dashboardId: DashboardId, cardId: Schema.Number, position: Schema.Number, previous: Schema.Number }) {}
/** The person's last layout change reverted: every card back where it was before it. */
export class DashboardLayoutUndone extends Schema.TaggedStruct("DashboardLayoutUndone", { dashboardId: DashboardId, cards: Schema.Array(CardPlacement) }) {}
/** A layout change that was not made, and why (a locked canvas, the canvas's edge, nothing to undo). */
export class DashboardLayoutRefused extends Schema.TaggedStruct("DashboardLayoutRefused", { dashboardId: DashboardId, message: Schema.String }) {}
export class DashboardLayoutSaveStarted extends Schema.TaggedStruct("DashboardLayoutSaveStarted", { dashboardId: DashboardId }) {}
export class DashboardLayoutSaved extends Schema.TaggedStruct("DashboardLayoutSaved", { dashboardId: DashboardId, revision: Schema.Number, updatedAt: Schema.String }) {}
export class DashboardLayoutSaveFailed extends Schema.TaggedStruct("DashboardLayoutSaveFailed", { dashboardId: DashboardId, message: Schema.String }) {}
/** Someone else changed the layout first (409): the dashboard reloads with theirs. */
export class DashboardLayoutConflicted extends Schema.TaggedStruct("DashboardLayoutConflicted", { dashboardId: DashboardId, message: Schema.String }) {}
export class CanvasLockChanged extends Schema.TaggedStruct("CanvasLockChanged", { dashboardId: DashboardId, locked: Schema.Boolean, revision: Schema.Number }) {}

export class CustomDashboardExportStarted extends Schema.TaggedStruct("CustomDashboardExportStarted", { dashboardId: DashboardId, format: Schema.Literal("pdf", "xlsx") }) {}
export class CustomDashboardExported extends Schema.TaggedStruct("CustomDashboardExported", { dashboardId: DashboardId, format: Schema.Literal("pdf", "xlsx"), fileName: Schema.String }) {}
export class CustomDashboardExportFailed extends Schema.TaggedStruct("CustomDashboardExportFailed", { dashboardId: DashboardId, format: Schema.Literal("pdf", "xlsx"), message: Schema.String }) {}

export class ChartChoicesLoaded extends Schema.TaggedStruct("ChartChoicesLoaded", { charts: Schema.Array(Schema.Struct({ id: Schema.Number, name: Schema.String })) }) {}
export class ChartChoicesLoadFailed extends Schema.TaggedStruct("ChartChoicesLoadFailed", { message: Schema.String }) {}

export const CustomDashboardsEvent = Schema.Union(
  CustomDashboardsLoadStarted,
  CustomDashboardsLoaded,
  CustomDashboardsLoadFailed,
  CustomDashboardActionStarted,
  CustomDashboardActionFailed,
  CustomDashboardCreated,
  CustomDashboardRenamed,
  CustomDashboardDeleted,
  CustomDashboardsReordered,
  CustomDashboardShared,
  ShareCandidatesLoaded,
  ShareCandidatesLoadFailed,
  CustomDashboardLoadStarted,
  CustomDashboardLoaded,
  CustomDashboardLoadFailed,
  DashboardCardActionStarted,
  DashboardCardActionFailed,
  DashboardCardAdded,
  DashboardCardEdited,
  DashboardCardRemoved,
  DashboardCardMoved,
  DashboardCardResized,
  DashboardCardReordered,
  DashboardLayoutUndone,
  DashboardLayoutRefused,
  DashboardLayoutSaveStarted,
  DashboardLayoutSaved,
  DashboardLayoutSaveFailed,
  DashboardLayoutConflicted,
  CanvasLockChanged,
  CustomDashboardExportStarted,
  CustomDashboardExported,
  CustomDashboardExportFailed,
  ChartChoicesLoaded,
  ChartChoicesLoadFailed,
);
