import { useEffect } from "react";
import { Link } from "wouter";
import { styled } from "styled-components";
import { CARD_TYPES } from "../../../../contracts/custom-dashboards";
import type { AppState } from "../../../app/state";
import { useDispatch, useModel } from "../../../bus/use-model";
import { FormField } from "../../../ui/form-field";
import { NumberInput, Select, TextArea, TextInput } from "../../../ui/inputs";
import { SPACE } from "../../../ui/tokens";
import { useKpiMeta } from "../../kpis/views/hooks";
import { CARD_TYPE_LABEL, type CardDraft } from "../card-draft";

const BUCKETS = [
  { value: 1, label: "Months" },
  { value: 3, label: "Quarters" },
  { value: 6, label: "Half years" },
  { value: 12, label: "Years" },
] as const;

export interface CardEditorProps {
  readonly dashboardId: number;
  readonly draft: CardDraft;
  readonly onChange: (draft: CardDraft) => void;
  /** Field messages, the form's own (kpiId, chartId, timeRange) and the server's (title, content…). */
  readonly errors: Readonly<Record<string, readonly string[]>>;
}

/**
 * A card's title and content by type: a text's paragraphs, a KPI, a KPI chart's KPI, bucket size
 * and months, or a saved chart (with a way to build a new one in the chart builder).
 */
export function CardEditor({ dashboardId, draft, onChange, errors }: CardEditorProps) {
  const dispatch = useDispatch();
  const meta = useKpiMeta();
  const charts = useModel((state: AppState) => state.customDashboards.charts);
  // Asked each time the chart type is chosen: a chart saved in the builder meanwhile is offered.
  useEffect(() => {
    if (draft.type === "chart") dispatch({ _tag: "LoadChartChoices" });
  }, [dispatch, draft.type]);
  const set = (change: Partial<CardDraft>) => onChange({ ...draft, ...change });
  const kpiOptions = [{ value: "", label: meta.status === "loaded" ? "Choose a KPI…" : "Loading KPIs…" }, ...meta.kpis.map((kpi) => ({ value: String(kpi.id), label: `${kpi.name} (${kpi.category.name})` }))];
  const contentErrors = errors["content"] ?? [];
  return (
    <Fields>
      <FormField label="Card type">
        <Select value={draft.type} onChange={(event) => set({ type: event.target.value as CardDraft["type"] })} options={CARD_TYPES.map((type) => ({ value: type, label: CARD_TYPE_LABEL[type] }))} />
      </FormField>
      <FormField label="Title" error={errors["title"]} help={draft.type === "kpi" || draft.type === "kpiChart" ? "Left empty, the card shows the KPI's name." : undefined}>
        <TextInput value={draft.title} maxLength={150} onChange={(event) => set({ title: event.target.value })} />
      </FormField>
      {draft.type === "text" ? (
        <FormField label="Text" error={[...contentErrors, ...(errors["text"] ?? [])]} help="A blank line starts a new paragraph.">
          <TextArea value={draft.text} rows={6} maxLength={20_000} onChange={(event) => set({ text: event.target.value })} />
        </FormField>
      ) : null}
      {draft.type === "kpi" || draft.type === "kpiChart" ? (
        <FormField label="KPI" required error={[...(errors["kpiId"] ?? []), ...contentErrors]}>
          <Select value={draft.kpiId === null ? "" : String(draft.kpiId)} onChange={(event) => set({ kpiId: event.target.value ? Number(event.target.value) : null })} options={kpiOptions} />
        </FormField>
      ) : null}
      {draft.type === "kpiChart" ? (
        <div className="pair">
          <FormField label="Bucket size">
            <Select value={String(draft.bucketSize)} onChange={(event) => set({ bucketSize: Number(event.target.value) as CardDraft["bucketSize"] })} options={BUCKETS.map((bucket) => ({ value: String(bucket.value), label: bucket.label }))} />
          </FormField>
          <FormField label="Time range (months)" error={errors["timeRange"]} help="Ending at the reporting month.">
            <NumberInput value={String(draft.timeRange)} min={1} max={120} onChange={(event) => set({ timeRange: Number(event.target.value) })} />
          </FormField>
        </div>
      ) : null}
      {draft.type === "chart" ? (
        <>
          <FormField label="Saved chart" required error={[...(errors["chartId"] ?? []), ...contentErrors, ...(charts.status === "error" && charts.message ? [charts.message] : [])]}>
            <Select
              value={draft.chartId === null ? "" : String(draft.chartId)}
              onChange={(event) => set({ chartId: event.target.value ? Number(event.target.value) : null })}
              options={[{ value: "", label: charts.status === "loaded" ? (charts.list.length ? "Choose a chart…" : "No saved charts yet") : "Loading charts…" }, ...charts.list.map((chart) => ({ value: String(chart.id), label: chart.name }))]}
            />
          </FormField>
          <Link href={`/reporting/custom-dashboard-helper?dashboard=${dashboardId}`}>Build a new chart</Link>
        </>
      ) : null}
    </Fields>
  );
}

const Fields = styled.div`
  display: grid;
  gap: ${SPACE.md};
  color: ${(p) => p.theme.text};
  .pair { display: grid; grid-template-columns: repeat(auto-fit, minmax(160px, 1fr)); gap: ${SPACE.md}; }
`;
