import { concat, groupBy, mergeMap, of, switchMap } from "rxjs";
import { DeepDrillResponse, DeepDrillsResponse, RecommendationsResponse } from "../../../contracts/kpi-analysis";
import type { DomainEvent } from "../../../contracts/messages";
import { DeepDrillLoaded, DeepDrillsLoaded, KpiAnalysisLoadFailed, KpiAnalysisLoadStarted, KpiRecommendationsLoaded } from "../../../contracts/messages/kpi-analysis";
import type { EpicDeps } from "../../app/deps";
import type { AppState } from "../../app/state";
import type { Epic } from "../../bus/bus";
import { causedBy, ofCommand } from "../../bus/operators";
import { describeApiError, type ApiError } from "../../effect/errors";
import { outcome$ } from "../../effect/observable";
import { analysisKey } from "./model";

type AnalysisEpic = Epic<AppState, EpicDeps>;

const failed = (key: string) => (error: ApiError): DomainEvent => KpiAnalysisLoadFailed.make({ key, message: describeApiError(error), missing: error._tag === "NotFound" });

/**
 * Every analysis load: per key a newer load supersedes the running one (switchMap), so a quick
 * change of period or comparison never shows an older answer; different keys run side by side.
 */
export const loadAnalyses: AnalysisEpic = ({ command$ }, deps) =>
  command$.pipe(
    ofCommand("LoadDeepDrills", "LoadDeepDrill", "LoadKpiRecommendations"),
    groupBy(({ command }) => analysisKey(command)),
    mergeMap((load$) =>
      load$.pipe(
        switchMap(({ command, commandId }) => {
          const key = analysisKey(command);
          const loaded =
            command._tag === "LoadDeepDrills"
              ? outcome$(
                  deps.api.request({ root: "main", method: "GET", path: `/kpis/${command.kpiId}/deep-drills/`, decode: DeepDrillsResponse }),
                  (answer): DomainEvent => DeepDrillsLoaded.make({ key, answer }),
                  failed(key),
                )
              : command._tag === "LoadDeepDrill"
                ? outcome$(
                    deps.api.request({
                      root: "main",
                      method: "GET",
                      path: `/kpis/${command.kpiId}/deep-drills/${command.type}/`,
                      query: { endDate: command.endDate, period: command.period, compare: command.compare, fxRate: command.fxRate ?? undefined, dimension: command.dimension ?? undefined },
                      decode: DeepDrillResponse,
                    }),
                    (answer): DomainEvent => DeepDrillLoaded.make({ key, answer }),
                    failed(key),
                  )
                : outcome$(
                    deps.api.request({ root: "main", method: "GET", path: `/kpis/${command.kpiId}/recommendations/`, query: { endDate: command.endDate, fxRate: command.fxRate ?? undefined }, decode: RecommendationsResponse }),
                    (answer): DomainEvent => KpiRecommendationsLoaded.make({ key, answer }),
                    failed(key),
                  );
          return concat(of<DomainEvent>(KpiAnalysisLoadStarted.make({ key })), loaded).pipe(causedBy(commandId));
        }),
      ),
    ),
  );

export const kpiAnalysisEpics = { loadAnalyses };
