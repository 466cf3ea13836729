import { Link } from "wouter";
import { styled } from "styled-components";
import type { PreviewResponse, SyncSchedule, WritableKpi } from "../../../../contracts/integrations";
import { SYNC_SCHEDULES } from "../../../../domain/integrations/schedule";
import { formatKpiValue } from "../../../../domain/kpi/number-format";
import { monthIndexOf, monthLabel } from "../../../../domain/months";
import { Alert } from "../../../ui/alert";
import { DataTable } from "../../../ui/data-table";
import { FormField } from "../../../ui/form-field";
import { Select, TextArea } from "../../../ui/inputs";
import { Stack } from "../../../ui/layout";
import { SPACE, TYPE_SCALE } from "../../../ui/tokens";
import { Muted } from "./integration-parts";

/** The query of a PostgreSQL source, with what it must return. */
export function QueryField({ value, onChange, error }: { value: string; onChange: (query: string) => void; error: readonly string[] | undefined }) {
  return (
    <FormField
      label="Query"
      required
      error={error}
      help={
        <>
          One SELECT returning the columns <code>month</code> (a date) and <code>value</code>, and <code>kpi</code> with a KPI&apos;s key to fill several KPIs. It runs
          read-only; give the integration a database user that may only read.
        </>
      }
    >
      <TextArea code rows={6} name="query" value={value} onChange={(event) => onChange(event.target.value)} />
    </FormField>
  );
}

/** How often the source synchronizes by itself; a failed sync also tries again after 1, 5 and 30 minutes. */
export function ScheduleField({ value, onChange }: { value: SyncSchedule; onChange: (schedule: SyncSchedule) => void }) {
  return (
    <FormField label="Synchronizes by itself" help="Counted from the last sync. A sync that fails because the source is away tries again after 1, 5 and 30 minutes.">
      <Select
        name="schedule"
        value={value}
        onChange={(event) => onChange(event.target.value as SyncSchedule)}
        options={SYNC_SCHEDULES.map((entry) => ({ value: entry.schedule, label: entry.label }))}
      />
    </FormField>
  );
}

/** "By the kpi column" is the empty choice: the values then say their KPI themselves. */
export const BY_KEY = "";

/** Where the values go: one KPI the person may write, or each row's KPI by its key. */
export function KpiField({ kpis, value, onChange, error }: { kpis: readonly WritableKpi[]; value: number | null; onChange: (kpi: number | null) => void; error: readonly string[] | undefined }) {
  return (
    <FormField label="Values go to" error={error} help="Only KPIs you may write are listed; calculated KPIs take no values.">
      <Select
        name="kpi"
        value={value === null ? BY_KEY : String(value)}
        onChange={(event) => onChange(event.target.value === BY_KEY ? null : Number(event.target.value))}
        options={[{ value: BY_KEY, label: "Each row's KPI, by the key in its kpi column" }, ...kpis.map((kpi) => ({ value: String(kpi.id), label: `${kpi.name} (${kpi.key})` }))]}
      />
    </FormField>
  );
}

/** What a preview read and how its rows map: values, and every row that cannot be used with its reason. */
export function PreviewResult({ preview, kpis, stale }: { preview: PreviewResponse; kpis: readonly WritableKpi[]; stale: boolean }) {
  const unitOf = (id: number | undefined) => kpis.find((kpi) => kpi.id === id)?.unit ?? "number";
  const summary = `${preview.read} row${preview.read === 1 ? "" : "s"} read${preview.truncated ? " (the first ones; the sync reads more)" : ""}: ${preview.values} value${preview.values === 1 ? "" : "s"} to write${preview.problems ? `, ${preview.problems} row${preview.problems === 1 ? "" : "s"} that cannot be used` : ""}.`;
  return (
    <Stack $gap="sm" data-testid="integration-preview">
      {stale ? <Alert tone="info">The inputs changed since this preview. Preview again before saving.</Alert> : null}
      {preview.mappingError ? (
        <Alert tone="danger" title="The result cannot be mapped">
          {preview.mappingError}
        </Alert>
      ) : (
        <Muted>{summary}</Muted>
      )}
      <Columns>Columns: {preview.columns.join(", ") || "none"}</Columns>
      {!preview.mappingError ? (
        <DataTable
          label="Preview of the values"
          rows={preview.rows}
          rowKey={(row) => row.row}
          maxHeight="320px"
          empty="The query returned no rows."
          columns={[
            { key: "row", header: "Row", numeric: true, cell: (row) => row.row },
            { key: "kpi", header: "KPI", cell: (row) => (row.kpi ? <Link href={`/reporting/kpi-detail/${row.kpi.id}`}>{row.kpi.name}</Link> : "—") },
            { key: "month", header: "Month", cell: (row) => (row.month ? monthLabel(monthIndexOf(row.month)) : "—") },
            { key: "value", header: "Value", numeric: true, cell: (row) => (row.value === null ? "—" : formatKpiValue(row.value, unitOf(row.kpi?.id), { scale: "none" })) },
            { key: "problem", header: "Problem", cell: (row) => row.problem ?? "" },
          ]}
        />
      ) : null}
    </Stack>
  );
}

const Columns = styled.p`
  margin: 0;
  font-size: ${TYPE_SCALE.sm.size};
  color: ${(p) => p.theme.textMuted};
  padding-bottom: ${SPACE.xxs};
`;
