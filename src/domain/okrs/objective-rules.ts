import type { Permission } from "../permissions/catalogue";

/**
 * The rules of objectives (issue 16, spec section 5): which levels rank higher, which parent links
 * a level may hold, how a batch of positions must be made, and who may read and write which
 * objective (spec section 6, docs/decisions.md "OKR API"). Pure: the server and the client share them.
 */

export type OkrLevel = "corporate" | "team" | "employee";

/** corporate > team > employee. */
export const LEVEL_RANK: Readonly<Record<OkrLevel, number>> = { corporate: 2, team: 1, employee: 0 };
/** The order objectives are listed in. */
export const LEVEL_ORDER: readonly OkrLevel[] = ["corporate", "team", "employee"];

export const isHigherLevel = (parent: OkrLevel, child: OkrLevel) => LEVEL_RANK[parent] > LEVEL_RANK[child];

/** How many parents an objective of a level may link to (a team objective at most two, spec section 5). */
export const maxParents = (level: OkrLevel, teamLimit: number) => (level === "team" ? teamLimit : level === "employee" ? 5 : 0);

export type ParentProblem = "too_many" | "not_higher";

/**
 * What is wrong with linking an objective of `level` (id `selfId`, null while new) to `parents`,
 * or null. Parents must rank strictly higher, so a chain of links always climbs and can never come
 * back to where it started: no cycles, by construction (a link to itself is "not higher" too).
 */
export function parentProblem(level: OkrLevel, selfId: number | null, parents: readonly { id: number; level: OkrLevel }[], teamLimit: number): ParentProblem | null {
  if (parents.some((parent) => parent.id === selfId || !isHigherLevel(parent.level, level))) return "not_higher";
  if (new Set(parents.map((parent) => parent.id)).size > maxParents(level, teamLimit)) return "too_many";
  return null;
}

/**
 * The parent links an objective keeps when it moves to `level`: those still of a higher level, in
 * their order, at most as many as the level allows.
 */
export function parentsKeptOnMove<P extends { level: OkrLevel }>(level: OkrLevel, parents: readonly P[], teamLimit: number): P[] {
  return parents.filter((parent) => isHigherLevel(parent.level, level)).slice(0, maxParents(level, teamLimit));
}

/** Where an objective sits in a list: its level and its unit (team) or owner (employee). */
export interface ObjectivePlace {
  readonly id: number;
  readonly level: OkrLevel;
  readonly categoryId: number | null;
  readonly ownerUserId: number | null;
}

export const sameGroup = (a: Omit<ObjectivePlace, "id">, b: Omit<ObjectivePlace, "id">) => a.level === b.level && a.categoryId === b.categoryId && a.ownerUserId === b.ownerUserId;

export type PositionsProblem = "duplicate" | "unknown" | "mixed";

/**
 * Whether `ids` (the new order) may be saved: each id once, each a known objective, all of one
 * level and unit (or owner). The rest of that group keeps its order after them.
 */
export function positionsProblem(ids: readonly number[], known: ReadonlyMap<number, ObjectivePlace>): PositionsProblem | null {
  if (new Set(ids).size !== ids.length) return "duplicate";
  const places = ids.map((id) => known.get(id));
  if (places.some((place) => place === undefined)) return "unknown";
  const first = places[0]!;
  return places.every((place) => sameGroup(place!, first)) ? null : "mixed";
}

/**
 * The whole group's new order: the ids as sent first, then the group's others in their old order.
 * `group` is the group's ids in their current order.
 */
export function reorderedGroup(ids: readonly number[], group: readonly number[]): number[] {
  const sent = new Set(ids);
  return [...ids, ...group.filter((id) => !sent.has(id))];
}

/** Who asks: their id, whether they are staff, their permissions (implied ones resolved). */
export interface OkrViewer {
  readonly userId: number;
  readonly isStaff: boolean;
  readonly permissions: ReadonlySet<Permission>;
}

const READ_PERMISSION: Readonly<Record<OkrLevel, Permission>> = { corporate: "read_corporate_okrs", team: "read_team_okrs", employee: "read_employee_okrs" };
const WRITE_PERMISSION: Readonly<Record<OkrLevel, Permission>> = { corporate: "write_corporate_okrs", team: "write_team_okrs", employee: "write_team_okrs" };

const has = (viewer: OkrViewer, permission: Permission) => viewer.isStaff || viewer.permissions.has(permission);
const ownsEmployeeObjective = (viewer: OkrViewer, objective: { level: OkrLevel; ownerUserId: number | null }) =>
  objective.level === "employee" && objective.ownerUserId === viewer.userId && has(viewer, "write_employee_okrs");

/**
 * Reading: the level's read permission (higher include lower: read_corporate_okrs reads team and
 * employee objectives too), or one's own employee objective with write_employee_okrs.
 */
export const mayReadObjective = (viewer: OkrViewer, objective: { level: OkrLevel; ownerUserId: number | null }) =>
  has(viewer, READ_PERMISSION[objective.level]) || ownsEmployeeObjective(viewer, objective);

/**
 * Writing (create, change, delete, copy into, move into): corporate objectives need
 * write_corporate_okrs, team objectives write_team_okrs; an employee objective its owner with
 * write_employee_okrs, or anyone with write_team_okrs (a team's lead keeps their people's
 * objectives in shape).
 */
export const mayWriteObjective = (viewer: OkrViewer, objective: { level: OkrLevel; ownerUserId: number | null }) =>
  has(viewer, WRITE_PERMISSION[objective.level]) || ownsEmployeeObjective(viewer, objective);
