import { Link } from "wouter";
import { styled } from "styled-components";
import type { KpiMeta } from "../../../../contracts/kpis";
import { sameMonthsFigures, seriesChanges, type ComparisonData, type ComparisonMode } from "../../../../domain/kpi-comparison/comparison";
import { formatKpiValue } from "../../../../domain/kpi/number-format";
import { absentDeviationText, type PercentDeviation } from "../../../../domain/kpi/percent-deviation";
import { SPACE } from "../../../ui/tokens";

/**
 * The comparison in words under the chart. KPIs mode: each KPI from its first to its last month
 * with a value and the change, its name opening its detail. Periods mode: the same months of each
 * fiscal year (this year to date against the same months before), each against the year before;
 * a weighted ratio (a margin) is left out there, as an average of monthly margins would mislead.
 */
export function KpiComparisonSummary({ data, mode, kpis, currency, from }: { data: ComparisonData; mode: ComparisonMode; kpis: readonly KpiMeta[]; currency: string; from: string }) {
  const unitOf = (kpiId: number) => kpis.find((kpi) => kpi.id === kpiId)?.unit ?? "number";
  const format = (value: number, kpiId: number) => formatKpiValue(value, unitOf(kpiId), { currency });
  const detail = (kpi: KpiMeta) => (
    <Link href={`/reporting/kpi-detail/${kpi.id}`} state={{ from }}>
      {kpi.name}
    </Link>
  );
  if (mode === "periods") {
    const kpi = kpis[0]!;
    const elapsed = data.elapsed ?? 12;
    const span = elapsed === 1 ? data.columns[0]!.label : `${data.columns[0]!.label} – ${data.columns[elapsed - 1]!.label}`;
    return (
      <Summary aria-label="Summary">
        <p>
          {detail(kpi)}: the same months of each fiscal year ({span}, {elapsed} {elapsed === 1 ? "month" : "months"}).
        </p>
        {kpi.periodRule === "weighted" ? (
          <p className="muted">A weighted ratio: its figure over several months is on the KPI detail, not an average of the months.</p>
        ) : (
          <ul>
            {sameMonthsFigures(data, kpi.aggregationType).map((figure, index, all) => (
              <li key={figure.key}>
                <strong>{figure.label}</strong>: {figure.value === null ? "no actuals" : format(figure.value, kpi.id)}
                {index + 1 < all.length ? ` (${changeText(figure.change, all[index + 1]!.label)})` : ""}
              </li>
            ))}
          </ul>
        )}
      </Summary>
    );
  }
  return (
    <Summary aria-label="Summary">
      <ul>
        {seriesChanges(data).map((change, position) => {
          const kpi = kpis[position]!;
          return (
            <li key={change.key}>
              {detail(kpi)}:{" "}
              {change.first && change.last && change.last.at > change.first.at
                ? `${data.columns[change.first.at]!.label} ${format(change.first.value, kpi.id)} → ${data.columns[change.last.at]!.label} ${format(change.last.value, kpi.id)} (${changeText(change.change, data.columns[change.first.at]!.label)})`
                : change.last
                  ? `only ${data.columns[change.last.at]!.label} has an actual: ${format(change.last.value, kpi.id)}`
                  : "no actuals in these months"}
            </li>
          );
        })}
      </ul>
    </Summary>
  );
}

function changeText(change: PercentDeviation, against: string): string {
  return change.kind === "percent" ? `${change.text} vs ${against}` : absentDeviationText(change, against);
}

const Summary = styled.section`
  display: grid;
  gap: ${SPACE.xs};
  margin-top: ${SPACE.md};
  font-size: 13px;
  p, ul { margin: 0; }
  ul { padding-left: ${SPACE.lg}; display: grid; gap: ${SPACE.xxs}; }
  .muted { color: ${(p) => p.theme.textMuted}; }
`;
