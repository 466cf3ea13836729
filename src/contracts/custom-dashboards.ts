import { Schema } from "@effect/schema";
import { CANVAS_COLUMNS, CANVAS_MAX_ROWS } from "./canvas-grid";
import { List, RecordId, RequiredText, Text, WholeNumber } from "./fields";

export { CANVAS_COLUMNS, CANVAS_MAX_ROWS };

/**
 * Custom dashboards (issue 13; spec sections 1, 2, 6, 7): dashboards people assemble from cards.
 * A dashboard is a `grid` (cards flow in their `position` order) or a `canvas` (Beta: each card
 * placed and sized on a 12-column grid by its `layout`; a locked canvas cannot be moved by anyone).
 *
 * Access: creating needs control_custom_dashboards. A dashboard is seen by its owner, by the users
 * it is shared with (each may view, or view and edit) and by staff; to anyone else its id answers
 * 404. Sharing is managed by the owner or staff. A user with a dashboard shared to them has the
 * profile's access_custom_dashboard flag, which opens /reporting/custom without the permission.
 */

/** The card types of this issue; deep drill and AI chart cards join with their issues. */
export const CARD_TYPES = ["text", "kpi", "kpiChart", "chart"] as const;
export type CardType = (typeof CARD_TYPES)[number];
export const CARD_TYPE_INVALID = "Card type must be valid.";

export const MAX_CARDS = 60;
export const DASHBOARD_NAME_BLANK = "Enter a name for the dashboard.";
export const DASHBOARD_NAME_TAKEN = "A dashboard with this name already exists.";
export const CANVAS_LOCKED = "This canvas is locked. Unlock it to move or resize cards.";

/** Where a card sits on a canvas: column x (0–11) and row y, w columns wide and h rows high. */
export const CardLayout = Schema.Struct({
  x: WholeNumber(0, CANVAS_COLUMNS - 1, "x must be a column from 0 to 11."),
  y: WholeNumber(0, CANVAS_MAX_ROWS - 1, `y must be a row from 0 to ${CANVAS_MAX_ROWS - 1}.`),
  w: WholeNumber(1, CANVAS_COLUMNS, "w must be 1 to 12 columns."),
  h: WholeNumber(1, 24, "h must be 1 to 24 rows."),
}).pipe(Schema.filter((layout) => layout.x + layout.w <= CANVAS_COLUMNS || "The card must fit within the 12 columns."));
export type CardLayout = typeof CardLayout.Type;

/** What a card shows, by type (a tagged union: a new card type is one more member). */
export const TextCardContent = Schema.Struct({ type: Schema.Literal("text"), text: Text(20_000) });
export const KpiCardContent = Schema.Struct({ type: Schema.Literal("kpi"), kpiId: RecordId });
export const KpiChartCardContent = Schema.Struct({
  type: Schema.Literal("kpiChart"),
  kpiId: RecordId,
  /** 1, 3, 6 or 12 months per bar. */
  bucketSize: Schema.Literal(1, 3, 6, 12),
  /** Months shown, ending at the reporting month. */
  timeRange: WholeNumber(1, 120, "Choose 1 to 120 months."),
});
export const ChartCardContent = Schema.Struct({ type: Schema.Literal("chart"), chartId: RecordId });
export const CardContent = Schema.Union(TextCardContent, KpiCardContent, KpiChartCardContent, ChartCardContent).annotations({
  message: () => CARD_TYPE_INVALID,
});
export type CardContent = typeof CardContent.Type;

export const DashboardCard = Schema.Struct({
  id: Schema.Number,
  title: Schema.String,
  content: CardContent,
  /** Order on a grid dashboard (0 first) and reading order on paper. */
  position: Schema.Number,
  layout: CardLayout,
});
export type DashboardCard = typeof DashboardCard.Type;

export const DashboardUser = Schema.Struct({ id: Schema.Number, name: Schema.String });

/** Who a dashboard is shared with. */
export const DashboardShare = Schema.Struct({ user: DashboardUser, canEdit: Schema.Boolean });
export type DashboardShare = typeof DashboardShare.Type;

export const DashboardKind = Schema.Literal("grid", "canvas");
export type DashboardKind = typeof DashboardKind.Type;

/** A dashboard in the overview (GET /api/custom-dashboards/). */
export const DashboardSummary = Schema.Struct({
  id: Schema.Number,
  name: Schema.String,
  kind: DashboardKind,
  locked: Schema.Boolean,
  owner: DashboardUser,
  cardCount: Schema.Number,
  /** Order in the overview (0 first), one order per company. */
  position: Schema.Number,
  updatedAt: Schema.String,
  /** The reader may change its cards, layout and name. */
  canEdit: Schema.Boolean,
  /** The reader may share it and delete it (owner or staff). */
  canManage: Schema.Boolean,
});
export type DashboardSummary = typeof DashboardSummary.Type;

/** A whole dashboard (GET /api/custom-dashboards/{id}/): `revision` grows with every change. */
export const CustomDashboard = Schema.Struct({
  ...DashboardSummary.fields,
  revision: Schema.Number,
  cards: Schema.Array(DashboardCard),
  /** Empty unless the reader may manage it. */
  shares: Schema.Array(DashboardShare),
});
export type CustomDashboard = typeof CustomDashboard.Type;

export const DashboardsResponse = Schema.Struct({ dashboards: Schema.Array(DashboardSummary) });

/** POST /api/custom-dashboards/ */
export const NewDashboard = Schema.Struct({ name: RequiredText(150, DASHBOARD_NAME_BLANK), kind: DashboardKind });
/** PATCH /api/custom-dashboards/{id}/: rename, lock or unlock a canvas. */
export const DashboardPatch = Schema.Struct({ name: Schema.optional(RequiredText(150, DASHBOARD_NAME_BLANK)), locked: Schema.optional(Schema.Boolean) });
/** POST /api/custom-dashboards/{id}/duplicate/: a copy with all cards, owned by the reader, shared with nobody. */
export const DuplicateDashboard = Schema.Struct({ name: RequiredText(150, DASHBOARD_NAME_BLANK) });
/** PUT /api/custom-dashboards/positions/: the overview's order, every id the reader sees. */
export const DashboardPositions = Schema.Struct({ ids: List(RecordId, 1000) });
/** PUT /api/custom-dashboards/{id}/permissions/: the whole share list (the owner is never in it). */
export const DashboardPermissions = Schema.Struct({ shares: List(Schema.Struct({ userId: RecordId, canEdit: Schema.Boolean }), 500) });

/**
 * GET /api/custom-dashboards/share-candidates/: the company's active users a dashboard can be
 * shared with, by name only (no e-mail: a dashboard owner need not be able to read user management).
 */
export const ShareCandidates = Schema.Struct({ users: Schema.Array(DashboardUser) });

/** POST /api/custom-dashboards/{id}/cards/: add a card (layout left out: the first free place below the others). */
export const NewCard = Schema.Struct({ title: Text(150), content: CardContent, layout: Schema.optional(CardLayout) });
/** POST /api/custom-dashboards/{id}/add-kpi/ (spec: "add KPI"): a KPI card appended to the dashboard. */
export const AddKpi = Schema.Struct({ kpiId: RecordId });
/** PATCH /api/custom-dashboards/{id}/cards/{cardId}/: a card's title and content (its type may change). */
export const CardPatch = Schema.Struct({ title: Schema.optional(Text(150)), content: Schema.optional(CardContent) });
/**
 * PUT /api/custom-dashboards/{id}/layout/: the positions and layouts of cards, all or nothing.
 * `revision` is the revision the client changed; an older one answers 409 with the current
 * dashboard's revision so the client reloads rather than overwrites someone else's move.
 * A locked canvas answers 400 CANVAS_LOCKED.
 */
export const LayoutChange = Schema.Struct({
  revision: Schema.Number,
  cards: List(Schema.Struct({ id: RecordId, position: WholeNumber(0, MAX_CARDS - 1), layout: CardLayout }), MAX_CARDS, { min: 1 }),
});
export type LayoutChange = typeof LayoutChange.Type;

/** A KPI's custom dashboards, as KPI meta lists them (spec: customDashboards, customDashboardsKpi). */
export const KpiDashboardPlacement = Schema.Struct({ dashboard: Schema.Number, position: Schema.Number });

/**
 * Exports (issue 13, the print pipeline): POST /api/custom-dashboards/{id}/export/pdf/ answers
 * application/pdf, POST .../export/xlsx/ an Excel workbook with each card's data as a sheet.
 */
export const PdfExportRequest = Schema.Struct({
  orientation: Schema.Literal("landscape", "portrait"),
  theme: Schema.Literal("light", "dark"),
});
export type PdfExportRequest = typeof PdfExportRequest.Type;
