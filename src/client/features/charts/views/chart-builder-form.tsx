import { styled } from "styled-components";
import { CHART_BUCKETS, CHART_SERIES, COLOUR_SCHEMES, type ChartSettings, type ChartType, type PivotOptions } from "../../../../contracts/charts";
import type { KpiMeta } from "../../../../contracts/kpis";
import { SERIES_NAMES } from "../../../../domain/charts/chart-series";
import { SCHEME_NAMES } from "../../../charts/colour-schemes";
import { CheckboxGroup, SegmentedControl } from "../../../ui/compact-controls";
import { FieldError, FormField } from "../../../ui/form-field";
import { Checkbox, NumberInput, Select, TextInput } from "../../../ui/inputs";
import { EndingMonthField } from "./ending-month-field";
import { KpiPicker } from "./kpi-picker";

export const CHART_TYPE_NAMES: Readonly<Record<ChartType, string>> = { bar: "Bar", stacked: "Stacked", grouped: "Grouped", percentStacked: "Percentage stacked", line: "Line", pivot: "Pivot table" };
const BUCKET_TITLES = { M: "Months", Q: "Quarters", HY: "Half years", Y: "Fiscal years" } as const;

export interface ChartBuilderFormProps {
  readonly name: string;
  readonly settings: ChartSettings;
  readonly catalogue: readonly KpiMeta[];
  /** The reporting month ("YYYY-MM-01") a period without an end month ends at now. */
  readonly reportingMonth: string;
  readonly onName: (name: string) => void;
  readonly onChange: (settings: ChartSettings) => void;
  /** Messages by field as the API names them (`name`, `settings.type`, `settings.pivot.rowOrder`). */
  readonly errors: Readonly<Record<string, readonly string[]>>;
}

/**
 * The chart builder's settings: name, KPIs, type, period, bucket size, series, colour scheme, axis
 * and legend options, and the pivot table's layout. Controlled: every change goes to `onChange`
 * at once (the preview follows); the messages of a refused save show at their fields.
 */
export function ChartBuilderForm({ name, settings, catalogue, reportingMonth, onName, onChange, errors }: ChartBuilderFormProps) {
  const set = (changes: Partial<ChartSettings>) => onChange({ ...settings, ...changes });
  const setPivot = (changes: Partial<PivotOptions>) => set({ pivot: { ...settings.pivot, ...changes } });
  const error = (field: string) => errors[`settings.${field}`];
  const setKpis = (kpiIds: number[]) => set({ kpiIds, pivot: { ...settings.pivot, rowOrder: settings.pivot.rowOrder.filter((id) => kpiIds.includes(id)) } });
  const rowOrder = [...settings.pivot.rowOrder, ...settings.kpiIds.filter((id) => !settings.pivot.rowOrder.includes(id))];
  return (
    <Form onSubmit={(event) => event.preventDefault()} aria-label="Chart settings">
      <FormField label="Name" required error={errors.name}>
        <TextInput value={name} maxLength={150} onChange={(event) => onName(event.target.value)} />
      </FormField>

      <KpiPicker catalogue={catalogue} value={settings.kpiIds} onChange={setKpis} errors={error("kpiIds")} />

      <div className="field">
        <SegmentedControl label="Chart type" value={settings.type} options={Object.entries(CHART_TYPE_NAMES).map(([value, label]) => ({ value: value as ChartType, label }))} onChange={(type) => set({ type })} />
        {error("type") ? <FieldError id="chart-type-error" label="Chart type" messages={error("type")!} /> : null}
      </div>

      <div className="row">
        <FormField label="Months" error={error("period.months")} help="1 to 120 months">
          <NumberInput
            value={String(settings.period.months)}
            onChange={(event) => {
              const months = Number(event.target.value);
              if (Number.isInteger(months) && months >= 0) set({ period: { ...settings.period, months } });
            }}
          />
        </FormField>
        <EndingMonthField value={settings.period.endMonth} reportingMonth={reportingMonth} error={error("period.endMonth")} onChange={(endMonth) => set({ period: { ...settings.period, endMonth } })} />
      </div>

      <div className="field">
        <SegmentedControl label="Bucket size" value={settings.bucket} options={CHART_BUCKETS.map((bucket) => ({ value: bucket, label: bucket, title: BUCKET_TITLES[bucket] }))} onChange={(bucket) => set({ bucket })} />
        {error("bucket") ? <FieldError id="chart-bucket-error" label="Bucket size" messages={error("bucket")!} /> : null}
      </div>

      <div className="field">
        <CheckboxGroup legend="Series" options={CHART_SERIES.map((series) => ({ value: series, label: SERIES_NAMES[series] }))} value={settings.series} onChange={(series) => set({ series })} />
        {error("series") ? <FieldError id="chart-series-error" label="Series" messages={error("series")!} /> : null}
      </div>

      <FormField label="Colour scheme" error={error("colourScheme")}>
        <Select value={settings.colourScheme} options={COLOUR_SCHEMES.map((scheme) => ({ value: scheme, label: SCHEME_NAMES[scheme] }))} onChange={(event) => set({ colourScheme: event.target.value as ChartSettings["colourScheme"] })} />
      </FormField>

      {settings.type === "pivot" ? (
        <fieldset>
          <legend>Pivot table</legend>
          <SegmentedControl label="Rows" value={settings.pivot.rows} options={[{ value: "kpis", label: "KPIs" }, { value: "periods", label: "Periods" }]} onChange={(rows) => setPivot({ rows })} />
          <Checkbox label="Subtotals per fiscal year" checked={settings.pivot.subtotals} onChange={(event) => setPivot({ subtotals: event.target.checked })} />
          <Checkbox label="Total" checked={settings.pivot.totals} onChange={(event) => setPivot({ totals: event.target.checked })} />
          <FormField label="Sort rows" error={error("pivot.sort")}>
            <Select
              value={settings.pivot.sort}
              options={[
                { value: "manual", label: settings.pivot.rows === "kpis" ? "In my order" : "By time" },
                { value: "valueDescending", label: "By value, largest first" },
                { value: "valueAscending", label: "By value, smallest first" },
              ]}
              onChange={(event) => setPivot({ sort: event.target.value as PivotOptions["sort"] })}
            />
          </FormField>
          {settings.pivot.sort === "manual" && settings.pivot.rows === "kpis" && settings.kpiIds.length > 1 ? (
            <KpiPicker label="Row order" orderOnly catalogue={catalogue} value={rowOrder} onChange={(order) => setPivot({ rowOrder: order })} errors={error("pivot.rowOrder")} />
          ) : null}
        </fieldset>
      ) : (
        <fieldset>
          <legend>Axis and legend</legend>
          <Checkbox label="Start the value axis at zero" help="Bars always start at zero." checked={settings.axis.startAtZero} onChange={(event) => set({ axis: { ...settings.axis, startAtZero: event.target.checked } })} />
          <Checkbox label="Grid lines" checked={settings.axis.gridLines} onChange={(event) => set({ axis: { ...settings.axis, gridLines: event.target.checked } })} />
          <Checkbox label="Value labels" checked={settings.axis.valueLabels} onChange={(event) => set({ axis: { ...settings.axis, valueLabels: event.target.checked } })} />
          <Checkbox label="Show the legend" checked={settings.legend.show} onChange={(event) => set({ legend: { ...settings.legend, show: event.target.checked } })} />
          <FormField label="Legend position" error={error("legend.position")}>
            <Select
              value={settings.legend.position}
              disabled={!settings.legend.show}
              options={[
                { value: "top", label: "Above the chart" },
                { value: "bottom", label: "Below the chart" },
                { value: "right", label: "Right of the chart" },
              ]}
              onChange={(event) => set({ legend: { ...settings.legend, position: event.target.value as ChartSettings["legend"]["position"] } })}
            />
          </FormField>
        </fieldset>
      )}
    </Form>
  );
}

const Form = styled.form`
  display: grid;
  gap: 16px;
  .row { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 2fr); gap: 12px; align-items: start; }
  .field { display: grid; gap: 4px; }
  /* The form's own groups (pivot, axis); the controls' fieldsets keep their own look. */
  > fieldset { border: 1px solid ${(p) => p.theme.border}; border-radius: 8px; padding: 8px 12px 12px; margin: 0; display: grid; gap: 10px; }
  > fieldset > legend { font-weight: 600; padding: 0 4px; }
`;
