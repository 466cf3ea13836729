import { Schema } from "@effect/schema";
import { WholeNumber } from "./fields";

/**
 * Planning versions (issue 12): a fiscal year's working plan kept under a name, a full copy of
 * its planning values. The values of a version are read through POST /api/kpis/values/ with
 * `planningVersion` (the version's values answer as `planningValue`).
 */
export const PlanningVersion = Schema.Struct({
  id: Schema.Number,
  name: Schema.String,
  /** The fiscal year by the calendar year it starts in (FY 2026/27 is 2026). */
  fiscalYear: Schema.Number,
  /** Its first month, 'YYYY-MM-01'. */
  firstMonth: Schema.String,
  /** How many planning values it keeps (all KPIs, whatever the reader may see). */
  valueCount: Schema.Number,
  createdAt: Schema.String,
  createdBy: Schema.NullOr(Schema.String),
});
export type PlanningVersion = typeof PlanningVersion.Type;

export const PLANNING_VERSION_NAME_TAKEN = "A planning version with this name already exists.";
export const PLANNING_VERSION_NAME_BLANK = "Enter a name for the version.";
export const PLANNING_VERSION_NAME_TOO_LONG = "Use at most 100 characters.";
export const PLANNING_VERSION_EMPTY = "This fiscal year has no planning values to keep yet.";

/** POST /api/planning/versions/: keep the working plan of `fiscalYear` as `name`. */
export const NewPlanningVersion = Schema.Struct({
  name: Schema.String.pipe(Schema.filter((name) => (name.trim().length < 1 ? PLANNING_VERSION_NAME_BLANK : name.trim().length > 100 ? PLANNING_VERSION_NAME_TOO_LONG : true), { jsonSchema: { minLength: 1, maxLength: 100 } })),
  fiscalYear: WholeNumber(1900, 2200, "Choose a fiscal year from 1900 to 2200."),
});
export type NewPlanningVersion = typeof NewPlanningVersion.Type;

export const PlanningVersionsResponse = Schema.Struct({ versions: Schema.Array(PlanningVersion) });
