import type { Observable } from "rxjs";
import { CustomDashboard, DashboardsResponse } from "../../../contracts/custom-dashboards";
import type { DomainEvent } from "../../../contracts/messages";
import { CustomDashboardLoaded, CustomDashboardLoadFailed, CustomDashboardsLoaded, CustomDashboardsLoadFailed } from "../../../contracts/messages/custom-dashboards";
import type { EpicDeps } from "../../app/deps";
import { describeApiError } from "../../effect/errors";
import { outcome$ } from "../../effect/observable";

/** The custom dashboards' API (main root). */
export const BASE = "/custom-dashboards";
export const DASHBOARD_GONE_TEXT = "This dashboard does not exist, or it is not shared with you.";

/** GET one dashboard, as one event either way (a 404: gone, or not the reader's to see). */
export function loadDashboard$(deps: EpicDeps, dashboardId: number): Observable<DomainEvent> {
  return outcome$(
    deps.api.request({ root: "main", method: "GET", path: `${BASE}/${dashboardId}/`, decode: CustomDashboard, idempotent: true }),
    (dashboard): DomainEvent => CustomDashboardLoaded.make({ dashboard }),
    (error): DomainEvent => CustomDashboardLoadFailed.make({ dashboardId, message: error._tag === "NotFound" ? DASHBOARD_GONE_TEXT : describeApiError(error), notFound: error._tag === "NotFound" }),
  );
}

/** GET the overview's list. */
export function loadList$(deps: EpicDeps): Observable<DomainEvent> {
  return outcome$(
    deps.api.request({ root: "main", method: "GET", path: `${BASE}/`, decode: DashboardsResponse, idempotent: true }),
    (answer): DomainEvent => CustomDashboardsLoaded.make({ dashboards: answer.dashboards }),
    (error): DomainEvent => CustomDashboardsLoadFailed.make({ message: describeApiError(error) }),
  );
}
