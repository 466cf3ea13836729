import { ChangeLogQuery, ChangeLogResponse, ListColumnsRequest, ListColumnsResponse, OkrListQuery, OkrListResponse, TeamAnalyticsQuery, TeamAnalyticsResponse } from "../../../contracts/okr-insights";
import { needs, userRoute, type RouteDefinition, type UserCall } from "../../platform/http/route";
import { okrTeamAnalytics } from "./analytics-service";
import { okrChangeLog } from "./change-log-service";
import { listColumns, okrList, saveListColumns } from "./list-service";
import { companyTimeZone, companyToday } from "../../platform/company-clock";
import { readScopeOf } from "./okr-reading";

/**
 * The OKR list view, team analytics and change log (issue 16, scopes 3–5). Reading any OKR level
 * opens the list view and the change log (each shows only the levels the reader may read); team
 * analytics needs read_team_okrs. All belong to the company's `okr` feature.
 */
const READ_ANY_OKRS = needs(["read_corporate_okrs", "read_team_okrs", "read_employee_okrs"], { feature: "okr" });
const READ_TEAM_OKRS = needs("read_team_okrs", { feature: "okr" });

type Call = Pick<UserCall<unknown, unknown, unknown>, "user" | "reader" | "services">;
const scopeOf = (call: Call) => readScopeOf(call.reader, call.user.userId);
const nowOf = (call: Call) => call.services.now?.() ?? new Date();

export const okrInsightRoutes: readonly RouteDefinition[] = [
  userRoute({
    method: "GET",
    path: "/okrs/list/",
    summary: "The OKR list view: a row per key result under its objective (an objective without key results as a row), with the filters' choices",
    description: "Filters: level, unitId, from/to (objectives overlapping the period), statusId (the key result's status, else its objective's), responsibleId.",
    access: READ_ANY_OKRS,
    query: OkrListQuery,
    response: OkrListResponse,
    handle: (call) => call.inTenant((context) => okrList(context, scopeOf(call), call.reader, call.query, nowOf(call))),
  }),
  userRoute({
    method: "GET",
    path: "/okrs/list/columns/",
    summary: "The caller's list-view columns in their order (the defaults until chosen)",
    access: READ_ANY_OKRS,
    response: ListColumnsResponse,
    handle: (call) => call.inTenant((context) => listColumns(context, call.user.userId)),
  }),
  userRoute({
    method: "PUT",
    path: "/okrs/list/columns/",
    summary: "Save the caller's list-view columns and their order (null: back to the defaults)",
    access: READ_ANY_OKRS,
    body: ListColumnsRequest,
    response: ListColumnsResponse,
    handle: (call) => call.inTenant((context) => saveListColumns(context, call.user.userId, call.body)),
  }),
  userRoute({
    method: "GET",
    path: "/okrs/team-analytics/",
    summary: "Progress against the expected line, confidence, objectives at risk and check-in activity per unit over a period",
    description: "The period defaults to the current calendar quarter (company time zone); at most two years.",
    access: READ_TEAM_OKRS,
    query: TeamAnalyticsQuery,
    response: TeamAnalyticsResponse,
    handle: (call) => call.inTenant((context) => okrTeamAnalytics(context, scopeOf(call), call.reader, call.query, nowOf(call))),
  }),
  userRoute({
    method: "GET",
    path: "/okrs/changelog/",
    summary: "The OKR change log: every change to objectives, key results and milestones the caller may read, 50 a page",
    description: "order=old_first (default newest first), startDate, endDate (calendar days, company time zone), action_type, item_type, timeRange (7d, 30d, 90d, 365d, all), p (page from 1).",
    access: READ_ANY_OKRS,
    query: ChangeLogQuery,
    response: ChangeLogResponse,
    handle: (call) =>
      call.inTenant(async (context) => {
        const timeZone = await companyTimeZone(context);
        return okrChangeLog(context, scopeOf(call), call.query, await companyToday(context, nowOf(call)), timeZone);
      }),
  }),
];
