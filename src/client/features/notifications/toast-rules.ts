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
export function toastFor(event: DomainEvent, state: AppState): ToastContent | null {
  const kpiName = (id: number) => state.kpis.meta.kpis.find((kpi) => kpi.id === id)?.name ?? "the KPI";
  switch (event._tag) {
    case "KpiValueEdited": {
      const kpiIds = [...new Set(event.values.map((value) => value.kpi))];
      if (kpiIds.length !== 1) return { tone: "success", text: `Saved ${event.values.length} values`, action: null };
      return { tone: "success", text: `Saved ${kpiName(kpiIds[0]!)} for ${monthsText(event.values.map((value) => monthIndexOf(value.date)))}`, action: null };
    }
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
    default:
      return null;
  }
}
