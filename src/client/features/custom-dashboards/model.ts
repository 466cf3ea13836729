import { castDraft, produce, type Draft } from "immer";
import type { CardLayout, CustomDashboard, DashboardSummary } from "../../../contracts/custom-dashboards";
import type { OverviewAction } from "../../../contracts/messages/custom-dashboards";
import { describeLayout, inReadingOrder, placeCard, reorderCard, type CardPlacement } from "../../../domain/custom-dashboards/canvas-layout";
import type { Reducer } from "../../bus/store";

/** How many layout changes Undo can walk back. */
export const UNDO_DEPTH = 30;
export const LAYOUT_CONFLICT_TEXT = "Someone else changed the layout of this dashboard. It was reloaded with their changes; make your change again.";
export const NOTHING_TO_UNDO_TEXT = "There is no layout change to undo.";

/**
 * One open dashboard: as loaded (its cards carry the current layout, the person's unsaved moves
 * included), the layouts before each of the person's layout changes (what Undo restores), the
 * layout's saving state, what the live region last said, and the card dialogs' state.
 */
export interface DashboardSlot {
  readonly status: "loading" | "loaded" | "error";
  readonly dashboard: CustomDashboard | null;
  readonly message: string | null;
  readonly notFound: boolean;
  readonly undo: readonly (readonly CardPlacement[])[];
  readonly layout: { readonly status: "saved" | "pending" | "saving" | "error"; readonly message: string | null };
  /** The last layout change or refusal in words, for the live region (and the refusal's notice). */
  readonly announcement: { readonly text: string; readonly refused: boolean; readonly seq: number } | null;
  readonly cardAction: { readonly status: "idle" | "busy" | "error"; readonly message: string | null; readonly fields: Readonly<Record<string, readonly string[]>> };
  readonly exporting: "pdf" | "xlsx" | null;
}

export interface CustomDashboardsModel {
  readonly list: { readonly status: "idle" | "loading" | "loaded" | "error"; readonly dashboards: readonly DashboardSummary[]; readonly message: string | null };
  readonly action: { readonly status: "idle" | "busy" | "error"; readonly action: OverviewAction | null; readonly message: string | null; readonly fields: Readonly<Record<string, readonly string[]>> };
  /** The dashboard the person just created: the overview opens it. */
  readonly created: number | null;
  readonly open: Readonly<Record<number, DashboardSlot>>;
  /** Who a dashboard can be shared with; `restricted` when the reader may not read the user list. */
  readonly shareCandidates: { readonly status: "idle" | "loaded" | "error"; readonly users: readonly { readonly id: number; readonly name: string }[]; readonly restricted: boolean; readonly message: string | null };
  readonly charts: { readonly status: "idle" | "loaded" | "error"; readonly list: readonly { readonly id: number; readonly name: string }[]; readonly message: string | null };
}

export const initialCustomDashboards: CustomDashboardsModel = {
  list: { status: "idle", dashboards: [], message: null },
  action: { status: "idle", action: null, message: null, fields: {} },
  created: null,
  open: {},
  shareCandidates: { status: "idle", users: [], restricted: false, message: null },
  charts: { status: "idle", list: [], message: null },
};

const IDLE_ACTION = { status: "idle" as const, message: null, fields: {} };

const emptySlot = (): DashboardSlot => ({
  status: "loading",
  dashboard: null,
  message: null,
  notFound: false,
  undo: [],
  layout: { status: "saved", message: null },
  announcement: null,
  cardAction: IDLE_ACTION,
  exporting: null,
});

export const placementsOf = (dashboard: Pick<CustomDashboard, "cards">): CardPlacement[] => dashboard.cards.map((card) => ({ id: card.id, position: card.position, layout: card.layout }));

export const customDashboardsReducer: Reducer<CustomDashboardsModel> = (model, event) => {
  switch (event._tag) {
    case "CustomDashboardsLoadStarted":
      return produce(model, (draft) => {
        draft.list.status = draft.list.status === "loaded" ? "loaded" : "loading";
        draft.list.message = null;
      });
    case "CustomDashboardsLoaded":
      return produce(model, (draft) => {
        draft.list = castDraft({ status: "loaded" as const, dashboards: sortByPosition(event.dashboards), message: null });
      });
    case "CustomDashboardsLoadFailed":
      return produce(model, (draft) => {
        draft.list.status = "error";
        draft.list.message = event.message;
      });
    case "CustomDashboardActionStarted":
      return produce(model, (draft) => {
        draft.action = { status: "busy", action: event.action, message: null, fields: {} };
        draft.created = null;
      });
    case "CustomDashboardActionFailed":
      return produce(model, (draft) => {
        draft.action = castDraft({ status: "error" as const, action: event.action, message: event.message, fields: event.fields });
      });
    case "CustomDashboardCreated":
      return produce(model, (draft) => {
        draft.action = { status: "idle", action: null, message: null, fields: {} };
        draft.created = event.duplicateOf === null ? event.dashboard.id : null;
        const { revision, cards, shares, ...summary } = event.dashboard;
        draft.list.dashboards = castDraft([...model.list.dashboards.filter((entry) => entry.id !== summary.id), summary]);
        draft.open[event.dashboard.id] = castDraft({ ...emptySlot(), status: "loaded" as const, dashboard: event.dashboard });
      });
    case "CustomDashboardRenamed":
      return produce(model, (draft) => {
        draft.action = { status: "idle", action: null, message: null, fields: {} };
        for (const entry of draft.list.dashboards) if (entry.id === event.dashboardId) entry.name = event.name;
        const open = draft.open[event.dashboardId]?.dashboard;
        if (open) open.name = event.name;
      });
    case "CustomDashboardDeleted":
      return produce(model, (draft) => {
        draft.action = { status: "idle", action: null, message: null, fields: {} };
        draft.list.dashboards = castDraft(model.list.dashboards.filter((entry) => entry.id !== event.dashboardId));
        delete draft.open[event.dashboardId];
      });
    case "CustomDashboardsReordered":
      return produce(model, (draft) => {
        draft.action = { status: "idle", action: null, message: null, fields: {} };
        const index = new Map(event.ids.map((id, position) => [id, position] as const));
        draft.list.dashboards = castDraft(sortByPosition(model.list.dashboards.map((entry) => ({ ...entry, position: index.get(entry.id) ?? entry.position }))));
      });
    case "CustomDashboardShared":
      return produce(model, (draft) => {
        draft.action = { status: "idle", action: null, message: null, fields: {} };
        const open = draft.open[event.dashboardId]?.dashboard;
        if (open) open.shares = castDraft(event.shares);
      });
    case "ShareCandidatesLoaded":
      return produce(model, (draft) => {
        draft.shareCandidates = castDraft({ status: "loaded" as const, users: event.users, restricted: event.restricted, message: null });
      });
    case "ShareCandidatesLoadFailed":
      return produce(model, (draft) => {
        draft.shareCandidates = { status: "error", users: [], restricted: false, message: event.message };
      });
    case "CustomDashboardLoadStarted":
      return produce(model, (draft) => {
        const slot = draft.open[event.dashboardId];
        // A reload keeps showing the dashboard; only a first load shows the loading state.
        if (!slot || slot.status === "error") draft.open[event.dashboardId] = castDraft(emptySlot());
      });
    case "CustomDashboardLoaded":
      return produce(model, (draft) => {
        const slot = draft.open[event.dashboard.id] ?? castDraft(emptySlot());
        const sameLayout = slot.dashboard !== null && samePlacements(slot.dashboard, event.dashboard);
        slot.status = "loaded";
        slot.dashboard = castDraft(event.dashboard);
        slot.message = null;
        slot.notFound = false;
        // Another person's layout replaces this one: the undo steps belonged to the old layout.
        if (!sameLayout) slot.undo = [];
        slot.layout = { status: "saved", message: slot.layout.status === "error" ? slot.layout.message : null };
        draft.open[event.dashboard.id] = slot;
        for (const entry of draft.list.dashboards) {
          if (entry.id !== event.dashboard.id) continue;
          entry.name = event.dashboard.name;
          entry.locked = event.dashboard.locked;
          entry.cardCount = event.dashboard.cards.length;
          entry.updatedAt = event.dashboard.updatedAt;
        }
      });
    case "CustomDashboardLoadFailed":
      return produce(model, (draft) => {
        const slot = draft.open[event.dashboardId] ?? castDraft(emptySlot());
        if (slot.dashboard && !event.notFound) {
          // A failed reload keeps the dashboard on screen and says so.
          slot.layout = { status: "error", message: event.message };
        } else {
          slot.status = "error";
          slot.dashboard = null;
          slot.message = event.message;
          slot.notFound = event.notFound;
        }
        draft.open[event.dashboardId] = slot;
      });
    case "DashboardCardActionStarted":
      return updateSlot(model, event.dashboardId, (slot) => {
        slot.cardAction = { status: "busy", message: null, fields: {} };
      });
    case "DashboardCardActionFailed":
      return updateSlot(model, event.dashboardId, (slot) => {
        slot.cardAction = castDraft({ status: "error" as const, message: event.message, fields: event.fields });
      });
    case "DashboardCardAdded":
    case "DashboardCardEdited":
    case "DashboardCardRemoved":
      return withCardCount(
        produce(model, (draft) => {
          const slot = draft.open[event.dashboard.id];
          if (!slot?.dashboard) return;
          const local = slot.layout.status === "pending" || slot.layout.status === "saving" ? placementsOf(slot.dashboard) : null;
          slot.dashboard = castDraft(event.dashboard);
          slot.cardAction = IDLE_ACTION;
          // A layout change still on its way stays on screen; it is saved on the revision answered here.
          if (local) applyPlacements(slot.dashboard, local);
          if (event._tag === "DashboardCardRemoved") slot.undo = [];
        }),
        event.dashboard.id,
      );
    case "DashboardCardMoved":
    case "DashboardCardResized":
      return changeLayout(model, event.dashboardId, (cards) => placeCard(cards, event.cardId, event.layout), (dashboard) => {
        const title = cardName(dashboard, event.cardId);
        const card = dashboard.cards.find((entry) => entry.id === event.cardId);
        const layout: CardLayout = card?.layout ?? event.layout;
        return event._tag === "DashboardCardMoved" ? `Moved ${title} to ${describeLayout(layout)}.` : `Resized ${title} to ${describeLayout(layout)}.`;
      });
    case "DashboardCardReordered":
      return changeLayout(model, event.dashboardId, (cards) => reorderCard(cards, event.cardId, event.position), (dashboard) => `Moved ${cardName(dashboard, event.cardId)} to place ${event.position + 1} of ${dashboard.cards.length}.`);
    case "DashboardLayoutUndone":
      return updateSlot(model, event.dashboardId, (slot, dashboard) => {
        applyPlacements(dashboard, event.cards);
        slot.undo = slot.undo.slice(0, -1);
        slot.layout = { status: "pending", message: null };
        slot.announcement = { text: "Undid the last layout change.", refused: false, seq: (slot.announcement?.seq ?? 0) + 1 };
      });
    case "DashboardLayoutRefused":
      return updateSlot(model, event.dashboardId, (slot) => {
        slot.announcement = { text: event.message, refused: true, seq: (slot.announcement?.seq ?? 0) + 1 };
      });
    case "DashboardLayoutSaveStarted":
      return updateSlot(model, event.dashboardId, (slot) => {
        slot.layout = { status: "saving", message: null };
      });
    case "DashboardLayoutSaved":
      return updateSlot(model, event.dashboardId, (slot, dashboard) => {
        dashboard.revision = event.revision;
        dashboard.updatedAt = event.updatedAt;
        // A change made while this save was on its way is saved next.
        if (slot.layout.status === "saving") slot.layout = { status: "saved", message: null };
      });
    case "DashboardLayoutSaveFailed":
      return updateSlot(model, event.dashboardId, (slot) => {
        slot.layout = { status: "error", message: event.message };
      });
    case "DashboardLayoutConflicted":
      return updateSlot(model, event.dashboardId, (slot) => {
        slot.layout = { status: "error", message: event.message };
        slot.undo = [];
        slot.announcement = { text: event.message, refused: true, seq: (slot.announcement?.seq ?? 0) + 1 };
      });
    case "CanvasLockChanged":
      return produce(model, (draft) => {
        const dashboard = draft.open[event.dashboardId]?.dashboard;
        if (dashboard) {
          dashboard.locked = event.locked;
          dashboard.revision = event.revision;
        }
        const slot = draft.open[event.dashboardId];
        if (slot) {
          slot.cardAction = IDLE_ACTION;
          slot.announcement = { text: event.locked ? "The canvas is locked." : "The canvas is unlocked: cards can be moved and resized.", refused: false, seq: (slot.announcement?.seq ?? 0) + 1 };
        }
        for (const entry of draft.list.dashboards) if (entry.id === event.dashboardId) entry.locked = event.locked;
      });
    case "CustomDashboardExportStarted":
      return updateSlot(model, event.dashboardId, (slot) => {
        slot.exporting = event.format;
      });
    case "CustomDashboardExported":
    case "CustomDashboardExportFailed":
      return updateSlot(model, event.dashboardId, (slot) => {
        slot.exporting = null;
      });
    case "ChartChoicesLoaded":
      return produce(model, (draft) => {
        draft.charts = castDraft({ status: "loaded" as const, list: event.charts, message: null });
      });
    case "ChartChoicesLoadFailed":
      return produce(model, (draft) => {
        draft.charts = { status: "error", list: [], message: event.message };
      });
    default:
      return model;
  }
};

type DraftSlot = { -readonly [K in keyof DashboardSlot]: DashboardSlot[K] } & { dashboard: CustomDashboard | null };

type DraftDashboard = Draft<CustomDashboard>;

function updateSlot(model: CustomDashboardsModel, dashboardId: number, change: (slot: DraftSlot, dashboard: DraftDashboard) => void): CustomDashboardsModel {
  const slot = model.open[dashboardId];
  if (!slot?.dashboard) return model;
  return produce(model, (draft) => {
    const target = draft.open[dashboardId] as unknown as DraftSlot;
    change(target, target.dashboard as DraftDashboard);
  });
}

/** A layout change: the layout before it goes on the undo stack, the saving waits, the live region says it. */
function changeLayout(model: CustomDashboardsModel, dashboardId: number, next: (cards: CardPlacement[]) => CardPlacement[], announce: (dashboard: CustomDashboard) => string): CustomDashboardsModel {
  return updateSlot(model, dashboardId, (slot, dashboard) => {
    const before = placementsOf(dashboard);
    applyPlacements(dashboard, next(before));
    slot.undo = [...slot.undo, before].slice(-UNDO_DEPTH);
    slot.layout = { status: "pending", message: null };
    slot.announcement = { text: announce(dashboard), refused: false, seq: (slot.announcement?.seq ?? 0) + 1 };
  });
}

function applyPlacements(dashboard: { cards: { id: number; position: number; layout: CardLayout }[] }, placements: readonly CardPlacement[]) {
  const byId = new Map(placements.map((placement) => [placement.id, placement] as const));
  for (const card of dashboard.cards) {
    const placement = byId.get(card.id);
    if (!placement) continue;
    card.position = placement.position;
    card.layout = { ...placement.layout };
  }
}

/** The overview's card count follows the open dashboard's cards. */
function withCardCount(model: CustomDashboardsModel, dashboardId: number): CustomDashboardsModel {
  const count = model.open[dashboardId]?.dashboard?.cards.length;
  if (count === undefined || !model.list.dashboards.some((entry) => entry.id === dashboardId && entry.cardCount !== count)) return model;
  return produce(model, (draft) => {
    for (const entry of draft.list.dashboards) if (entry.id === dashboardId) entry.cardCount = count;
  });
}

const cardName = (dashboard: CustomDashboard, cardId: number) => {
  const card = dashboard.cards.find((entry) => entry.id === cardId);
  return card?.title ? `“${card.title}”` : "the card";
};

/** Whether two versions of a dashboard place the same cards the same way. */
const samePlacements = (a: Pick<CustomDashboard, "cards">, b: Pick<CustomDashboard, "cards">) => {
  const key = (dashboard: Pick<CustomDashboard, "cards">) => JSON.stringify(placementsOf(dashboard).sort((x, y) => x.id - y.id));
  return key(a) === key(b);
};

const sortByPosition = <T extends { readonly position: number; readonly id: number }>(list: readonly T[]) => [...list].sort((a, b) => a.position - b.position || a.id - b.id);

// ── selectors ───────────────────────────────────────────────────────────────

/** The cards of a dashboard in their order (grid) or reading order (canvas, paper). */
export function orderedCards(dashboard: CustomDashboard) {
  if (dashboard.kind === "canvas") {
    const order = new Map(inReadingOrder(placementsOf(dashboard)).map((placement) => [placement.id, placement.position] as const));
    return [...dashboard.cards].sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  }
  return [...dashboard.cards].sort((a, b) => a.position - b.position || a.id - b.id);
}

/** What the layout PUT sends: every card's position and layout. */
export const layoutRequest = (dashboard: CustomDashboard) => ({ revision: dashboard.revision, cards: placementsOf(dashboard) });

/** The name a copy gets by default: "Sales (copy)", "Sales (copy 2)", … not taken yet. */
export function copyName(name: string, taken: readonly string[]): string {
  const names = new Set(taken.map((entry) => entry.toLowerCase()));
  const base = `${name} (copy)`;
  if (!names.has(base.toLowerCase())) return base;
  for (let index = 2; ; index += 1) {
    const candidate = `${name} (copy ${index})`;
    if (!names.has(candidate.toLowerCase())) return candidate;
  }
}
