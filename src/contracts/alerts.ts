import { Schema } from "@effect/schema";
import { FiniteNumber, RecordId, RecordIdFromString } from "./fields";

/**
 * KPI alerts (issue 15; spec sections 3 and 9): a person's watch on one KPI they may read. The
 * condition is boundaries (empty means none) or, beyond the spec, a percentage change against the
 * month before or plan with a minimum baseline. The alert watches the current month (offset 0) or
 * the previous one (-1) and is checked at its frequency's send time in the company's time zone
 * (daily 6.30 pm, weekly Friday 6.30 pm, monthly last Friday 6.30 pm); domain/alerts decides.
 */
export const AlertFrequency = Schema.Literal("daily", "weekly", "monthly");
export const MonthOffset = Schema.Literal(0, -1);
export const ChangeBasis = Schema.Literal("previous_period", "plan");
export const ChangeDirection = Schema.Literal("up", "down", "either");

/** Boundaries: lower, upper, or both (null means none); a value on a boundary is still fine. */
export const BoundaryCondition = Schema.Struct({ kind: Schema.Literal("boundary"), lower: Schema.NullOr(FiniteNumber), upper: Schema.NullOr(FiniteNumber) });
/** A change of at least `percent` against the basis; bases smaller than `minimumBaseline` are not compared. */
export const ChangeCondition = Schema.Struct({ kind: Schema.Literal("change"), basis: ChangeBasis, direction: ChangeDirection, percent: FiniteNumber, minimumBaseline: FiniteNumber });
export const AlertCondition = Schema.Union(BoundaryCondition, ChangeCondition);
export type AlertCondition = typeof AlertCondition.Type;

/** POST /api/kpis/alerts/ */
export const NewAlert = Schema.Struct({ kpiId: RecordId, condition: AlertCondition, monthOffset: MonthOffset, frequency: AlertFrequency });
export type NewAlert = typeof NewAlert.Type;

/** PATCH /api/kpis/alerts/{id}/: what is given changes; `paused` stops and resumes the checks. */
export const AlertPatch = Schema.Struct({
  condition: Schema.optional(AlertCondition),
  monthOffset: Schema.optional(MonthOffset),
  frequency: Schema.optional(AlertFrequency),
  paused: Schema.optional(Schema.Boolean),
});
export type AlertPatch = typeof AlertPatch.Type;

/** One time the alert fired: its period, the month it watched, the figures and why. */
export const AlertTrigger = Schema.Struct({
  id: Schema.Number,
  period: Schema.String,
  kpiMonth: Schema.String,
  value: Schema.Number,
  baseline: Schema.NullOr(Schema.Number),
  reason: Schema.String,
  triggeredAt: Schema.String,
});
export type AlertTrigger = typeof AlertTrigger.Type;

export const KpiAlert = Schema.Struct({
  id: Schema.Number,
  kpiId: Schema.Number,
  kpiName: Schema.String,
  /** The KPI's unit: how the condition's numbers read (percentage, currency, …). */
  kpiUnit: Schema.String,
  condition: AlertCondition,
  monthOffset: MonthOffset,
  frequency: AlertFrequency,
  paused: Schema.Boolean,
  createdAt: Schema.String,
  /** The last check's time and what it found ("90 is below the lower boundary of 100."). */
  lastCheckedAt: Schema.NullOr(Schema.String),
  lastCheckNote: Schema.NullOr(Schema.String),
  lastTriggeredAt: Schema.NullOr(Schema.String),
  /** The next send time (ISO instant); null while paused. */
  nextCheckAt: Schema.NullOr(Schema.String),
  /** The most recent triggers, newest first (at most 12). */
  history: Schema.Array(AlertTrigger),
});
export type KpiAlert = typeof KpiAlert.Type;

/** GET /api/kpis/alerts/: the user's alerts, and the company's time zone their times are in. */
export const AlertsResponse = Schema.Struct({ alerts: Schema.Array(KpiAlert), timeZone: Schema.String });
export type AlertsResponse = typeof AlertsResponse.Type;

export const AlertsQuery = Schema.Struct({ kpi: Schema.optional(RecordIdFromString) });

/** How many triggers an alert shows. */
export const ALERT_HISTORY_LENGTH = 12;
