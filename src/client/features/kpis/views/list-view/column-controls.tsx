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
} from "../../../../../domain/kpi/list-view";
import { Button, Field } from "../../../../ui/primitives";
import { ChoiceList, Muted } from "./styles";

const SCALE_LABELS: Record<Scale, string> = { automatic: "Automatic", none: "None", thousands: "Thousands (k)", millions: "Millions (M)" };
/** Enough choices to scan; a longer list is narrowed by the search. */
const VISIBLE_CHOICES = 200;

/** Decimals (auto, 0-5) and, for values, the scale of one column. */
export function ColumnSettingsForm({ column, settings, onChange }: { column: ListViewColumn; settings: ColumnSettings | undefined; onChange: (settings: ColumnSettings | undefined) => void }) {
  const current = settings ?? DEFAULT_COLUMN_SETTINGS;
  return (
    <>
      <Field>
        Decimals
        <select value={String(current.decimals)} onChange={(event) => onChange({ ...current, decimals: parseDecimals(event.target.value) })}>
          {DECIMALS_OPTIONS.map((decimals) => (
            <option key={decimals} value={String(decimals)}>
              {decimals === "auto" ? "Auto" : decimals}
            </option>
          ))}
        </select>
      </Field>
      {column.kind === "value" ? (
        <Field>
          Scale
          <select value={current.scale} onChange={(event) => onChange({ ...current, scale: event.target.value as Scale })}>
            {SCALE_CHOICES.map((scale) => (
              <option key={scale} value={scale}>
                {SCALE_LABELS[scale]}
              </option>
            ))}
          </select>
        </Field>
      ) : (
        <Muted>Percentages are not scaled.</Muted>
      )}
      <div className="actions">
        <Button type="button" onClick={() => onChange(undefined)} disabled={!settings}>
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
  selected,
  onChange,
}: {
  column: ListViewColumn;
  rows: readonly ListViewRow[];
  settings: ColumnSettings | undefined;
  currency: string;
  selected: ReadonlySet<string>;
  onChange: (selected: ReadonlySet<string>) => void;
}) {
  const [search, setSearch] = useState("");
  const choices = useMemo(() => filterChoices(rows, column.key, settings, currency), [rows, column.key, settings, currency]);
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
      <Field>
        Search values
        <input type="search" value={search} onChange={(event) => setSearch(event.target.value)} />
      </Field>
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
        <Button type="button" onClick={() => onChange(new Set())} disabled={selected.size === 0}>
          Show all
        </Button>
      </div>
    </>
  );
}
