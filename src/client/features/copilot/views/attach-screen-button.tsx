import type { KpiAggregatesResult } from "../../../../contracts/kpis";
import type { Snapshot } from "../../../../contracts/copilot";
import { detailWindows } from "../../../../domain/kpi/detail-figures";
import type { MonthIndex } from "../../../../domain/months";
import { useDispatch } from "../../../bus/use-model";
import { Button } from "../../../ui/button";

export interface KpiSnapshotSource {
  readonly kpi: { readonly id: number; readonly name: string };
  readonly path: string;
  /** The aggregates on screen; undefined while they load (then there is nothing to attach). */
  readonly aggregates: KpiAggregatesResult | undefined;
  readonly frame: { readonly end: MonthIndex; readonly ignoreLastMonths: number; readonly fiscalYearOffset: number };
}

/**
 * The KPI detail as the copilot's snapshot: each window the screen shows (year to date, last
 * twelve months, full year) with its figures, exactly as the cards read them.
 */
export function kpiDetailSnapshot({ kpi, path, aggregates, frame }: KpiSnapshotSource): Snapshot | null {
  if (!aggregates) return null;
  return {
    title: `${kpi.name} (KPI detail)`.slice(0, 200),
    path: path.slice(0, 500),
    kpis: detailWindows(aggregates, frame).map((window) => ({
      kpiId: kpi.id,
      name: kpi.name.slice(0, 200),
      period: `${window.title} ${window.months}`.slice(0, 60),
      values: window.figures.map((figure) => ({ label: figure.label.slice(0, 60), value: figure.value !== null && Number.isFinite(figure.value) ? figure.value : null })),
    })),
  };
}

/** "Ask the copilot": opens /chat with what this KPI detail shows attached to the next question. */
export function AttachScreenButton(props: KpiSnapshotSource) {
  const dispatch = useDispatch();
  const snapshot = kpiDetailSnapshot(props);
  return (
    <Button size="sm" disabled={!snapshot} onClick={() => snapshot && dispatch({ _tag: "AttachSnapshot", snapshot })}>
      Ask the copilot about this
    </Button>
  );
}
