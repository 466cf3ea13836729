import { useEffect, useMemo } from "react";
import type { AppState } from "../../../app/state";
import { useDispatch, useModel } from "../../../bus/use-model";
import type { ChartMarker } from "../../kpis/views/chart/draw-history-chart";

/** The KPI's comments on months, as markers for its history chart (the discussion loads with it). */
export function useCommentMarkers(kpiId: number): readonly ChartMarker[] {
  const dispatch = useDispatch();
  useEffect(() => {
    dispatch({ _tag: "LoadKpiDiscussion", kpiId });
  }, [dispatch, kpiId]);
  const comments = useModel((state: AppState) => state.collaboration.discussions[kpiId]?.comments);
  return useMemo(() => (comments ?? []).flatMap((comment) => (comment.month ? [{ month: comment.month, label: `${comment.author.name}: ${comment.text.length > 80 ? `${comment.text.slice(0, 79)}…` : comment.text}` }] : [])), [comments]);
}
