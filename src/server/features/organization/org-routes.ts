import { Schema } from "@effect/schema";
import { OrgPerson, OrgStructure, OrgUnit, OrgUnitChangeRequest, OrgUnitCreateRequest } from "../../../contracts/organization";
import { IdParams, needs, READ_WHILE_PRINTING, signedIn, userRoute } from "../../platform/http/route";
import { activePeople } from "../../platform/people";
import { loadStructure } from "./org-repository";
import { changeUnit, createUnit, deleteUnit } from "./org-service";

const MANAGE_STRUCTURE = needs("manage_company_settings");

/**
 * /settings/organizational-structure (issue 15): departments and their teams. Everyone signed in
 * reads it (OKRs and liquidity planning show units to their users); administrators change it.
 */
export const organizationRoutes = [
  userRoute({
    method: "GET",
    path: "/organization/",
    summary: "The organizational structure: departments by name, each with its teams, leads and members",
    access: signedIn(),
    print: READ_WHILE_PRINTING,
    response: OrgStructure,
    handle: ({ inTenant }) => inTenant(loadStructure),
  }),
  userRoute({
    method: "GET",
    path: "/organization/people/",
    summary: "The company's active people (id and name) an administrator can make leads and members",
    access: MANAGE_STRUCTURE,
    response: Schema.Struct({ people: Schema.Array(OrgPerson) }),
    handle: ({ inTenant }) => inTenant(async (context) => ({ people: await activePeople(context) })),
  }),
  userRoute({
    method: "POST",
    path: "/organization/units/",
    summary: "Create a department, or a team of a department (departmentId), with an optional lead and members",
    description: "Names are unique among siblings regardless of case: 400 'A department with this name already exists.' or 'This department already has a team with this name.'",
    access: MANAGE_STRUCTURE,
    body: OrgUnitCreateRequest,
    response: OrgUnit,
    status: 201,
    handle: ({ body, inTenant }) => inTenant((context) => createUnit(context, body)),
  }),
  userRoute({
    method: "PATCH",
    path: "/organization/units/{id}/",
    summary: "Rename a unit, change its lead or members, or move a team to another department",
    access: MANAGE_STRUCTURE,
    params: IdParams,
    body: OrgUnitChangeRequest,
    response: OrgUnit,
    handle: ({ params, body, inTenant }) => inTenant((context) => changeUnit(context, params.id, body)),
  }),
  userRoute({
    method: "DELETE",
    path: "/organization/units/{id}/",
    summary: "Delete a unit nothing refers to",
    description: "A department with teams (or a unit OKRs or liquidity planning refer to) answers 409 with a detail naming what refers to it.",
    access: MANAGE_STRUCTURE,
    params: IdParams,
    status: 204,
    handle: async ({ params, inTenant, reply }) => {
      await inTenant((context) => deleteUnit(context, params.id));
      return reply.status(204).send();
    },
  }),
];
