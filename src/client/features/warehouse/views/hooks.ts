import { useCallback, useContext, useEffect, useMemo } from "react";
import type { WarehouseRequest, WarehouseViewName } from "../../../../contracts/messages/warehouse";
import { canOpen } from "../../../../domain/navigation/access";
import { screenOf } from "../../../../domain/navigation/screens";
import { monthDateOf, monthIndexAt, type MonthIndex } from "../../../../domain/months";
import { ClockContext } from "../../../app/clock";
import type { AppState } from "../../../app/state";
import { useDispatch, useModel } from "../../../bus/use-model";
import { selectAccess } from "../../session/model";
import type { WarehouseViewData } from "../model";
import { requestParams, type WarehouseAnswers } from "../requests";

export interface WarehouseView<V extends WarehouseViewName> {
  readonly status: "loading" | "loaded" | "error";
  readonly data: WarehouseAnswers[V] | null;
  readonly message: string | null;
  /** The data shown answers an earlier request (a newer one is on its way). */
  readonly stale: boolean;
  /** Asks again (after a failed load). */
  readonly reload: () => void;
}

/**
 * A warehouse view's data in slot `key`: loaded when the request changes, and again whenever the
 * warehouse data changed (an upload or a snapshot, here or by someone else). Null `request`
 * loads nothing.
 */
export function useWarehouseView<R extends WarehouseRequest>(key: string, request: R | null): WarehouseView<R["view"]> {
  const dispatch = useDispatch();
  const revision = useModel((state: AppState) => state.warehouse.revision);
  const params = request ? requestParams(request) : null;
  // The request object is new on every render; its text says when it really changed.
  const stable = useMemo(() => request, [params]);
  useEffect(() => {
    if (stable) dispatch({ _tag: "LoadWarehouseView", key, request: stable });
  }, [dispatch, key, stable, revision]);
  const reload = useCallback(() => {
    if (stable) dispatch({ _tag: "LoadWarehouseView", key, request: stable });
  }, [dispatch, key, stable]);
  const slot = useModel((state: AppState) => state.warehouse.views[key]) as WarehouseViewData | undefined;
  return {
    reload,
    status: slot?.status ?? "loading",
    data: (slot?.data ?? null) as WarehouseAnswers[R["view"]] | null,
    message: slot?.message ?? null,
    stale: !!slot && slot.params !== params,
  };
}

/** What the company's money is (warehouse amounts are in it, whatever FX rate is chosen) and its fiscal year. */
export function useCompanyFrame() {
  const company = useModel((state: AppState) => state.session.company);
  const now = useContext(ClockContext);
  const today = new Date(now());
  return {
    currency: company?.localCurrency ?? "EUR",
    fiscalYearOffset: company?.fiscal_year_offset ?? 0,
    currentMonth: monthIndexAt(today) as MonthIndex,
    today: today.toISOString().slice(0, 10),
  };
}

/** The months of a period as the API takes them. */
export const periodOf = (from: MonthIndex, to: MonthIndex) => ({ from: monthDateOf(from), to: monthDateOf(to) });

const RAW_DATA = screenOf("/warehouse/raw-data");
const ANALYTICS = screenOf("/warehouse/sales");

/** Whether the person may upload raw data (data management) and read the analytics (deep drills). */
export function useWarehouseAccess() {
  const access = useModel((state: AppState) => selectAccess(state.session));
  return {
    analytics: !!access && !!ANALYTICS && canOpen(access, ANALYTICS),
    upload: !!access && (access.isStaff || access.permissions.has("upload_download_excel_data")),
    rawData: !!access && !!RAW_DATA && canOpen(access, RAW_DATA),
  };
}
