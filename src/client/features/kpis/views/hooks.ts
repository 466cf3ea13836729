import { useContext, useEffect, useMemo } from "react";
import type { CommandOf } from "../../../../contracts/messages";
import { monthDateOf, monthIndexAt, monthIndexOf, type MonthIndex } from "../../../../domain/months";
import { ClockContext } from "../../../app/clock";
import type { AppState } from "../../../app/state";
import { useDispatch, useModel } from "../../../bus/use-model";
import { viewParams } from "../epics";
import type { ViewData } from "../model";

/**
 * The KPI catalogue: loaded once per session and again only after KPI data changed (a value
 * edit can change the outdated badges), never on a mere change of screen.
 */
export function useKpiMeta() {
  const dispatch = useDispatch();
  const meta = useModel((state: AppState) => state.kpis.meta);
  const revision = useModel((state: AppState) => state.kpis.revision);
  const settingsLoaded = useModel((state: AppState) => state.kpis.settingsLoaded);
  const stale = meta.status === "idle" || (meta.status === "loaded" && !meta.refreshing && meta.answers !== revision);
  useEffect(() => {
    if (stale) dispatch({ _tag: "LoadKpiMeta" });
  }, [dispatch, stale]);
  useEffect(() => {
    if (!settingsLoaded) dispatch({ _tag: "LoadAppSettings" });
  }, [dispatch, settingsLoaded]);
  return meta;
}

/** The currency money is shown in (the FX selection or the local one) and the fiscal year. */
export function useReportingFrame() {
  const company = useModel((state: AppState) => state.session.company);
  const fxRateId = useModel((state: AppState) => state.shell.fxRateId);
  const period = useModel((state: AppState) => state.kpis.period);
  const now = useContext(ClockContext);
  const fxRate = company?.fxRates.find((rate) => rate.id === fxRateId) ?? null;
  // The reporting month: chosen, or the last complete month.
  const end: MonthIndex = period.endDate ? monthIndexOf(period.endDate) : monthIndexAt(new Date(now())) - 1;
  return {
    fxRateId: fxRate ? fxRate.id : null,
    currency: fxRate?.currency ?? company?.localCurrency ?? "EUR",
    fiscalYearOffset: company?.fiscal_year_offset ?? 0,
    end,
    endDate: monthDateOf(end),
    /** The month the person chose, or null while it follows the last complete month. */
    chosenEndDate: period.endDate,
    ignoreLastMonths: period.ignoreLastMonths,
  };
}

type ViewCommand = CommandOf<"LoadKpiAggregates" | "LoadKpiHistory" | "LoadKpiValues">;
const SLICE = { LoadKpiAggregates: "aggregates", LoadKpiHistory: "history", LoadKpiValues: "values" } as const;

/**
 * A view's data for `command`: loads it when its parameters change and again whenever KPI data
 * changed (a save here, or another user's edit arriving through the event stream). Null
 * `command` loads nothing (the view waits for its inputs, e.g. the catalogue).
 */
export function useKpiView<C extends ViewCommand>(command: C | null): ViewData<ViewDataOf<C>> | undefined {
  const dispatch = useDispatch();
  const revision = useModel((state: AppState) => state.kpis.revision);
  // The saved reporting period may change the parameters: wait for it, so a screen asks once.
  const settingsLoaded = useModel((state: AppState) => state.kpis.settingsLoaded);
  const params = command && settingsLoaded ? viewParams(command) : null;
  // The command object is new on every render; its parameters say when it really changed.
  const stable = useMemo(() => (params ? command : null), [params]);
  useEffect(() => {
    if (stable) dispatch(stable);
  }, [dispatch, stable, revision]);
  return useModel((state: AppState) => (command ? (state.kpis[SLICE[command._tag]][command.key] as ViewData<ViewDataOf<C>> | undefined) : undefined));
}

type ViewDataOf<C extends ViewCommand> = C extends { _tag: "LoadKpiAggregates" }
  ? AppState["kpis"]["aggregates"][string] extends ViewData<infer T> ? T : never
  : C extends { _tag: "LoadKpiHistory" }
    ? AppState["kpis"]["history"][string] extends ViewData<infer T> ? T : never
    : AppState["kpis"]["values"][string] extends ViewData<infer T> ? T : never;
