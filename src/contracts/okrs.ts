import { Schema } from "@effect/schema";
import { FiniteNumber, IsoDate, List, RecordId, RecordIdFromString, RequiredText, Text, WholeNumber } from "./fields";

/**
 * OKRs (issue 16; spec sections 3, 5, 6, 7, 8, 9): objectives at three levels, their key results
 * (by hand, or fed by a KPI), milestones, check-ins with confidence, status options, external
 * tasks. Tables: migration 0034. Every change also writes a row of the change log (okr_changes).
 *
 * Levels and permissions: corporate objectives need read/write_corporate_okrs, team objectives
 * read/write_team_okrs, employee objectives read/write_employee_okrs (higher include lower, see
 * domain/permissions/catalogue.ts); a person may always read and write their own employee
 * objectives when they hold write_employee_okrs.
 *
 * The API lives under /api/okrs/ (see the route files in src/server/features/okrs/).
 */

export const OKR_LEVELS = ["corporate", "team", "employee"] as const;
export type OkrLevel = (typeof OKR_LEVELS)[number];
export const KR_DIRECTIONS = ["increasing", "decreasing", "binary"] as const;
export type KrDirection = (typeof KR_DIRECTIONS)[number];

/** A team objective links to at most this many higher-level objectives (spec section 5). */
export const MAX_TEAM_PARENTS = 2;
/** At most this many status options per company (docs/decisions.md, "OKRs"). */
export const MAX_STATUS_OPTIONS = 8;
/** The most objectives, key results per objective, milestones per objective a request may hold. */
export const MAX_KEY_RESULTS = 10;
export const MAX_MILESTONES = 20;
export const MAX_RESPONSIBLES = 10;
/** Confidence of a check-in: 0 (will not make it) to 10 (certain). */
export const CONFIDENCE_MIN = 0;
export const CONFIDENCE_MAX = 10;

export const OBJECTIVE_TITLE_BLANK = "Enter a title.";
export const KEY_RESULT_TITLE_BLANK = "Enter a title.";
export const MILESTONE_TITLE_BLANK = "Enter a title.";
export const TOO_MANY_PARENTS = "A team objective may link to at most two higher-level objectives.";
export const PARENT_NOT_HIGHER = "Link only to objectives of a higher level.";
export const PERIOD_ORDER = "The end date must be on or after the start date.";
export const KR_KPI_FIELDS_LOCKED = "This key result follows its KPI: its actual value and progress cannot be edited.";
export const KR_START_EQUALS_TARGET = "Start and target must differ.";
export const STATUS_LIMIT = `A company has at most ${MAX_STATUS_OPTIONS} status options.`;
export const STATUS_NAME_TAKEN = "A status with this name already exists.";
// Added by the OKR API (issue 16, server): the other messages the API answers.
export const OKR_USER_UNKNOWN = "Choose active users of the company.";
export const OKR_CATEGORY_REQUIRED = "Choose the team or department of a team objective.";
export const OKR_CATEGORY_UNKNOWN = "Choose a team or department of the organizational structure.";
export const OKR_CATEGORY_NOT_TEAM_LEVEL = "Only team objectives belong to a team or department.";
export const OKR_OWNER_NOT_EMPLOYEE_LEVEL = "Only employee objectives have an owner.";
export const OKR_STATUS_UNKNOWN = "Choose a status of the company.";
export const PARENT_UNKNOWN = "Choose objectives you may read.";
export const OKR_LEVEL_FORBIDDEN = "You may not write objectives of this level.";
export const OKR_OBJECTIVE_FORBIDDEN = "You may not change this objective.";
export const POSITIONS_MIXED = "Order the objectives of one level and unit at a time.";
export const POSITIONS_DUPLICATE = "Name each item once.";
export const KR_POSITIONS_MIXED = "Order the key results of one objective at a time.";
export const KR_KPI_UNREADABLE = "Choose a KPI you may read.";
export const KR_BINARY_KPI = "A binary key result is done or not: it cannot follow a KPI.";
export const KR_BINARY_VALUE = "A binary key result is 0 (open) or 1 (done).";
export const KR_PROGRESS_RANGE = "Enter a progress from 0 to 100.";
export const KR_CHECK_IN_VALUE_LOCKED = "This key result follows its KPI: its value is the KPI's.";
export const KEY_RESULT_LIMIT = `An objective has at most ${MAX_KEY_RESULTS} key results.`;
export const MILESTONE_LIMIT = `An objective has at most ${MAX_MILESTONES} milestones.`;
export const EXTERNAL_TASK_TARGET = "Attach the task to an objective or to a key result (one of them).";
export const EXTERNAL_TASK_TAKEN = "This task is attached already.";
export const EXTERNAL_TASK_TARGET_UNKNOWN = "Choose an objective or key result you may change.";

export const OkrPerson = Schema.Struct({ id: Schema.Number, name: Schema.String });
export type OkrPerson = typeof OkrPerson.Type;

export const StatusOption = Schema.Struct({ id: Schema.Number, name: Schema.String, color: Schema.String, position: Schema.Number });
export type StatusOption = typeof StatusOption.Type;

/** An organizational category: a unit of the organizational structure that team objectives belong to. */
export const OkrCategory = Schema.Struct({
  id: Schema.Number,
  kind: Schema.Literal("department", "team"),
  name: Schema.String,
  /** The department of a team; null for a department. */
  departmentId: Schema.NullOr(Schema.Number),
  objectiveCount: Schema.Number,
});
export type OkrCategory = typeof OkrCategory.Type;

/** The KPI feeding a key result, as the reader sees it. */
export const KrKpi = Schema.Struct({ id: Schema.Number, name: Schema.String, unit: Schema.String });

export const KeyResult = Schema.Struct({
  id: Schema.Number,
  objectiveId: Schema.Number,
  title: Schema.String,
  direction: Schema.Literal(...KR_DIRECTIONS),
  unit: Schema.String,
  start: Schema.Number,
  target: Schema.Number,
  /** Null until the first value (by hand, or the KPI has none in the period). */
  actual: Schema.NullOr(Schema.Number),
  /** 0–100 (clamped), null while actual is null. */
  progress: Schema.NullOr(Schema.Number),
  /** Set: actual and progress come from this KPI and cannot be edited (spec section 5). */
  kpi: Schema.NullOr(KrKpi),
  responsible: Schema.NullOr(OkrPerson),
  statusId: Schema.NullOr(Schema.Number),
  position: Schema.Number,
  /** The latest check-in's confidence (0–10) and time, null before the first. */
  confidence: Schema.NullOr(Schema.Number),
  lastCheckInAt: Schema.NullOr(Schema.String),
  updatedAt: Schema.String,
});
export type KeyResult = typeof KeyResult.Type;

export const Milestone = Schema.Struct({
  id: Schema.Number,
  objectiveId: Schema.Number,
  title: Schema.String,
  dueOn: Schema.NullOr(Schema.String),
  doneAt: Schema.NullOr(Schema.String),
  responsible: Schema.NullOr(OkrPerson),
  position: Schema.Number,
});
export type Milestone = typeof Milestone.Type;

export const ObjectiveRef = Schema.Struct({ id: Schema.Number, title: Schema.String, level: Schema.Literal(...OKR_LEVELS) });
export type ObjectiveRef = typeof ObjectiveRef.Type;

export const Objective = Schema.Struct({
  id: Schema.Number,
  level: Schema.Literal(...OKR_LEVELS),
  /** A team objective's unit; null otherwise. */
  category: Schema.NullOr(Schema.Struct({ id: Schema.Number, name: Schema.String })),
  /** An employee objective's owner; null otherwise. */
  owner: Schema.NullOr(OkrPerson),
  title: Schema.String,
  description: Schema.String,
  startsOn: Schema.String,
  endsOn: Schema.String,
  position: Schema.Number,
  statusId: Schema.NullOr(Schema.Number),
  parents: Schema.Array(ObjectiveRef),
  /** Objectives that link to this one (read-only here: a child sets its parents). */
  children: Schema.Array(ObjectiveRef),
  responsibles: Schema.Array(OkrPerson),
  /** The mean progress of its key results with a value (0–100), null without any. */
  progress: Schema.NullOr(Schema.Number),
  keyResults: Schema.Array(KeyResult),
  milestones: Schema.Array(Milestone),
  createdAt: Schema.String,
  updatedAt: Schema.String,
  /** Whether the reader may change it (the level's write permission, or an own employee objective). */
  mayEdit: Schema.Boolean,
});
export type Objective = typeof Objective.Type;

/** GET /api/okrs/objectives/?level=&categoryId=&ownerUserId=&from=&to=: by level, then position. */
export const ObjectivesResponse = Schema.Struct({ objectives: Schema.Array(Objective) });
export type ObjectivesResponse = typeof ObjectivesResponse.Type;

/** The query of GET /api/okrs/objectives/: from/to keep the objectives whose period overlaps them. */
export const ObjectivesQuery = Schema.Struct({
  level: Schema.optional(Schema.Literal(...OKR_LEVELS)),
  categoryId: Schema.optional(RecordIdFromString),
  ownerUserId: Schema.optional(RecordIdFromString),
  from: Schema.optional(IsoDate),
  to: Schema.optional(IsoDate),
});
export type ObjectivesQuery = typeof ObjectivesQuery.Type;

const ObjectiveTitle = RequiredText(200, OBJECTIVE_TITLE_BLANK);
const People = List(RecordId, MAX_RESPONSIBLES);

/** POST /api/okrs/objectives/ */
export const ObjectiveCreateRequest = Schema.Struct({
  level: Schema.Literal(...OKR_LEVELS),
  categoryId: Schema.optionalWith(Schema.NullOr(RecordId), { default: () => null }),
  ownerUserId: Schema.optionalWith(Schema.NullOr(RecordId), { default: () => null }),
  title: ObjectiveTitle,
  description: Schema.optionalWith(Text(5000), { default: () => "" }),
  startsOn: IsoDate,
  endsOn: IsoDate,
  statusId: Schema.optionalWith(Schema.NullOr(RecordId), { default: () => null }),
  parentIds: Schema.optionalWith(List(RecordId, 5), { default: () => [] }),
  responsibleIds: Schema.optionalWith(People, { default: () => [] }),
});
export type ObjectiveCreateRequest = typeof ObjectiveCreateRequest.Type;

/** PATCH /api/okrs/objectives/{id}/ */
export const ObjectiveChangeRequest = Schema.Struct({
  title: Schema.optional(ObjectiveTitle),
  description: Schema.optional(Text(5000)),
  startsOn: Schema.optional(IsoDate),
  endsOn: Schema.optional(IsoDate),
  statusId: Schema.optional(Schema.NullOr(RecordId)),
  parentIds: Schema.optional(List(RecordId, 5)),
  responsibleIds: Schema.optional(People),
});
export type ObjectiveChangeRequest = typeof ObjectiveChangeRequest.Type;

/** POST /api/okrs/objectives/{id}/move/: to another level, unit or owner (parents that no longer fit are dropped). */
export const ObjectiveMoveRequest = Schema.Struct({
  level: Schema.Literal(...OKR_LEVELS),
  categoryId: Schema.optionalWith(Schema.NullOr(RecordId), { default: () => null }),
  ownerUserId: Schema.optionalWith(Schema.NullOr(RecordId), { default: () => null }),
});
export type ObjectiveMoveRequest = typeof ObjectiveMoveRequest.Type;

/** POST /api/okrs/objectives/{id}/copy/: a copy with its key results and milestones, optionally into another period. */
export const ObjectiveCopyRequest = Schema.Struct({
  title: Schema.optional(ObjectiveTitle),
  startsOn: Schema.optional(IsoDate),
  endsOn: Schema.optional(IsoDate),
});
export type ObjectiveCopyRequest = typeof ObjectiveCopyRequest.Type;

/** POST /api/okrs/objectives/positions/ and /api/okrs/key-results/positions/: the new order, ids first to last. */
export const PositionsRequest = Schema.Struct({ ids: List(RecordId, 500, { min: 1 }) });
export type PositionsRequest = typeof PositionsRequest.Type;

const KrTitle = RequiredText(200, KEY_RESULT_TITLE_BLANK);

/** POST /api/okrs/objectives/{id}/key-results/ */
export const KeyResultCreateRequest = Schema.Struct({
  title: KrTitle,
  direction: Schema.Literal(...KR_DIRECTIONS),
  unit: Schema.optionalWith(Text(30), { default: () => "" }),
  start: Schema.optionalWith(FiniteNumber, { default: () => 0 }),
  target: FiniteNumber,
  /** Ignored (refused) when kpiId is set: the KPI says. */
  actual: Schema.optionalWith(Schema.NullOr(FiniteNumber), { default: () => null }),
  kpiId: Schema.optionalWith(Schema.NullOr(RecordId), { default: () => null }),
  responsibleUserId: Schema.optionalWith(Schema.NullOr(RecordId), { default: () => null }),
  statusId: Schema.optionalWith(Schema.NullOr(RecordId), { default: () => null }),
});
export type KeyResultCreateRequest = typeof KeyResultCreateRequest.Type;

/** PATCH /api/okrs/key-results/{id}/: actual (and progress) refused with KR_KPI_FIELDS_LOCKED on a KPI-fed one. */
export const KeyResultChangeRequest = Schema.Struct({
  title: Schema.optional(KrTitle),
  direction: Schema.optional(Schema.Literal(...KR_DIRECTIONS)),
  unit: Schema.optional(Text(30)),
  start: Schema.optional(FiniteNumber),
  target: Schema.optional(FiniteNumber),
  actual: Schema.optional(Schema.NullOr(FiniteNumber)),
  progress: Schema.optional(FiniteNumber),
  kpiId: Schema.optional(Schema.NullOr(RecordId)),
  responsibleUserId: Schema.optional(Schema.NullOr(RecordId)),
  statusId: Schema.optional(Schema.NullOr(RecordId)),
});
export type KeyResultChangeRequest = typeof KeyResultChangeRequest.Type;

/** The query of the suggestion. */
export const KeyResultSuggestionQuery = Schema.Struct({ kpiId: RecordIdFromString, startsOn: IsoDate, endsOn: IsoDate });

/** GET /api/okrs/key-results/suggestion/?kpiId=&startsOn=&endsOn=: spec section 9 (start 0 for cumulative KPIs, target the sum of planning values). */
export const KeyResultSuggestion = Schema.Struct({
  kpi: KrKpi,
  direction: Schema.Literal("increasing", "decreasing"),
  start: Schema.Number,
  /** Null when the KPI has no planning values in the period. */
  target: Schema.NullOr(Schema.Number),
  actual: Schema.NullOr(Schema.Number),
});
export type KeyResultSuggestion = typeof KeyResultSuggestion.Type;

export const CheckIn = Schema.Struct({
  id: Schema.Number,
  keyResultId: Schema.Number,
  author: Schema.NullOr(OkrPerson),
  /** What the key result stood at (for a KPI-fed one, the KPI's value at that time). */
  value: Schema.NullOr(Schema.Number),
  confidence: Schema.Number,
  comment: Schema.String,
  createdAt: Schema.String,
});
export type CheckIn = typeof CheckIn.Type;

/** GET /api/okrs/key-results/{id}/check-ins/: newest first. */
export const CheckInsResponse = Schema.Struct({ checkIns: Schema.Array(CheckIn) });

/** POST /api/okrs/key-results/{id}/check-ins/: a value (refused on a KPI-fed one), the confidence, why. */
export const CheckInRequest = Schema.Struct({
  value: Schema.optionalWith(Schema.NullOr(FiniteNumber), { default: () => null }),
  confidence: WholeNumber(CONFIDENCE_MIN, CONFIDENCE_MAX, "Choose a confidence from 0 to 10."),
  comment: Schema.optionalWith(Text(2000), { default: () => "" }),
});
export type CheckInRequest = typeof CheckInRequest.Type;

const MilestoneTitle = RequiredText(200, MILESTONE_TITLE_BLANK);

/** POST /api/okrs/objectives/{id}/milestones/ */
export const MilestoneCreateRequest = Schema.Struct({
  title: MilestoneTitle,
  dueOn: Schema.optionalWith(Schema.NullOr(IsoDate), { default: () => null }),
  responsibleUserId: Schema.optionalWith(Schema.NullOr(RecordId), { default: () => null }),
});
/** PATCH /api/okrs/milestones/{id}/ */
export const MilestoneChangeRequest = Schema.Struct({
  title: Schema.optional(MilestoneTitle),
  dueOn: Schema.optional(Schema.NullOr(IsoDate)),
  done: Schema.optional(Schema.Boolean),
  responsibleUserId: Schema.optional(Schema.NullOr(RecordId)),
});
export type MilestoneCreateRequest = typeof MilestoneCreateRequest.Type;
export type MilestoneChangeRequest = typeof MilestoneChangeRequest.Type;

/** GET /api/okrs/statuses/ */
export const StatusOptionsResponse = Schema.Struct({ statuses: Schema.Array(StatusOption) });
const StatusName = RequiredText(60, "Enter a name.");
const Colour = Schema.String.pipe(Schema.filter((text) => /^#[0-9a-f]{6}$/.test(text) || "Choose a colour like #2f855a.", { jsonSchema: { pattern: "^#[0-9a-f]{6}$" } }));
/** POST /api/okrs/statuses/ */
export const StatusOptionCreateRequest = Schema.Struct({ name: StatusName, color: Colour });
/** PATCH /api/okrs/statuses/{id}/ */
export const StatusOptionChangeRequest = Schema.Struct({ name: Schema.optional(StatusName), color: Schema.optional(Colour), position: Schema.optional(WholeNumber(0, MAX_STATUS_OPTIONS - 1)) });
export type StatusOptionCreateRequest = typeof StatusOptionCreateRequest.Type;
export type StatusOptionChangeRequest = typeof StatusOptionChangeRequest.Type;
/** The statuses a company starts with (created when it first reads its statuses and has none). */
export const DEFAULT_STATUS_OPTIONS: readonly { readonly name: string; readonly color: string }[] = [
  { name: "On track", color: "#2f855a" },
  { name: "At risk", color: "#d69e2e" },
  { name: "Off track", color: "#c53030" },
  { name: "Done", color: "#2b6cb0" },
];

/** GET /api/okrs/categories/: the units of the organizational structure with their objective counts. */
export const OkrCategoriesResponse = Schema.Struct({ categories: Schema.Array(OkrCategory) });

export const ExternalTask = Schema.Struct({
  id: Schema.Number,
  origin: Schema.String,
  project: Schema.String,
  externalId: Schema.String,
  title: Schema.String,
  url: Schema.NullOr(Schema.String),
  status: Schema.String,
  meta: Schema.Record({ key: Schema.String, value: Schema.Union(Schema.String, Schema.Number, Schema.Boolean, Schema.Null) }),
  objectiveId: Schema.NullOr(Schema.Number),
  keyResultId: Schema.NullOr(Schema.Number),
  updatedAt: Schema.String,
});
export type ExternalTask = typeof ExternalTask.Type;

/** GET /api/okrs/external-tasks/?origin=&project=&objectiveId=&keyResultId=: by origin, project, external id. */
export const ExternalTasksQuery = Schema.Struct({
  origin: Schema.optional(Text(40)),
  project: Schema.optional(Text(120)),
  objectiveId: Schema.optional(RecordIdFromString),
  keyResultId: Schema.optional(RecordIdFromString),
});
export const ExternalTasksResponse = Schema.Struct({ externalTasks: Schema.Array(ExternalTask) });

const MetaValue = Schema.Union(Schema.String.pipe(Schema.filter((text) => text.length <= 500 || "must be at most 500 characters")), FiniteNumber, Schema.Boolean, Schema.Null);
const TaskMeta = Schema.Record({ key: Schema.String, value: MetaValue }).pipe(
  Schema.filter((meta) => {
    const keys = Object.keys(meta);
    if (keys.length > 20) return "must have at most 20 entries";
    return keys.every((key) => key.length >= 1 && key.length <= 60) || "keys must have 1 to 60 characters";
  }),
);
const TaskUrl = Schema.String.pipe(Schema.filter((text) => (/^https?:\/\/\S+$/.test(text) && text.length <= 2000) || "Enter an address starting with http:// or https://."));

/** POST /api/okrs/external-tasks/: attached to an objective or to a key result (exactly one). */
export const ExternalTaskCreateRequest = Schema.Struct({
  origin: RequiredText(40, "Enter the origin (the tool the task lives in)."),
  project: RequiredText(120, "Enter the project."),
  externalId: RequiredText(120, "Enter the task's id in its tool."),
  title: RequiredText(300, "Enter a title."),
  url: Schema.optionalWith(Schema.NullOr(TaskUrl), { default: () => null }),
  status: Schema.optionalWith(Text(60), { default: () => "" }),
  meta: Schema.optionalWith(TaskMeta, { default: () => ({}) }),
  objectiveId: Schema.optionalWith(Schema.NullOr(RecordId), { default: () => null }),
  keyResultId: Schema.optionalWith(Schema.NullOr(RecordId), { default: () => null }),
});
export type ExternalTaskCreateRequest = typeof ExternalTaskCreateRequest.Type;

/** PATCH /api/okrs/external-tasks/{id}/: its title, address, status, meta, or where it is attached. */
export const ExternalTaskChangeRequest = Schema.Struct({
  title: Schema.optional(RequiredText(300, "Enter a title.")),
  url: Schema.optional(Schema.NullOr(TaskUrl)),
  status: Schema.optional(Text(60)),
  meta: Schema.optional(TaskMeta),
  objectiveId: Schema.optional(Schema.NullOr(RecordId)),
  keyResultId: Schema.optional(Schema.NullOr(RecordId)),
});
export type ExternalTaskChangeRequest = typeof ExternalTaskChangeRequest.Type;

/** GET /api/okrs/external-tasks/meta/: the origins of the tasks the reader sees, each with its projects and counts. */
export const ExternalTaskMeta = Schema.Struct({
  origins: Schema.Array(
    Schema.Struct({
      origin: Schema.String,
      count: Schema.Number,
      projects: Schema.Array(Schema.Struct({ project: Schema.String, count: Schema.Number })),
    }),
  ),
});
export type ExternalTaskMeta = typeof ExternalTaskMeta.Type;

/** POST /api/okrs/categories/: a department (no departmentId) or a team of a department, by the organization's rules. */
export const OkrCategoryCreateRequest = Schema.Struct({
  name: RequiredText(120, "Enter a name."),
  departmentId: Schema.optionalWith(Schema.NullOr(RecordId), { default: () => null }),
});
/** PATCH /api/okrs/categories/{id}/: rename. */
export const OkrCategoryChangeRequest = Schema.Struct({ name: RequiredText(120, "Enter a name.") });

/**
 * The server event every OKR change appends (one per change, in its transaction): streamed to the
 * people who may read that level (and, for an employee objective, its owner). Screens read again
 * what they show when it arrives; a KPI-fed key result moves with KpiValueEdited instead.
 */
export const OKR_CHANGED_EVENT = "OkrChanged";
export const OkrChangedPayload = Schema.Struct({
  objectiveId: Schema.Number,
  level: Schema.Literal(...OKR_LEVELS),
  categoryId: Schema.NullOr(Schema.Number),
  ownerUserId: Schema.NullOr(Schema.Number),
  itemType: Schema.Literal("objective", "key_result", "milestone"),
  itemId: Schema.Number,
  actionType: Schema.Literal("created", "updated", "deleted", "moved", "copied", "checked_in"),
});
export type OkrChangedPayload = typeof OkrChangedPayload.Type;
