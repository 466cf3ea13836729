import { Effect } from "effect";
import type { Observable } from "rxjs";
import { InvestorReport, ReportData, ReportsResponse } from "../../../contracts/investor-reporting";
import { REPORT_NOT_FOUND } from "../../../domain/investor-reporting/texts";
import type { DomainEvent } from "../../../contracts/messages";
import {
  InvestorReportDataLoaded,
  InvestorReportDataLoadFailed,
  InvestorReportLoaded,
  InvestorReportLoadFailed,
  InvestorReportsLoaded,
  InvestorReportsLoadFailed,
} from "../../../contracts/messages/investor-reporting";
import type { EpicDeps } from "../../app/deps";
import { describeApiError, type ApiError } from "../../effect/errors";
import { outcome$ } from "../../effect/observable";

/** The investor reporting API (main root). */
export const BASE = "/investor-reporting/reports";

export function loadReports$(deps: EpicDeps): Observable<DomainEvent> {
  return outcome$(
    deps.api.request({ root: "main", method: "GET", path: `${BASE}/`, decode: ReportsResponse, idempotent: true }),
    (answer): DomainEvent => InvestorReportsLoaded.make({ reports: answer.reports }),
    (error): DomainEvent => InvestorReportsLoadFailed.make({ message: describeApiError(error) }),
  );
}

/** GET one report, as one event either way (a 404: unknown, another company's, or not shared). */
export function loadReport$(deps: EpicDeps, reportId: number): Observable<DomainEvent> {
  return outcome$(
    deps.api.request({ root: "main", method: "GET", path: `${BASE}/${reportId}/`, decode: InvestorReport, idempotent: true }),
    (report): DomainEvent => InvestorReportLoaded.make({ report }),
    (error): DomainEvent => InvestorReportLoadFailed.make({ reportId, message: reportErrorText(error), notFound: error._tag === "NotFound" }),
  );
}

export function loadReportData$(deps: EpicDeps, reportId: number): Observable<DomainEvent> {
  return outcome$(
    deps.api.request({ root: "main", method: "GET", path: `${BASE}/${reportId}/data/`, decode: ReportData, idempotent: true }),
    (data): DomainEvent => InvestorReportDataLoaded.make({ reportId, data }),
    (error): DomainEvent => InvestorReportDataLoadFailed.make({ reportId, message: reportErrorText(error) }),
  );
}

/** A change that answers the whole report (sections, settings, shares, attachments, approval). */
export function changeReport(deps: EpicDeps, method: "POST" | "PATCH" | "PUT" | "DELETE", path: string, body?: unknown): Effect.Effect<InvestorReport, ApiError> {
  return deps.api.request({ root: "main", method, path: `${BASE}/${path}`, ...(body === undefined ? {} : { body }), decode: InvestorReport });
}

/** The spec's one text for an unknown or foreign report; the server's words otherwise. */
export const reportErrorText = (error: ApiError) => (error._tag === "NotFound" ? REPORT_NOT_FOUND : describeApiError(error));
