import { Schema } from "@effect/schema";
import { List, RecordId } from "./fields";

/**
 * The organizational structure (issue 15): departments, each with its teams. Every unit has a
 * name (unique among its siblings, regardless of case), an optional lead and members (users of
 * the company). OKRs (organizational categories) and liquidity planning (departments) refer to
 * units; a unit something refers to cannot be deleted (the server names what refers to it).
 *
 * Everyone signed in reads the structure; company administrators (manage_company_settings) and
 * staff change it.
 */

export const ORG_UNIT_KINDS = ["department", "team"] as const;
export type OrgUnitKind = (typeof ORG_UNIT_KINDS)[number];

export const MAX_UNIT_MEMBERS = 500;
export const ORG_UNIT_NAME_BLANK = "Enter a name.";
export const DEPARTMENT_NAME_TAKEN = "A department with this name already exists.";
export const TEAM_NAME_TAKEN = "This department already has a team with this name.";
export const ORG_PARENT_NOT_DEPARTMENT = "Choose a department of the company.";
export const ORG_USER_UNKNOWN = "Choose active users of the company.";
export const DEPARTMENT_CANNOT_MOVE = "A department cannot be placed under another unit.";
export const MEMBERS_DUPLICATE = "Each user may be a member only once.";

/** A person as the structure names them: no e-mail address, since every user reads the structure. */
export const OrgPerson = Schema.Struct({ id: Schema.Number, name: Schema.String });
export type OrgPerson = typeof OrgPerson.Type;

export const OrgTeam = Schema.Struct({
  id: Schema.Number,
  kind: Schema.Literal("team"),
  departmentId: Schema.Number,
  name: Schema.String,
  lead: Schema.NullOr(OrgPerson),
  members: Schema.Array(OrgPerson),
});
export type OrgTeam = typeof OrgTeam.Type;

export const OrgDepartment = Schema.Struct({
  id: Schema.Number,
  kind: Schema.Literal("department"),
  name: Schema.String,
  lead: Schema.NullOr(OrgPerson),
  members: Schema.Array(OrgPerson),
  teams: Schema.Array(OrgTeam),
});
export type OrgDepartment = typeof OrgDepartment.Type;

/** GET /api/organization/: the departments by name, each with its teams by name. */
export const OrgStructure = Schema.Struct({ departments: Schema.Array(OrgDepartment) });
export type OrgStructure = typeof OrgStructure.Type;

const UnitName = Schema.Trim.pipe(Schema.filter((name) => (name.length < 1 ? ORG_UNIT_NAME_BLANK : name.length <= 120 || "Use at most 120 characters."), { jsonSchema: { minLength: 1, maxLength: 120 } }));
const Members = List(RecordId, MAX_UNIT_MEMBERS).pipe(Schema.filter((ids) => new Set(ids).size === ids.length || MEMBERS_DUPLICATE));

/** POST /api/organization/units/: a department (no departmentId) or a team of a department. */
export const OrgUnitCreateRequest = Schema.Struct({
  name: UnitName,
  departmentId: Schema.optionalWith(Schema.NullOr(RecordId), { default: () => null }),
  leadUserId: Schema.optionalWith(Schema.NullOr(RecordId), { default: () => null }),
  memberIds: Schema.optionalWith(Members, { default: () => [] }),
});
export type OrgUnitCreateRequest = typeof OrgUnitCreateRequest.Type;

/** PATCH /api/organization/units/{id}/: rename, change lead or members, move a team to another department. */
export const OrgUnitChangeRequest = Schema.Struct({
  name: Schema.optional(UnitName),
  departmentId: Schema.optional(RecordId),
  leadUserId: Schema.optional(Schema.NullOr(RecordId)),
  memberIds: Schema.optional(Members),
});
export type OrgUnitChangeRequest = typeof OrgUnitChangeRequest.Type;

/** The answer of a create or change: the unit as it is now. */
export const OrgUnit = Schema.Union(OrgDepartment, OrgTeam);
export type OrgUnit = typeof OrgUnit.Type;
