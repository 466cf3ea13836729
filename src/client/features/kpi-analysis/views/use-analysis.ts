import { useEffect, useMemo } from "react";
import type { CommandOf } from "../../../../contracts/messages";
import type { AppState } from "../../../app/state";
import { useDispatch, useModel } from "../../../bus/use-model";
import { analysisKey, type AnalysisLoad, type KpiAnalysisModel } from "../model";

type AnalysisCommand = CommandOf<"LoadDeepDrills" | "LoadDeepDrill" | "LoadKpiRecommendations">;
const SLICE = { LoadDeepDrills: "drills", LoadDeepDrill: "drill", LoadKpiRecommendations: "recommendations" } as const;
type LoadOf<C extends AnalysisCommand> = KpiAnalysisModel[(typeof SLICE)[C["_tag"]]][string];

/**
 * An analysis of `command`: loaded when its parameters change and again when KPI data changed (a
 * value edited here or arriving from another person), so a drill never shows numbers older than
 * the detail's. Null loads nothing.
 */
export function useAnalysis<C extends AnalysisCommand>(command: C | null): { key: string | null; load: LoadOf<C> | undefined; retry: () => void } {
  const dispatch = useDispatch();
  const revision = useModel((state: AppState) => state.kpis.revision);
  const key = command ? analysisKey(command) : null;
  // The command object is new on every render; its key says when it really changed.
  const stable = useMemo(() => command, [key]);
  useEffect(() => {
    if (stable) dispatch(stable);
  }, [dispatch, stable, revision]);
  const load = useModel((state: AppState) => (command && key ? (state.kpiAnalysis[SLICE[command._tag]] as Record<string, AnalysisLoad<unknown>>)[key] : undefined)) as LoadOf<C> | undefined;
  return { key, load, retry: () => stable && dispatch(stable) };
}
