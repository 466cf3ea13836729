import { useEffect } from "react";
import type { AppState } from "../../../app/state";
import { useDispatch, useModel } from "../../../bus/use-model";
import { alertListKey, type AlertList } from "../model";

/** The person's alerts (all, or on one KPI), loaded when shown and again when they change elsewhere or fire. */
export function useAlertList(kpiId: number | null): { list: AlertList | undefined; timeZone: string | null; reload: () => void } {
  const dispatch = useDispatch();
  const list = useModel((state: AppState) => state.alerts.lists[alertListKey(kpiId)]);
  const timeZone = useModel((state: AppState) => state.alerts.timeZone);
  const revision = useModel((state: AppState) => state.alerts.revision);
  const reload = () => dispatch({ _tag: "LoadAlerts", kpiId });
  useEffect(() => {
    dispatch({ _tag: "LoadAlerts", kpiId });
  }, [dispatch, kpiId, revision]);
  return { list, timeZone, reload };
}
