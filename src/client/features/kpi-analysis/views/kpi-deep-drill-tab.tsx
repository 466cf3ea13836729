import { useState } from "react";
import { Link } from "wouter";
import { styled } from "styled-components";
import { DEEP_DRILL_LABELS, type DeepDrillType } from "../../../../contracts/kpi-analysis";
import { COMPARISON_LABELS, CUSTOM_RANGE_UNAVAILABLE, DRILL_COMPARISONS, DRILL_PERIODS, PERIOD_LABELS, type DrillComparison, type DrillPeriod } from "../../../../domain/kpi-analysis/drill-periods";
import { monthDateOf } from "../../../../domain/months";
import type { AppState } from "../../../app/state";
import { useModel } from "../../../bus/use-model";
import { FilterSelect, SegmentedControl } from "../../../ui/compact-controls";
import { LinkTabs } from "../../../ui/link-tabs";
import { EmptyState, ErrorState, LoadingState } from "../../../ui/states";
import { selectAccess } from "../../session/model";
import type { DetailTabProps } from "../../kpis/views/detail/detail-tabs";
import { useKpiMeta, useReportingFrame } from "../../kpis/views/hooks";
import { drillHref, drillRoute } from "./analysis-view-model";
import { DrillAnswer } from "./drill-answer";
import { useAnalysis } from "./use-analysis";

export const NO_DEEP_DRILL_ACCESS = "Deep drills need the deep-drill permission. Ask an administrator if you need them.";

/**
 * The KPI detail's Deep drill tab (/reporting/kpi-detail/{kpiId}/drill/{deepdrillId?}): the drills
 * that apply to the KPI as tabs (dimensions, root cause, P&L analysis; the first that applies when
 * the address names none), those that do not with why, the period and what it is compared with,
 * and the chosen drill. Deep drills compare whole periods: unavailable for custom ranges (spec 8).
 */
export function KpiDeepDrillTab({ kpi, rest }: DetailTabProps) {
  const access = useModel((state: AppState) => selectAccess(state.session));
  const allowed = !!access && (access.isStaff || access.permissions.has("access_deep_drills"));
  const drills = useAnalysis(allowed ? { _tag: "LoadDeepDrills", kpiId: kpi.id } : null);
  const [period, setPeriod] = useState<DrillPeriod>("month");
  const [compare, setCompare] = useState<DrillComparison>("previous");
  if (!allowed) return <EmptyState title="No access to deep drills" text={NO_DEEP_DRILL_ACCESS} />;
  const { load } = drills;
  if (!load || (load.status === "loading" && !load.data)) return <LoadingState variant="skeleton" lines={5} label="Loading deep drills…" />;
  if (load.status === "error" || load.status === "missing" || !load.data) return <ErrorState title="The deep drills could not be loaded" message={load.message ?? ""} onRetry={drills.retry} />;

  const route = drillRoute(rest);
  const available = load.data.drills.filter((drill) => drill.available);
  const unavailable = load.data.drills.filter((drill) => !drill.available);
  const type: DeepDrillType | null = route.type && available.some((drill) => drill.type === route.type) ? route.type : load.data.defaultType;
  const notHere = route.type !== null && route.type !== type ? load.data.drills.find((drill) => drill.type === route.type) : undefined;
  return (
    <Layout>
      {available.length > 0 && type ? <LinkTabs label="Deep drills" tabs={available.map((drill) => ({ href: drillHref(kpi.id, drill.type), label: drill.label }))} current={drillHref(kpi.id, type)} /> : null}
      {notHere ? <p role="status" className="note">{`${DEEP_DRILL_LABELS[notHere.type]} does not apply here: ${notHere.reason}`}</p> : null}
      {type ? (
        <>
          <div className="controls">
            <SegmentedControl label="Period" options={DRILL_PERIODS.map((value) => ({ value, label: PERIOD_LABELS[value] }))} value={period} onChange={setPeriod} />
            <FilterSelect label="Compared with" value={compare} options={DRILL_COMPARISONS.map((value) => ({ value, label: COMPARISON_LABELS[value] }))} onChange={setCompare} />
            <p className="note">{CUSTOM_RANGE_UNAVAILABLE}</p>
          </div>
          <DrillFor kpiId={kpi.id} type={type} trail={route.trail} period={period} compare={compare} />
        </>
      ) : (
        <EmptyState title={`No deep drill applies to ${kpi.name}.`} />
      )}
      {unavailable.length > 0 ? (
        <section aria-label="Drills that do not apply" className="unavailable">
          <h2>Not available for {kpi.name}</h2>
          <ul>
            {unavailable.map((drill) => (
              <li key={drill.type}>
                <strong>{drill.label}:</strong> {drill.reason}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </Layout>
  );
}

/** The drill of the KPI (or, for a root cause, of the input opened last) in the reporting frame. */
function DrillFor({ kpiId, type, trail, period, compare }: { kpiId: number; type: DeepDrillType; trail: readonly number[]; period: DrillPeriod; compare: DrillComparison }) {
  const frame = useReportingFrame();
  const meta = useKpiMeta();
  const [dimension, setDimension] = useState<string | null>(null);
  const drilled = type === "root-cause" ? (trail.at(-1) ?? kpiId) : kpiId;
  const end = frame.end - frame.ignoreLastMonths;
  const { load, retry } = useAnalysis({ _tag: "LoadDeepDrill", kpiId: drilled, type, endDate: monthDateOf(end), period, compare, fxRate: frame.fxRateId, dimension: type === "dimensions" ? dimension : null });
  if (!load || (load.status === "loading" && !load.data)) return <LoadingState variant="skeleton" lines={6} label="Loading the drill…" />;
  if (load.status === "missing") return <EmptyState title="This input does not exist, or you may not see it." text={<Link href={drillHref(kpiId, type)}>Back to the start of the drill</Link>} />;
  if (load.status === "error" || !load.data) return <ErrorState title="The drill could not be loaded" message={load.message ?? ""} onRetry={retry} />;
  return (
    <div aria-busy={load.status === "loading"}>
      <DrillAnswer answer={load.data} kpiId={kpiId} trail={trail} catalogue={meta.kpis} currency={frame.currency} onDimension={setDimension} />
    </div>
  );
}

const Layout = styled.div`
  display: grid;
  gap: 16px;
  .controls { display: flex; flex-wrap: wrap; gap: 16px; align-items: end; }
  .note { margin: 0; font-size: 13px; color: ${(p) => p.theme.textMuted}; max-width: 60ch; }
  .unavailable h2 { font-size: 14px; margin: 0 0 4px; }
  .unavailable ul { margin: 0; padding-left: 18px; font-size: 13px; color: ${(p) => p.theme.textMuted}; }
`;
