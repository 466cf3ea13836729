import { styled } from "styled-components";
import type { KpiMeta } from "../../../../contracts/kpis";
import { MAX_COMPARED } from "../../../../domain/kpi-comparison/comparison";
import { FilterSelect } from "../../../ui/compact-controls";
import { Icon } from "../../../ui/icons";
import { IconButton } from "../../../ui/icon-button";
import { RADIUS, SPACE } from "../../../ui/tokens";

const NONE = 0;

/**
 * The KPIs compared: each chosen one as a chip with a remove button, and a select that adds one
 * more until MAX_COMPARED. In the periods mode one KPI, replaced by the select.
 */
export function KpiComparisonPicker({ kpis, chosen, single, onChange }: { kpis: readonly KpiMeta[]; chosen: readonly number[]; single: boolean; onChange: (ids: number[]) => void }) {
  const byId = new Map(kpis.map((kpi) => [kpi.id, kpi] as const));
  const full = !single && chosen.length >= MAX_COMPARED;
  const options = [
    { value: NONE, label: single ? "Choose a KPI…" : full ? `At most ${MAX_COMPARED} KPIs` : "Add a KPI…" },
    ...kpis.filter((kpi) => single || !chosen.includes(kpi.id)).map((kpi) => ({ value: kpi.id, label: `${kpi.name} (${kpi.category.name})` })),
  ];
  return (
    <Picker>
      {single ? null : (
        <ul aria-label="Compared KPIs">
          {chosen.map((id) => {
            const name = byId.get(id)?.name ?? `KPI ${id} (not available)`;
            return (
              <li key={id}>
                <span>{name}</span>
                <IconButton size="sm" label={`Remove ${name}`} icon={<Icon name="close" />} onClick={() => onChange(chosen.filter((other) => other !== id))} />
              </li>
            );
          })}
        </ul>
      )}
      <FilterSelect<number>
        label={single ? "KPI" : "Add KPI"}
        value={single ? (chosen[0] ?? NONE) : NONE}
        options={options}
        disabled={full}
        onChange={(id) => {
          if (id !== NONE) onChange(single ? [id] : [...chosen, id]);
        }}
      />
    </Picker>
  );
}

const Picker = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: end;
  gap: ${SPACE.sm};
  ul { display: flex; flex-wrap: wrap; gap: ${SPACE.xs}; margin: 0; padding: 0; list-style: none; }
  li {
    display: inline-flex;
    align-items: center;
    gap: ${SPACE.xxs};
    padding: 0 0 0 ${SPACE.sm};
    border: 1px solid ${(p) => p.theme.border};
    border-radius: ${RADIUS.pill};
    background: ${(p) => p.theme.surfaceRaised};
    font-size: 13px;
  }
`;
