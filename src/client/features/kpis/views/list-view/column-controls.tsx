import { useMemo, useState } from "react";
import type { Decimals, Scale } from "../../../../../domain/kpi/number-format";
import {
  DECIMALS_OPTIONS,
  DEFAULT_COLUMN_SETTINGS,
  filterChoices,
  SCALE_CHOICES,
  type ColumnSettings,
  type ListViewColumn,
  type ListViewRow,
  type ListViewScales,
} from "../../../../../domain/kpi/list-view";
import { Button } from "../../../../ui/button";
import { FilterSelect } from "../../../../ui/compact-controls";
import { FormField } from "../../../../ui/form-field";
import { TextInput } from "../../../../ui/inputs";
import { ChoiceList, Muted } from "./styles";

const SCALE_LABELS: Record<Scale, string> = { automatic: "Automatic (from the largest figure)", none: "None", thousands: "Thousands (k)", millions: "Millions (M)" };
/** Enough choices to scan; a longer list is narrowed by the search. */
const VISIBLE_CHOICES = 200;

/** Decimals (auto, 0-5) and, for values, the one scale of the column's money. */
export function ColumnSettingsForm({ column, settings, onChange }: { column: ListViewColumn; settings: ColumnSettings | undefined; onChange: (settings: ColumnSettings | undefined) => void }) {
  const current = settings ?? DEFAULT_COLUMN_SETTINGS;
  return (
    <>
      <FilterSelect<string>
        label="Decimals"
        value={String(current.decimals)}
        options={DECIMALS_OPTIONS.map((decimals) => ({ value: String(decimals), label: decimals === "auto" ? "Auto" : String(decimals) }))}
        onChange={(value) => onChange({ ...current, decimals: parseDecimals(value) })}
      />
      {column.kind === "value" ? (
        <>
          <FilterSelect<Scale> label="Scale of money" value={current.scale} options={SCALE_CHOICES.map((scale) => ({ value: scale, label: SCALE_LABELS[scale] }))} onChange={(scale) => onChange({ ...current, scale })} />
          <Muted>Every amount of money in this column is shown in one scale, named in its header. Other units are not scaled.</Muted>
        </>
      ) : (
        <Muted>Percentages are not scaled.</Muted>
      )}
      <div className="actions">
        <Button size="sm" onClick={() => onChange(undefined)} disabled={!settings}>
          Reset
        </Button>
      </div>
    </>
  );
}

const parseDecimals = (value: string): Decimals => (value === "auto" ? "auto" : (Number(value) as Decimals));

/** The distinct values of one column to tick; none ticked shows every row. */
export function ColumnFilterForm({
  column,
  rows,
  settings,
  currency,
  scales,
  selected,
  onChange,
}: {
  column: ListViewColumn;
  rows: readonly ListViewRow[];
  settings: ColumnSettings | undefined;
  currency: string;
  scales: ListViewScales;
  selected: ReadonlySet<string>;
  onChange: (selected: ReadonlySet<string>) => void;
}) {
  const [search, setSearch] = useState("");
  const choices = useMemo(() => filterChoices(rows, column.key, settings, currency, scales), [rows, column.key, settings, currency, scales]);
  if (!choices.filterable) return <p role="note">{choices.reason}</p>;
  const needle = search.trim().toLowerCase();
  const matching = needle ? choices.options.filter((option) => option.label.toLowerCase().includes(needle)) : choices.options;
  const toggle = (keys: readonly string[], on: boolean) => {
    const next = new Set(selected);
    for (const key of keys) on ? next.add(key) : next.delete(key);
    onChange(next);
  };
  return (
    <>
      <FormField label="Search values">
        <TextInput type="search" controlSize="sm" value={search} onChange={(event) => setSearch(event.target.value)} />
      </FormField>
      <ChoiceList aria-label={`Values of ${column.label}`}>
        {matching.slice(0, VISIBLE_CHOICES).map((option) => (
          <li key={option.keys.join("|")}>
            <label>
              <input type="checkbox" checked={option.keys.every((key) => selected.has(key))} onChange={(event) => toggle(option.keys, event.target.checked)} />
              <span>{option.label}</span>
            </label>
          </li>
        ))}
      </ChoiceList>
      {matching.length === 0 && <Muted>No value matches.</Muted>}
      {matching.length > VISIBLE_CHOICES && <Muted>{`Showing ${VISIBLE_CHOICES} of ${matching.length.toLocaleString("en")} values; search to narrow them.`}</Muted>}
      <div className="actions">
        <Button size="sm" onClick={() => onChange(new Set())} disabled={selected.size === 0}>
          Show all
        </Button>
      </div>
    </>
  );
}
