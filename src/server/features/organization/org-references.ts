import type { UnitReference } from "../../../domain/organization/unit-deletion";
import type { TenantContext } from "../../db/tenancy";

/**
 * What may refer to a unit of the organizational structure. A unit is deleted only when every
 * check counts 0; the refusal names them all. OKRs (organizational categories) and liquidity
 * planning (departments of scenarios and employees) add their check here when they land.
 */
export interface UnitReferenceCheck {
  readonly singular: string;
  readonly plural: string;
  readonly count: (context: TenantContext, unitId: number) => Promise<number>;
}

export const UNIT_REFERENCE_CHECKS: readonly UnitReferenceCheck[] = [
  {
    singular: "team",
    plural: "teams",
    count: async ({ db }, unitId) => Number((await db.selectFrom("org_units").select((eb) => eb.fn.countAll<string>().as("count")).where("parent_id", "=", unitId).executeTakeFirstOrThrow()).count),
  },
  // OKRs (issue 16): the team objectives of the unit (its organizational category).
  {
    singular: "objective",
    plural: "objectives",
    count: async ({ db }, unitId) => Number((await db.selectFrom("okr_objectives").select((eb) => eb.fn.countAll<string>().as("count")).where("category_id", "=", unitId).executeTakeFirstOrThrow()).count),
  },
  // Liquidity planning (issue 17): the scenarios that plan for the department, and their employees in it.
  {
    singular: "liquidity scenario",
    plural: "liquidity scenarios",
    count: async ({ db }, unitId) => Number((await db.selectFrom("liquidity_scenario_departments").select((eb) => eb.fn.countAll<string>().as("count")).where("department_id", "=", unitId).executeTakeFirstOrThrow()).count),
  },
  {
    singular: "liquidity planning employee",
    plural: "liquidity planning employees",
    count: async ({ db }, unitId) => Number((await db.selectFrom("liquidity_employees").select((eb) => eb.fn.countAll<string>().as("count")).where("department_id", "=", unitId).executeTakeFirstOrThrow()).count),
  },
];

/** Every check's count for a unit. */
export async function unitReferences(context: TenantContext, unitId: number): Promise<UnitReference[]> {
  const counts = await Promise.all(UNIT_REFERENCE_CHECKS.map((check) => check.count(context, unitId)));
  return UNIT_REFERENCE_CHECKS.map((check, index) => ({ singular: check.singular, plural: check.plural, count: counts[index]! }));
}
