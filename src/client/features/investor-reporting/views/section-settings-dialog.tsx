import { useEffect, useMemo, useState } from "react";
import { styled } from "styled-components";
import { KPI_VARIANTS, type InvestorReport, type ReportSection, type SectionSettings, type SectionView, type SectionViewType } from "../../../../contracts/investor-reporting";
import type { AppState } from "../../../app/state";
import { useDispatch, useModel } from "../../../bus/use-model";
import { Alert } from "../../../ui/alert";
import { ConfirmDialog } from "../../../ui/confirm-dialog";
import { FormField } from "../../../ui/form-field";
import { Checkbox, Select, TextInput } from "../../../ui/inputs";
import { LoadingState } from "../../../ui/states";
import { SPACE } from "../../../ui/tokens";
import { useFinished } from "../../custom-dashboards/views/use-finished";
import { chartListKey } from "../../charts/epics";
import { monthDate, monthInput, useAction } from "./common";
import { VIEW_LABEL } from "./section-list";
import { DialogForm } from "../../../ui/dialog-form";

const VIEW_TYPES: readonly { value: SectionViewType; label: string }[] = [
  { value: "month", label: "Months" },
  { value: "quarter", label: "Quarters" },
  { value: "year", label: "Years" },
];
const SWITCHES = [
  { key: "compareWithPlanning", label: "Compare with planning" },
  { key: "showComments", label: "Show comments" },
  { key: "percentDeviation", label: "Percent deviation" },
  { key: "deviation", label: "Deviation" },
] as const;
const RANGES = [
  { start: "toStartDate", end: "toEndDate", legend: "Reported range", help: "Empty: the twelve months to the report's end date." },
  { start: "fromStartDate", end: "fromEndDate", legend: "Comparison range", help: "Empty: as long as the reported range, just before it." },
] as const;

/**
 * A section's settings. KPI variants: the KPIs (a category's, or chosen one by one from the
 * company's KPI list), the columns (months, quarters, years), the reported and comparison ranges,
 * the switches, and the view. Chart sections: a saved chart of the chart builder.
 */
export function SectionSettingsDialog({ report, section, onClose }: { report: InvestorReport; section: ReportSection; onClose: () => void }) {
  const dispatch = useDispatch();
  const kpiMeta = useModel((state: AppState) => state.kpis.meta);
  const charts = useModel((state: AppState) => state.charts.lists[chartListKey(null)]);
  const state = useAction("edit-section", report.id);
  useFinished(state.status, onClose);
  const isKpi = KPI_VARIANTS.includes(section.variant);
  const [settings, setSettings] = useState<SectionSettings>(section.settings);
  const [view, setView] = useState<SectionView>(section.selectedView);
  const [by, setBy] = useState<"category" | "kpis">(section.settings.kpiIds?.length ? "kpis" : section.settings.categoryId ? "category" : "kpis");
  const [filter, setFilter] = useState("");
  useEffect(() => {
    if (isKpi) dispatch({ _tag: "LoadKpiMeta" });
    else dispatch({ _tag: "LoadCharts", kpiId: null });
  }, [dispatch, isKpi]);
  const categories = useMemo(() => {
    const seen = new Map<number, string>();
    for (const kpi of kpiMeta.kpis) seen.set(kpi.category.id, `${kpi.category.name} (${kpi.category.kind === "financial" ? "financial" : "KPIs"})`);
    return [...seen].map(([id, name]) => ({ value: String(id), label: name })).sort((a, b) => a.label.localeCompare(b.label));
  }, [kpiMeta.kpis]);
  const chosen = new Set(settings.kpiIds ?? []);
  const shownKpis = kpiMeta.kpis.filter((kpi) => kpi.name.toLowerCase().includes(filter.trim().toLowerCase()));
  const set = (patch: Partial<SectionSettings>) => setSettings({ ...settings, ...patch });
  const save = () => {
    const next: SectionSettings = isKpi ? (by === "category" ? { ...settings, kpiIds: [] } : { ...settings, categoryId: null }) : { chartId: settings.chartId ?? null };
    dispatch({ _tag: "EditReportSection", reportId: report.id, sectionId: section.id, settings: next, ...(isKpi ? { selectedView: view } : {}) });
  };
  const fieldMessages = Object.entries(state.fields).flatMap(([field, messages]) => messages.map((message) => `${field}: ${message}`));

  return (
    <ConfirmDialog open title={`Settings of ${section.name}`} confirmLabel="Save settings" busy={state.busy} onCancel={onClose} onConfirm={save}>
      <Form
        aria-label={`Settings of ${section.name}`}
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        {isKpi ? (
          <>
            <FormField label="View">
              <Select value={view} onChange={(event) => setView(event.target.value as SectionView)} options={(["actual_comparison", "flexible_columns"] as const).map((value) => ({ value, label: VIEW_LABEL[value] }))} />
            </FormField>
            <fieldset>
              <legend>KPIs shown</legend>
              <label>
                <input type="radio" name="kpis-by" checked={by === "kpis"} onChange={() => setBy("kpis")} /> KPIs chosen one by one
              </label>
              <label>
                <input type="radio" name="kpis-by" checked={by === "category"} onChange={() => setBy("category")} /> All KPIs of a category
              </label>
            </fieldset>
            {kpiMeta.status === "error" ? <Alert tone="danger">The KPIs could not be loaded: {kpiMeta.message}</Alert> : null}
            {kpiMeta.status !== "loaded" && kpiMeta.status !== "error" ? <LoadingState label="Loading the KPIs…" /> : null}
            {by === "category" ? (
              <FormField label="Category">
                <Select value={settings.categoryId ? String(settings.categoryId) : ""} onChange={(event) => set({ categoryId: event.target.value ? Number(event.target.value) : null })} options={[{ value: "", label: "Choose a category…" }, ...categories]} />
              </FormField>
            ) : (
              <fieldset className="kpis">
                <legend>KPIs ({chosen.size} chosen)</legend>
                <TextInput controlSize="sm" aria-label="Filter the KPIs" placeholder="Filter by name" value={filter} onChange={(event) => setFilter(event.target.value)} />
                <div className="kpi-list">
                  {shownKpis.map((kpi) => (
                    <Checkbox
                      key={kpi.id}
                      label={kpi.name}
                      checked={chosen.has(kpi.id)}
                      onChange={(event) => set({ kpiIds: event.target.checked ? [...chosen, kpi.id] : [...chosen].filter((id) => id !== kpi.id) })}
                    />
                  ))}
                </div>
              </fieldset>
            )}
            <FormField label="Columns">
              <Select value={settings.viewType ?? "month"} onChange={(event) => set({ viewType: event.target.value as SectionViewType })} options={VIEW_TYPES} />
            </FormField>
            {RANGES.map((range) => (
              <fieldset key={range.legend} className="range">
                <legend>{range.legend}</legend>
                <div className="months">
                  <FormField label="From">
                    <TextInput type="month" value={monthInput(settings[range.start])} onChange={(event) => set({ [range.start]: monthDate(event.target.value) })} />
                  </FormField>
                  <FormField label="To">
                    <TextInput type="month" value={monthInput(settings[range.end])} onChange={(event) => set({ [range.end]: monthDate(event.target.value) })} />
                  </FormField>
                </div>
                <span className="help">{range.help}</span>
              </fieldset>
            ))}
            <fieldset>
              <legend>Show</legend>
              {SWITCHES.map((entry) => (
                <Checkbox key={entry.key} label={entry.label} checked={settings[entry.key] ?? false} onChange={(event) => set({ [entry.key]: event.target.checked })} />
              ))}
            </fieldset>
          </>
        ) : (
          <FormField label="Saved chart">
            <Select
              value={settings.chartId ? String(settings.chartId) : ""}
              onChange={(event) => set({ chartId: event.target.value ? Number(event.target.value) : null })}
              options={[{ value: "", label: charts?.status === "loaded" ? "Choose a chart…" : "Loading the charts…" }, ...(charts?.charts ?? []).map((chart) => ({ value: String(chart.id), label: chart.name }))]}
            />
          </FormField>
        )}
        {fieldMessages.length > 0 ? (
          <Alert tone="danger">
            {fieldMessages.map((message) => (
              <div key={message}>{message}</div>
            ))}
          </Alert>
        ) : state.message ? (
          <Alert tone="danger">{state.message}</Alert>
        ) : null}
      </Form>
    </ConfirmDialog>
  );
}

const Form = styled(DialogForm)`
  label { display: flex; gap: ${SPACE.sm}; align-items: center; }
  input[type="radio"] { accent-color: ${(p) => p.theme.accent}; }
  .kpi-list { max-height: 200px; overflow-y: auto; display: grid; gap: 2px; padding: ${SPACE.xs}; border: 1px solid ${(p) => p.theme.border}; border-radius: 6px; }
  .months { display: grid; grid-template-columns: 1fr 1fr; gap: ${SPACE.sm}; }
  .help { font-size: 13px; color: ${(p) => p.theme.textMuted}; }
`;
