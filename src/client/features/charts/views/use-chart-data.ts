import { useEffect, useMemo } from "react";
import { BUCKET_MONTHS, type ChartSettings } from "../../../../contracts/charts";
import type { CommandOf } from "../../../../contracts/messages";
import { monthDateOf, monthIndexOf } from "../../../../domain/months";
import type { AppState } from "../../../app/state";
import { useDispatch, useModel } from "../../../bus/use-model";
import { useReportingFrame } from "../../kpis/views/hooks";
import { chartDataParams } from "../epics";
import type { ChartData } from "../model";

/**
 * A chart's figures under `key`: its KPIs' history for its period and bucket size, in the FX
 * selection (read on the server, so only KPIs the reader may read come back). A period without
 * an end month ends at the reporting month (chosen, or the last complete one, less the months
 * left out). Loads again when the settings, the FX selection or KPI data change (a value edited
 * here or by another person) and when another person changes a chart.
 */
export function useChartData(key: string, settings: ChartSettings | null): { readonly data: ChartData | undefined; readonly command: CommandOf<"LoadChartData"> | null } {
  const dispatch = useDispatch();
  const frame = useReportingFrame();
  const kpiRevision = useModel((state: AppState) => state.kpis.revision);
  const chartRevision = useModel((state: AppState) => state.charts.revision);
  const end = settings?.period.endMonth ? monthIndexOf(settings.period.endMonth) : frame.end - frame.ignoreLastMonths;
  const command: CommandOf<"LoadChartData"> | null =
    settings && settings.kpiIds.length
      ? { _tag: "LoadChartData", key, kpiIds: [...settings.kpiIds], endDate: monthDateOf(end), timeRange: settings.period.months, bucketSize: BUCKET_MONTHS[settings.bucket], fxRate: frame.fxRateId, years: settings.type === "pivot" }
      : null;
  const params = command ? chartDataParams(command) : null;
  // The command object is new on every render; its parameters say when it really changed.
  const stable = useMemo(() => command, [params]);
  useEffect(() => {
    if (stable) dispatch(stable);
  }, [dispatch, stable, kpiRevision, chartRevision]);
  const data = useModel((state: AppState) => state.charts.data[key]);
  return { data: data && data.params === params ? data : undefined, command: stable };
}
