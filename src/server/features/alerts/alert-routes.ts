import { AlertPatch, AlertsQuery, AlertsResponse, KpiAlert, NewAlert } from "../../../contracts/alerts";
import { IdParams, userRoute, type UserCall } from "../../platform/http/route";
import { READ_REPORTING } from "../kpis/kpi-access";
import { alertFor, createAlert, deleteAlert, listAlerts, patchAlert, type AlertOwner } from "./alert-service";
import { companyTimeZone } from "../../platform/company-clock";

/**
 * A person's KPI alerts (spec: alerts CRUD). Anyone who reads KPI reporting may watch the KPIs
 * they may read; an alert is its owner's alone: another person's alert, or one on a KPI the owner
 * may no longer read, answers 404 as if it did not exist.
 */
const ownerOf = (call: Pick<UserCall<unknown, unknown, unknown>, "user" | "reader">): AlertOwner => ({ userId: call.user.userId, reader: call.reader });
const nowOf = (call: Pick<UserCall<unknown, unknown, unknown>, "services">) => call.services.now?.() ?? new Date();

export const alertRoutes = [
  userRoute({
    method: "GET",
    path: "/kpis/alerts/",
    summary: "The user's alerts (all, or of one KPI with ?kpi=), with their last trigger, next check and history, and the company's time zone",
    access: READ_REPORTING,
    query: AlertsQuery,
    response: AlertsResponse,
    handle: (call) =>
      call.inTenant(async (context) => ({ alerts: await listAlerts(context, ownerOf(call), nowOf(call), call.query.kpi), timeZone: await companyTimeZone(context) })),
  }),
  userRoute({
    method: "POST",
    path: "/kpis/alerts/",
    summary: "Set an alert on a KPI the user may read: boundaries or a percentage change, the month watched and how often it is checked",
    description: "Checked at 6.30 pm in the company's time zone: daily, on Fridays (weekly) or on the last Friday of the month (monthly).",
    access: READ_REPORTING,
    body: NewAlert,
    response: KpiAlert,
    status: 201,
    handle: (call) => call.inTenant((context) => createAlert(context, call.services, ownerOf(call), call.body, nowOf(call))),
  }),
  userRoute({
    method: "GET",
    path: "/kpis/alerts/{id}/",
    summary: "One of the user's alerts with its history",
    access: READ_REPORTING,
    params: IdParams,
    response: KpiAlert,
    handle: (call) => call.inTenant((context) => alertFor(context, ownerOf(call), call.params.id, nowOf(call))),
  }),
  userRoute({
    method: "PATCH",
    path: "/kpis/alerts/{id}/",
    summary: "Change an alert's condition, month or frequency, or pause and resume it",
    access: READ_REPORTING,
    params: IdParams,
    body: AlertPatch,
    response: KpiAlert,
    handle: (call) => call.inTenant((context) => patchAlert(context, call.services, ownerOf(call), call.params.id, call.body, nowOf(call))),
  }),
  userRoute({
    method: "DELETE",
    path: "/kpis/alerts/{id}/",
    summary: "Delete an alert and its history",
    access: READ_REPORTING,
    params: IdParams,
    status: 204,
    handle: (call) => call.inTenant((context) => deleteAlert(context, ownerOf(call), call.params.id)),
  }),
];
