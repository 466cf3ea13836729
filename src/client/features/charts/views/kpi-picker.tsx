import { useId, useState } from "react";
import { styled } from "styled-components";
import { MAX_CHART_KPIS } from "../../../../contracts/charts";
import type { KpiMeta } from "../../../../contracts/kpis";
import { Button } from "../../../ui/button";
import { FieldError } from "../../../ui/form-field";
import { TextInput } from "../../../ui/inputs";

export interface KpiPickerProps {
  /** The KPIs the person may read (GET /api/kpis/meta/). */
  readonly catalogue: readonly KpiMeta[];
  /** The chosen KPIs, in the chart's order. */
  readonly value: readonly number[];
  readonly onChange: (kpiIds: number[]) => void;
  readonly errors?: readonly string[] | undefined;
  /** What the list is for, e.g. "KPIs" (chart order) or "Row order". */
  readonly label?: string;
  /** Only the order changes (the pivot's row order): no search, nothing removed. */
  readonly orderOnly?: boolean;
}

const SHOWN_MATCHES = 8;

/**
 * Choosing a chart's KPIs: a search over names and categories adds them; the chosen ones are a
 * list in the chart's order (the order of bars, stacks and lines), moved up or down, removed.
 */
export function KpiPicker({ catalogue, value, onChange, errors, label = "KPIs", orderOnly = false }: KpiPickerProps) {
  const [query, setQuery] = useState("");
  const searchId = useId();
  const errorId = useId();
  const byId = new Map(catalogue.map((kpi) => [kpi.id, kpi]));
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const matches = words.length
    ? catalogue.filter((kpi) => !value.includes(kpi.id) && words.every((word) => `${kpi.name} ${kpi.category.name}`.toLowerCase().includes(word))).slice(0, SHOWN_MATCHES)
    : [];
  const full = value.length >= MAX_CHART_KPIS;
  const move = (index: number, by: number) => {
    const next = [...value];
    const [moved] = next.splice(index, 1);
    next.splice(index + by, 0, moved!);
    onChange(next);
  };
  return (
    <Frame role="group" aria-labelledby={`${searchId}-legend`} aria-describedby={errors?.length ? errorId : undefined}>
      <span id={`${searchId}-legend`} className="legend">
        {label}
      </span>
      {orderOnly ? null : (
        <>
          <label htmlFor={searchId} className="search-label">
            Search KPIs to add
          </label>
          <TextInput id={searchId} type="search" value={query} placeholder="Name or category" onChange={(event) => setQuery(event.target.value)} disabled={full} aria-invalid={errors?.length ? true : undefined} />
          {full ? <p className="hint">A chart has at most {MAX_CHART_KPIS} KPIs.</p> : null}
          {matches.length ? (
            <ul className="matches" aria-label="Matching KPIs">
              {matches.map((kpi) => (
                <li key={kpi.id}>
                  <Button
                    size="sm"
                    variant="quiet"
                    onClick={() => {
                      onChange([...value, kpi.id]);
                      setQuery("");
                    }}
                  >
                    Add {kpi.name}
                  </Button>
                  <span className="category">{kpi.category.name}</span>
                </li>
              ))}
            </ul>
          ) : words.length ? (
            <p className="hint">No other KPI matches “{query.trim()}”.</p>
          ) : null}
        </>
      )}
      {errors?.length ? <FieldError id={errorId} label={label} messages={errors} /> : null}
      <ol className="chosen" aria-label={`Chosen ${label}`}>
        {value.map((id, index) => {
          const name = byId.get(id)?.name ?? `KPI ${id}`;
          return (
            <li key={id}>
              <span className="name">{name}</span>
              <Button size="sm" variant="quiet" aria-label={`Move ${name} up`} disabled={index === 0} onClick={() => move(index, -1)}>
                Up
              </Button>
              <Button size="sm" variant="quiet" aria-label={`Move ${name} down`} disabled={index === value.length - 1} onClick={() => move(index, 1)}>
                Down
              </Button>
              {orderOnly ? null : (
                <Button size="sm" variant="quiet" aria-label={`Remove ${name}`} onClick={() => onChange(value.filter((other) => other !== id))}>
                  Remove
                </Button>
              )}
            </li>
          );
        })}
      </ol>
      {value.length === 0 && !orderOnly ? <p className="hint">No KPI chosen yet.</p> : null}
    </Frame>
  );
}

const Frame = styled.div`
  display: grid;
  gap: 6px;
  .legend { font-weight: 600; }
  .search-label { font-size: 13px; color: ${(p) => p.theme.textMuted}; }
  .hint { margin: 0; font-size: 13px; color: ${(p) => p.theme.textMuted}; }
  ul, ol { margin: 0; padding: 0; list-style: none; display: grid; gap: 2px; }
  .matches { border: 1px solid ${(p) => p.theme.border}; border-radius: 6px; padding: 4px; }
  .matches li { display: flex; align-items: center; justify-content: space-between; gap: 8px; }
  .category { font-size: 12px; color: ${(p) => p.theme.textMuted}; }
  .chosen li { display: flex; align-items: center; gap: 4px; padding: 2px 0; border-bottom: 1px solid ${(p) => p.theme.border}; }
  .chosen .name { flex: 1; min-width: 0; overflow-wrap: anywhere; }
`;
