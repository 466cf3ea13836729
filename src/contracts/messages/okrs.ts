import { Schema } from "@effect/schema";
import {
  CheckIn,
  CheckInRequest,
  ExternalTask,
  ExternalTaskCreateRequest,
  KeyResultChangeRequest,
  KeyResultCreateRequest,
  KeyResultSuggestion,
  MilestoneChangeRequest,
  MilestoneCreateRequest,
  Objective,
  ObjectiveChangeRequest,
  ObjectiveCopyRequest,
  ObjectiveCreateRequest,
  ObjectiveMoveRequest,
  OKR_LEVELS,
  OkrCategory,
  OkrPerson,
  StatusOption,
} from "../okrs";

/**
 * Objectives, key results, milestones and check-ins (issue 16): the /objectives screens. Every
 * change ends in the objective as the server answers it (ObjectiveSaved), so progress, parents
 * and children are the server's, never computed twice.
 */

const FieldMessages = Schema.Record({ key: Schema.String, value: Schema.Array(Schema.String) });

/** What a person changed, for the busy and failed states of its form or button. */
export const OkrAction = Schema.Literal("objective", "move", "copy", "delete", "reorder", "key-result", "key-result-delete", "check-in", "milestone", "milestone-delete", "external-task", "external-task-delete");
export type OkrAction = typeof OkrAction.Type;

/** Which objectives a screen shows: a level (or all), a unit or an owner, and a period (ISO dates, both inclusive; an objective overlapping it is in). */
export const ObjectivesQuery = Schema.Struct({
  level: Schema.NullOr(Schema.Literal(...OKR_LEVELS)),
  categoryId: Schema.NullOr(Schema.Number),
  ownerUserId: Schema.NullOr(Schema.Number),
  from: Schema.String,
  to: Schema.String,
});
export type ObjectivesQuery = typeof ObjectivesQuery.Type;

/** A period as months (year × 12 + month − 1), both inclusive. */
export const OkrPeriod = Schema.Struct({ first: Schema.Number, last: Schema.Number });
export type OkrPeriod = typeof OkrPeriod.Type;

/** A person's units (team or department ids), for "the objectives of that person's teams". */
export const Membership = Schema.Struct({ userId: Schema.Number, unitIds: Schema.Array(Schema.Number) });

// ── commands ────────────────────────────────────────────────────────────────
/** Statuses, units, people and memberships: what every objective screen and form needs. */
export class LoadOkrContext extends Schema.TaggedStruct("LoadOkrContext", {}) {}
export class ChooseOkrPeriod extends Schema.TaggedStruct("ChooseOkrPeriod", { period: OkrPeriod }) {}
/** `listKey` names the screen's list, so two screens' lists do not overwrite each other. */
export class LoadObjectives extends Schema.TaggedStruct("LoadObjectives", { listKey: Schema.String, query: ObjectivesQuery }) {}
export class LoadObjective extends Schema.TaggedStruct("LoadObjective", { objectiveId: Schema.Number }) {}
export class LoadCheckIns extends Schema.TaggedStruct("LoadCheckIns", { keyResultId: Schema.Number }) {}
export class LoadExternalTasks extends Schema.TaggedStruct("LoadExternalTasks", { objectiveId: Schema.Number }) {}

export class CreateObjective extends Schema.TaggedStruct("CreateObjective", { request: ObjectiveCreateRequest }) {}
export class ChangeObjective extends Schema.TaggedStruct("ChangeObjective", { objectiveId: Schema.Number, change: ObjectiveChangeRequest }) {}
export class MoveObjective extends Schema.TaggedStruct("MoveObjective", { objectiveId: Schema.Number, move: ObjectiveMoveRequest }) {}
export class CopyObjective extends Schema.TaggedStruct("CopyObjective", { objectiveId: Schema.Number, copy: ObjectiveCopyRequest }) {}
export class DeleteObjective extends Schema.TaggedStruct("DeleteObjective", { objectiveId: Schema.Number, title: Schema.String }) {}
/** The new order of one group (same level and unit or owner), first to last; `announcement` is read out once it is saved. */
export class ReorderObjectives extends Schema.TaggedStruct("ReorderObjectives", { ids: Schema.Array(Schema.Number), announcement: Schema.String }) {}

export class CreateKeyResult extends Schema.TaggedStruct("CreateKeyResult", { objectiveId: Schema.Number, request: KeyResultCreateRequest }) {}
export class ChangeKeyResult extends Schema.TaggedStruct("ChangeKeyResult", { objectiveId: Schema.Number, keyResultId: Schema.Number, change: KeyResultChangeRequest }) {}
export class DeleteKeyResult extends Schema.TaggedStruct("DeleteKeyResult", { objectiveId: Schema.Number, keyResultId: Schema.Number }) {}
export class ReorderKeyResults extends Schema.TaggedStruct("ReorderKeyResults", { objectiveId: Schema.Number, ids: Schema.Array(Schema.Number), announcement: Schema.String }) {}
/** Start and target for a key result linked to a KPI over the objective's period (spec section 9). */
export class SuggestKeyResult extends Schema.TaggedStruct("SuggestKeyResult", { kpiId: Schema.Number, startsOn: Schema.String, endsOn: Schema.String }) {}
export class CheckInKeyResult extends Schema.TaggedStruct("CheckInKeyResult", { objectiveId: Schema.Number, keyResultId: Schema.Number, request: CheckInRequest }) {}

export class CreateMilestone extends Schema.TaggedStruct("CreateMilestone", { objectiveId: Schema.Number, request: MilestoneCreateRequest }) {}
export class ChangeMilestone extends Schema.TaggedStruct("ChangeMilestone", { objectiveId: Schema.Number, milestoneId: Schema.Number, change: MilestoneChangeRequest }) {}
export class DeleteMilestone extends Schema.TaggedStruct("DeleteMilestone", { objectiveId: Schema.Number, milestoneId: Schema.Number }) {}

/** A task of a project tool attached to the objective (origin, project, its id there, title, link, status). */
export class AttachExternalTask extends Schema.TaggedStruct("AttachExternalTask", { objectiveId: Schema.Number, request: ExternalTaskCreateRequest }) {}
export class DetachExternalTask extends Schema.TaggedStruct("DetachExternalTask", { objectiveId: Schema.Number, taskId: Schema.Number }) {}

export const OkrsCommand = Schema.Union(
  LoadOkrContext,
  ChooseOkrPeriod,
  LoadObjectives,
  LoadObjective,
  LoadCheckIns,
  LoadExternalTasks,
  CreateObjective,
  ChangeObjective,
  MoveObjective,
  CopyObjective,
  DeleteObjective,
  ReorderObjectives,
  CreateKeyResult,
  ChangeKeyResult,
  DeleteKeyResult,
  ReorderKeyResults,
  SuggestKeyResult,
  CheckInKeyResult,
  CreateMilestone,
  ChangeMilestone,
  DeleteMilestone,
  AttachExternalTask,
  DetachExternalTask,
);
export type OkrsCommand = typeof OkrsCommand.Type;

// ── events ──────────────────────────────────────────────────────────────────
export class OkrContextLoadStarted extends Schema.TaggedStruct("OkrContextLoadStarted", {}) {}
export class OkrContextLoaded extends Schema.TaggedStruct("OkrContextLoaded", {
  statuses: Schema.Array(StatusOption),
  categories: Schema.Array(OkrCategory),
  people: Schema.Array(OkrPerson),
  memberships: Schema.Array(Membership),
}) {}
export class OkrContextLoadFailed extends Schema.TaggedStruct("OkrContextLoadFailed", { message: Schema.String }) {}
export class OkrPeriodChosen extends Schema.TaggedStruct("OkrPeriodChosen", { period: OkrPeriod }) {}

export class ObjectivesLoadStarted extends Schema.TaggedStruct("ObjectivesLoadStarted", { listKey: Schema.String, query: ObjectivesQuery }) {}
export class ObjectivesLoaded extends Schema.TaggedStruct("ObjectivesLoaded", { listKey: Schema.String, query: ObjectivesQuery, objectives: Schema.Array(Objective) }) {}
export class ObjectivesLoadFailed extends Schema.TaggedStruct("ObjectivesLoadFailed", { listKey: Schema.String, message: Schema.String }) {}
export class ObjectiveLoadStarted extends Schema.TaggedStruct("ObjectiveLoadStarted", { objectiveId: Schema.Number }) {}
export class ObjectiveLoaded extends Schema.TaggedStruct("ObjectiveLoaded", { objective: Objective }) {}
export class ObjectiveLoadFailed extends Schema.TaggedStruct("ObjectiveLoadFailed", { objectiveId: Schema.Number, message: Schema.String, notFound: Schema.Boolean }) {}
export class CheckInsLoaded extends Schema.TaggedStruct("CheckInsLoaded", { keyResultId: Schema.Number, checkIns: Schema.Array(CheckIn) }) {}
export class CheckInsLoadFailed extends Schema.TaggedStruct("CheckInsLoadFailed", { keyResultId: Schema.Number, message: Schema.String }) {}
export class ExternalTasksLoaded extends Schema.TaggedStruct("ExternalTasksLoaded", { objectiveId: Schema.Number, tasks: Schema.Array(ExternalTask) }) {}
export class ExternalTasksLoadFailed extends Schema.TaggedStruct("ExternalTasksLoadFailed", { objectiveId: Schema.Number, message: Schema.String }) {}

export class OkrActionStarted extends Schema.TaggedStruct("OkrActionStarted", { action: OkrAction }) {}
/** `message` follows the objective-error rule (domain/okrs/errors.ts); `fields` are the server's messages by field. */
export class OkrActionFailed extends Schema.TaggedStruct("OkrActionFailed", { action: OkrAction, message: Schema.String, fields: FieldMessages }) {}
/** A change that ends in no objective of its own (an external task attached or detached). */
export class OkrActionSucceeded extends Schema.TaggedStruct("OkrActionSucceeded", { action: OkrAction }) {}
/** An objective as the server now has it, after a change to it or to one of its key results, milestones or check-ins. */
export class ObjectiveSaved extends Schema.TaggedStruct("ObjectiveSaved", { action: OkrAction, objective: Objective, created: Schema.Boolean }) {}
export class ObjectiveRemoved extends Schema.TaggedStruct("ObjectiveRemoved", { objectiveId: Schema.Number }) {}
export class ObjectivesReordered extends Schema.TaggedStruct("ObjectivesReordered", { ids: Schema.Array(Schema.Number), announcement: Schema.String }) {}
export class KeyResultsReordered extends Schema.TaggedStruct("KeyResultsReordered", { objectiveId: Schema.Number, ids: Schema.Array(Schema.Number), announcement: Schema.String }) {}
export class KeyResultSuggested extends Schema.TaggedStruct("KeyResultSuggested", { kpiId: Schema.Number, suggestion: KeyResultSuggestion }) {}
export class KeyResultSuggestionFailed extends Schema.TaggedStruct("KeyResultSuggestionFailed", { kpiId: Schema.Number, message: Schema.String }) {}
export class KeyResultCheckedIn extends Schema.TaggedStruct("KeyResultCheckedIn", { keyResultId: Schema.Number, checkIn: CheckIn }) {}

export const OkrsEvent = Schema.Union(
  OkrContextLoadStarted,
  OkrContextLoaded,
  OkrContextLoadFailed,
  OkrPeriodChosen,
  ObjectivesLoadStarted,
  ObjectivesLoaded,
  ObjectivesLoadFailed,
  ObjectiveLoadStarted,
  ObjectiveLoaded,
  ObjectiveLoadFailed,
  CheckInsLoaded,
  CheckInsLoadFailed,
  ExternalTasksLoaded,
  ExternalTasksLoadFailed,
  OkrActionStarted,
  OkrActionFailed,
  OkrActionSucceeded,
  ObjectiveSaved,
  ObjectiveRemoved,
  ObjectivesReordered,
  KeyResultsReordered,
  KeyResultSuggested,
  KeyResultSuggestionFailed,
  KeyResultCheckedIn,
);
export type OkrsEvent = typeof OkrsEvent.Type;
