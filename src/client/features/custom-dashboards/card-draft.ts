import type { CardContent, CardType, DashboardCard } from "../../../contracts/custom-dashboards";

/**
 * A card being added or edited, as its form holds it: every type's fields at once, so switching
 * the type back and forth keeps what was typed. `contentOf` makes the card's content from it.
 */
export interface CardDraft {
  readonly title: string;
  readonly type: CardType;
  readonly text: string;
  readonly kpiId: number | null;
  readonly bucketSize: 1 | 3 | 6 | 12;
  readonly timeRange: number;
  readonly chartId: number | null;
}

export const CARD_TYPE_LABEL: Readonly<Record<CardType, string>> = { text: "Text", kpi: "KPI", kpiChart: "KPI chart", chart: "Chart" };
export const CHOOSE_KPI_TEXT = "Choose a KPI.";
export const CHOOSE_CHART_TEXT = "Choose a saved chart.";
export const TIME_RANGE_TEXT = "Choose 1 to 120 months.";

export const emptyDraft = (type: CardType = "text"): CardDraft => ({ title: "", type, text: "", kpiId: null, bucketSize: 1, timeRange: 12, chartId: null });

export function draftOf(card: Pick<DashboardCard, "title" | "content">): CardDraft {
  const draft = { ...emptyDraft(), title: card.title };
  const content = card.content;
  switch (content.type) {
    case "text":
      return { ...draft, type: "text", text: content.text };
    case "kpi":
      return { ...draft, type: "kpi", kpiId: content.kpiId };
    case "kpiChart":
      return { ...draft, type: "kpiChart", kpiId: content.kpiId, bucketSize: content.bucketSize, timeRange: content.timeRange };
    case "chart":
      return { ...draft, type: "chart", chartId: content.chartId };
    default:
      return draft;
  }
}

/** The card's content, or the field messages that stop it (by field: kpiId, chartId, timeRange). */
export function contentOf(draft: CardDraft): { readonly content: CardContent } | { readonly errors: Readonly<Record<string, string>> } {
  switch (draft.type) {
    case "text":
      return { content: { type: "text", text: draft.text } };
    case "kpi":
      return draft.kpiId === null ? { errors: { kpiId: CHOOSE_KPI_TEXT } } : { content: { type: "kpi", kpiId: draft.kpiId } };
    case "kpiChart": {
      const errors: Record<string, string> = {};
      if (draft.kpiId === null) errors["kpiId"] = CHOOSE_KPI_TEXT;
      if (!Number.isInteger(draft.timeRange) || draft.timeRange < 1 || draft.timeRange > 120) errors["timeRange"] = TIME_RANGE_TEXT;
      if (Object.keys(errors).length > 0 || draft.kpiId === null) return { errors };
      return { content: { type: "kpiChart", kpiId: draft.kpiId, bucketSize: draft.bucketSize, timeRange: draft.timeRange } };
    }
    case "chart":
      return draft.chartId === null ? { errors: { chartId: CHOOSE_CHART_TEXT } } : { content: { type: "chart", chartId: draft.chartId } };
  }
}

/** Whether the form holds changes: what the card would become differs from what it is. */
export function isDraftDirty(draft: CardDraft, original: CardDraft): boolean {
  if (draft.title !== original.title || draft.type !== original.type) return true;
  const now = contentOf(draft);
  const before = contentOf(original);
  return JSON.stringify("content" in now ? now.content : draft) !== JSON.stringify("content" in before ? before.content : original);
}
