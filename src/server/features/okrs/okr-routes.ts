import { Schema } from "@effect/schema";
import {
  CheckIn,
  CheckInRequest,
  CheckInsResponse,
  ExternalTask,
  ExternalTaskChangeRequest,
  ExternalTaskCreateRequest,
  ExternalTaskMeta,
  ExternalTasksQuery,
  ExternalTasksResponse,
  KeyResult,
  KeyResultChangeRequest,
  KeyResultCreateRequest,
  KeyResultSuggestion,
  KeyResultSuggestionQuery,
  Milestone,
  MilestoneChangeRequest,
  MilestoneCreateRequest,
  Objective,
  ObjectiveChangeRequest,
  ObjectiveCopyRequest,
  ObjectiveCreateRequest,
  ObjectiveMoveRequest,
  ObjectivesQuery,
  ObjectivesResponse,
  OkrCategoriesResponse,
  OkrCategory,
  OkrCategoryChangeRequest,
  OkrCategoryCreateRequest,
  PositionsRequest,
  StatusOption,
  StatusOptionChangeRequest,
  StatusOptionCreateRequest,
  StatusOptionsResponse,
} from "../../../contracts/okrs";
import type { OkrViewer } from "../../../domain/okrs/objective-rules";
import type { RouteDefinition, UserCall } from "../../platform/http/route";
import { IdParams, needs, userRoute } from "../../platform/http/route";
import { createCategory, deleteCategory, listCategories, renameCategory } from "./category-service";
import { changeExternalTask, createExternalTask, deleteExternalTask, externalTaskMeta, listExternalTasks } from "./external-task-service";
import { addCheckIn, changeKeyResult, checkInsOf, createKeyResult, deleteKeyResult, orderKeyResults, suggestion } from "./key-result-service";
import { changeMilestone, createMilestone, deleteMilestone } from "./milestone-service";
import { changeObjective, copyObjective, createObjective, deleteObjective, listObjectives, moveObjective, objectiveFor, orderObjectives } from "./objective-service";
import { changeStatus, createStatus, deleteStatus, listStatuses } from "./status-service";

/**
 * The OKR API under /api/okrs/ (issue 16): objectives, key results, milestones, check-ins,
 * statuses, categories, external tasks. Every route belongs to the company's `okr` feature.
 * The route's permission is the least of its kind (read_employee_okrs to read, write_employee_okrs
 * to write: every OKR permission includes them); the services decide per objective by its level
 * and owner (domain/okrs/objective-rules.ts): an objective the caller may not read answers 404,
 * one they read but may not change 403.
 */
const FEATURE = "okr";
const READ = needs("read_employee_okrs", { feature: FEATURE });
const WRITE = needs("write_employee_okrs", { feature: FEATURE });
/** Status options are the company's vocabulary: those who set corporate OKRs, or company administrators. */
const MANAGE_STATUSES = needs(["write_corporate_okrs", "manage_company_settings"], { feature: FEATURE });
/** Categories are the organizational structure: its administrators change it (organization-routes.ts). */
const MANAGE_CATEGORIES = needs("manage_company_settings", { feature: FEATURE });

type Call = Pick<UserCall<unknown, unknown, unknown>, "user" | "reader" | "services">;
const viewerOf = (call: Call): OkrViewer => ({ userId: call.user.userId, isStaff: call.reader.isStaff, permissions: call.reader.permissions });
const nowOf = (call: Call) => call.services.now?.() ?? new Date();
const noContent = async (call: { reply: UserCall<unknown, unknown, unknown>["reply"] }, work: Promise<unknown>) => {
  await work;
  return call.reply.status(204).send();
};

export const okrRoutes: readonly RouteDefinition[] = [
  // Objectives
  userRoute({
    method: "GET",
    path: "/okrs/objectives/",
    summary: "The objectives the caller may read, by level then position; filters level, categoryId, ownerUserId and a date range (from, to) their period overlaps",
    access: READ,
    query: ObjectivesQuery,
    response: ObjectivesResponse,
    handle: (call) =>
      call.inTenant(async (context) => ({
        objectives: await listObjectives(context, viewerOf(call), nowOf(call), {
          ...(call.query.level ? { level: call.query.level } : {}),
          ...(call.query.categoryId !== undefined ? { categoryId: call.query.categoryId } : {}),
          ...(call.query.ownerUserId !== undefined ? { ownerUserId: call.query.ownerUserId } : {}),
          ...(call.query.from ? { from: call.query.from } : {}),
          ...(call.query.to ? { to: call.query.to } : {}),
        }),
      })),
  }),
  userRoute({
    method: "POST",
    path: "/okrs/objectives/",
    summary: "Create an objective: corporate, team (in a unit, categoryId) or employee (ownerUserId, the caller when left out)",
    description: "Parents must be of a higher level; a team objective links to at most two. 403 for a level the caller may not write.",
    access: WRITE,
    body: ObjectiveCreateRequest,
    response: Objective,
    status: 201,
    handle: (call) => call.inTenant((context) => createObjective(context, viewerOf(call), nowOf(call), call.body)),
  }),
  userRoute({
    method: "POST",
    path: "/okrs/objectives/positions/",
    summary: "A new order of objectives of one level and unit (or owner): the ids first to last; the rest of the group follows as it was",
    access: WRITE,
    body: PositionsRequest,
    response: ObjectivesResponse,
    handle: (call) => call.inTenant(async (context) => ({ objectives: await orderObjectives(context, viewerOf(call), nowOf(call), call.body.ids) })),
  }),
  userRoute({
    method: "GET",
    path: "/okrs/objectives/{id}/",
    summary: "One objective with its key results, milestones, parents and children",
    access: READ,
    params: IdParams,
    response: Objective,
    handle: (call) => call.inTenant((context) => objectiveFor(context, viewerOf(call), nowOf(call), call.params.id)),
  }),
  userRoute({
    method: "PATCH",
    path: "/okrs/objectives/{id}/",
    summary: "Change an objective's title, description, period, status, parents or responsibles",
    access: WRITE,
    params: IdParams,
    body: ObjectiveChangeRequest,
    response: Objective,
    handle: (call) => call.inTenant((context) => changeObjective(context, viewerOf(call), nowOf(call), call.params.id, call.body)),
  }),
  userRoute({
    method: "DELETE",
    path: "/okrs/objectives/{id}/",
    summary: "Delete an objective with its key results, milestones, check-ins and external tasks",
    access: WRITE,
    params: IdParams,
    status: 204,
    handle: (call) => noContent(call, call.inTenant((context) => deleteObjective(context, viewerOf(call), call.params.id))),
  }),
  userRoute({
    method: "POST",
    path: "/okrs/objectives/{id}/copy/",
    summary: "Copy an objective with its key results and milestones, optionally into another period (no actual values or check-ins)",
    access: WRITE,
    params: IdParams,
    body: ObjectiveCopyRequest,
    response: Objective,
    status: 201,
    handle: (call) => call.inTenant((context) => copyObjective(context, viewerOf(call), nowOf(call), call.params.id, call.body)),
  }),
  userRoute({
    method: "POST",
    path: "/okrs/objectives/{id}/move/",
    summary: "Move an objective to another level, unit or owner; parent links that no longer point to a higher level are dropped",
    access: WRITE,
    params: IdParams,
    body: ObjectiveMoveRequest,
    response: Objective,
    handle: (call) => call.inTenant((context) => moveObjective(context, viewerOf(call), nowOf(call), call.params.id, call.body)),
  }),

  // Key results and check-ins
  userRoute({
    method: "POST",
    path: "/okrs/objectives/{id}/key-results/",
    summary: "Add a key result to an objective: by hand, or fed by a KPI the caller may read (kpiId)",
    access: WRITE,
    params: IdParams,
    body: KeyResultCreateRequest,
    response: KeyResult,
    status: 201,
    handle: (call) => call.inTenant((context) => createKeyResult(context, viewerOf(call), nowOf(call), call.params.id, call.body)),
  }),
  userRoute({
    method: "GET",
    path: "/okrs/key-results/suggestion/",
    summary: "Start and target suggested for a key result linked to a KPI over a period (spec section 9), with the KPI's actual so far",
    access: READ,
    query: KeyResultSuggestionQuery,
    response: KeyResultSuggestion,
    handle: (call) => call.inTenant((context) => suggestion(context, viewerOf(call), nowOf(call), call.query)),
  }),
  userRoute({
    method: "POST",
    path: "/okrs/key-results/positions/",
    summary: "A new order of the key results of one objective: the ids first to last",
    access: WRITE,
    body: PositionsRequest,
    response: Schema.Struct({ keyResults: Schema.Array(KeyResult) }),
    handle: (call) => call.inTenant(async (context) => ({ keyResults: await orderKeyResults(context, viewerOf(call), nowOf(call), call.body.ids) })),
  }),
  userRoute({
    method: "PATCH",
    path: "/okrs/key-results/{id}/",
    summary: "Change a key result; actual and progress of a KPI-fed one are refused",
    access: WRITE,
    params: IdParams,
    body: KeyResultChangeRequest,
    response: KeyResult,
    handle: (call) => call.inTenant((context) => changeKeyResult(context, viewerOf(call), nowOf(call), call.params.id, call.body)),
  }),
  userRoute({
    method: "DELETE",
    path: "/okrs/key-results/{id}/",
    summary: "Delete a key result with its check-ins",
    access: WRITE,
    params: IdParams,
    status: 204,
    handle: (call) => noContent(call, call.inTenant((context) => deleteKeyResult(context, viewerOf(call), call.params.id))),
  }),
  userRoute({
    method: "GET",
    path: "/okrs/key-results/{id}/check-ins/",
    summary: "A key result's check-ins, newest first",
    access: READ,
    params: IdParams,
    response: CheckInsResponse,
    handle: (call) => call.inTenant(async (context) => ({ checkIns: await checkInsOf(context, viewerOf(call), call.params.id) })),
  }),
  userRoute({
    method: "POST",
    path: "/okrs/key-results/{id}/check-ins/",
    summary: "Check in on a key result: confidence 0–10, a comment, and for a manual one a value that becomes its actual",
    access: WRITE,
    params: IdParams,
    body: CheckInRequest,
    response: CheckIn,
    status: 201,
    handle: (call) => call.inTenant((context) => addCheckIn(context, viewerOf(call), nowOf(call), call.params.id, call.body)),
  }),

  // Milestones
  userRoute({
    method: "POST",
    path: "/okrs/objectives/{id}/milestones/",
    summary: "Add a milestone to an objective",
    access: WRITE,
    params: IdParams,
    body: MilestoneCreateRequest,
    response: Milestone,
    status: 201,
    handle: (call) => call.inTenant((context) => createMilestone(context, viewerOf(call), nowOf(call), call.params.id, call.body)),
  }),
  userRoute({
    method: "PATCH",
    path: "/okrs/milestones/{id}/",
    summary: "Change a milestone's title, due date or responsible person, or mark it done (or open again)",
    access: WRITE,
    params: IdParams,
    body: MilestoneChangeRequest,
    response: Milestone,
    handle: (call) => call.inTenant((context) => changeMilestone(context, viewerOf(call), nowOf(call), call.params.id, call.body)),
  }),
  userRoute({
    method: "DELETE",
    path: "/okrs/milestones/{id}/",
    summary: "Delete a milestone",
    access: WRITE,
    params: IdParams,
    status: 204,
    handle: (call) => noContent(call, call.inTenant((context) => deleteMilestone(context, viewerOf(call), call.params.id))),
  }),

  // Status options
  userRoute({
    method: "GET",
    path: "/okrs/statuses/",
    summary: "The company's status options in order (a company without any gets On track, At risk, Off track and Done)",
    access: READ,
    response: StatusOptionsResponse,
    handle: (call) => call.inTenant(async (context) => ({ statuses: await listStatuses(context) })),
  }),
  userRoute({
    method: "POST",
    path: "/okrs/statuses/",
    summary: "Add a status option (at most 8, names unique regardless of case)",
    access: MANAGE_STATUSES,
    body: StatusOptionCreateRequest,
    response: StatusOption,
    status: 201,
    handle: (call) => call.inTenant((context) => createStatus(context, call.body)),
  }),
  userRoute({
    method: "PATCH",
    path: "/okrs/statuses/{id}/",
    summary: "Rename or recolour a status option, or move it in the order",
    access: MANAGE_STATUSES,
    params: IdParams,
    body: StatusOptionChangeRequest,
    response: StatusOption,
    handle: (call) => call.inTenant((context) => changeStatus(context, call.params.id, call.body)),
  }),
  userRoute({
    method: "DELETE",
    path: "/okrs/statuses/{id}/",
    summary: "Delete a status option; objectives and key results that had it have none",
    access: MANAGE_STATUSES,
    params: IdParams,
    status: 204,
    handle: (call) => noContent(call, call.inTenant((context) => deleteStatus(context, call.params.id))),
  }),

  // Organizational categories
  userRoute({
    method: "GET",
    path: "/okrs/categories/",
    summary: "The units of the organizational structure (departments, each followed by its teams) with their team objective counts",
    access: READ,
    response: OkrCategoriesResponse,
    handle: (call) => call.inTenant(async (context) => ({ categories: await listCategories(context, viewerOf(call)) })),
  }),
  userRoute({
    method: "POST",
    path: "/okrs/categories/",
    summary: "Create a department, or a team of a department, by the organizational structure's rules",
    access: MANAGE_CATEGORIES,
    body: OkrCategoryCreateRequest,
    response: OkrCategory,
    status: 201,
    handle: (call) => call.inTenant((context) => createCategory(context, viewerOf(call), call.body)),
  }),
  userRoute({
    method: "PATCH",
    path: "/okrs/categories/{id}/",
    summary: "Rename a unit of the organizational structure",
    access: MANAGE_CATEGORIES,
    params: IdParams,
    body: OkrCategoryChangeRequest,
    response: OkrCategory,
    handle: (call) => call.inTenant((context) => renameCategory(context, viewerOf(call), call.params.id, call.body.name)),
  }),
  userRoute({
    method: "DELETE",
    path: "/okrs/categories/{id}/",
    summary: "Delete a unit nothing refers to",
    description: "A unit with teams or team objectives (or anything else referring to it) answers 409 with a detail naming them.",
    access: MANAGE_CATEGORIES,
    params: IdParams,
    status: 204,
    handle: (call) => noContent(call, call.inTenant((context) => deleteCategory(context, call.params.id))),
  }),

  // External tasks
  userRoute({
    method: "GET",
    path: "/okrs/external-tasks/",
    summary: "External tasks of the objectives the caller may read, by origin, project and external id; filters origin, project, objectiveId, keyResultId",
    access: READ,
    query: ExternalTasksQuery,
    response: ExternalTasksResponse,
    handle: (call) => call.inTenant(async (context) => ({ externalTasks: await listExternalTasks(context, viewerOf(call), call.query) })),
  }),
  userRoute({
    method: "GET",
    path: "/okrs/external-tasks/meta/",
    summary: "The origins of the external tasks the caller sees, each with its projects and task counts",
    access: READ,
    response: ExternalTaskMeta,
    handle: (call) => call.inTenant((context) => externalTaskMeta(context, viewerOf(call))),
  }),
  userRoute({
    method: "POST",
    path: "/okrs/external-tasks/",
    summary: "Attach a task of another tool to an objective or a key result the caller may change",
    access: WRITE,
    body: ExternalTaskCreateRequest,
    response: ExternalTask,
    status: 201,
    handle: (call) => call.inTenant((context) => createExternalTask(context, viewerOf(call), nowOf(call), call.body)),
  }),
  userRoute({
    method: "PATCH",
    path: "/okrs/external-tasks/{id}/",
    summary: "Change an external task's title, address, status or meta, or attach it elsewhere",
    access: WRITE,
    params: IdParams,
    body: ExternalTaskChangeRequest,
    response: ExternalTask,
    handle: (call) => call.inTenant((context) => changeExternalTask(context, viewerOf(call), nowOf(call), call.params.id, call.body)),
  }),
  userRoute({
    method: "DELETE",
    path: "/okrs/external-tasks/{id}/",
    summary: "Detach (delete) an external task",
    access: WRITE,
    params: IdParams,
    status: 204,
    handle: (call) => noContent(call, call.inTenant((context) => deleteExternalTask(context, viewerOf(call), call.params.id))),
  }),
];
