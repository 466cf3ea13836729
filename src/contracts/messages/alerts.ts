import { Schema } from "@effect/schema";
import { AlertCondition, AlertFrequency, KpiAlert, MonthOffset } from "../alerts";

/** KPI alerts: the KPI detail's Alerts tab, the two-stage alert dialog and /reporting/alerts. */

const FieldMessages = Schema.Record({ key: Schema.String, value: Schema.Array(Schema.String) });

// ── commands ────────────────────────────────────────────────────────────────
/** The person's alerts: all of them (kpiId null) or those on one KPI. */
export class LoadAlerts extends Schema.TaggedStruct("LoadAlerts", { kpiId: Schema.NullOr(Schema.Number) }) {}
/** Sets a new alert (alertId null) or changes one. */
export class SaveAlert extends Schema.TaggedStruct("SaveAlert", {
  alertId: Schema.NullOr(Schema.Number),
  kpiId: Schema.Number,
  kpiName: Schema.String,
  condition: AlertCondition,
  monthOffset: MonthOffset,
  frequency: AlertFrequency,
}) {}
export class PauseAlert extends Schema.TaggedStruct("PauseAlert", { alertId: Schema.Number, kpiName: Schema.String, paused: Schema.Boolean }) {}
export class DeleteAlert extends Schema.TaggedStruct("DeleteAlert", { alertId: Schema.Number, kpiName: Schema.String }) {}
/** The dialog opens anew: the last save's outcome is forgotten. */
export class ResetAlertSave extends Schema.TaggedStruct("ResetAlertSave", {}) {}

export const AlertsCommand = Schema.Union(LoadAlerts, SaveAlert, PauseAlert, DeleteAlert, ResetAlertSave);

// ── events ──────────────────────────────────────────────────────────────────
export class AlertsLoadStarted extends Schema.TaggedStruct("AlertsLoadStarted", { key: Schema.String }) {}
/** `timeZone`: the company's, which send times are shown in. */
export class AlertsLoaded extends Schema.TaggedStruct("AlertsLoaded", { key: Schema.String, alerts: Schema.Array(KpiAlert), timeZone: Schema.String }) {}
export class AlertsLoadFailed extends Schema.TaggedStruct("AlertsLoadFailed", { key: Schema.String, message: Schema.String }) {}
export class AlertSaveStarted extends Schema.TaggedStruct("AlertSaveStarted", {}) {}
export class AlertSaved extends Schema.TaggedStruct("AlertSaved", { alert: KpiAlert, created: Schema.Boolean }) {}
/** Nothing saved: why, and the server's field messages (`condition.lower`, `kpiId`, …). */
export class AlertSaveFailed extends Schema.TaggedStruct("AlertSaveFailed", { message: Schema.String, fields: FieldMessages }) {}
export class AlertSaveReset extends Schema.TaggedStruct("AlertSaveReset", {}) {}
/** A pause, resume or delete of this alert is on its way. */
export class AlertActionStarted extends Schema.TaggedStruct("AlertActionStarted", { alertId: Schema.Number }) {}
/** Paused or resumed: the alert as it is now. */
export class AlertChanged extends Schema.TaggedStruct("AlertChanged", { alert: KpiAlert }) {}
export class AlertDeleted extends Schema.TaggedStruct("AlertDeleted", { alertId: Schema.Number }) {}
export class AlertActionFailed extends Schema.TaggedStruct("AlertActionFailed", { alertId: Schema.Number, message: Schema.String }) {}
/** The person's alerts changed in another tab, or one fired: open lists load again. */
export class AlertsChangedElsewhere extends Schema.TaggedStruct("AlertsChangedElsewhere", {}) {}

export const AlertsEvent = Schema.Union(
  AlertsLoadStarted,
  AlertsLoaded,
  AlertsLoadFailed,
  AlertSaveStarted,
  AlertSaved,
  AlertSaveFailed,
  AlertSaveReset,
  AlertActionStarted,
  AlertChanged,
  AlertDeleted,
  AlertActionFailed,
  AlertsChangedElsewhere,
);
