import type { OkrCategory } from "../../../contracts/okrs";
import { mayReadObjective, type OkrViewer } from "../../../domain/okrs/objective-rules";
import type { TenantContext } from "../../db/tenancy";
import { notFound } from "../../platform/http/errors";
import { loadStructure } from "../organization/org-repository";
import { changeUnit, createUnit, deleteUnit } from "../organization/org-service";

/**
 * Organizational categories are the units of the organizational structure (docs/decisions.md,
 * "Seams for issue 16"): departments by name, each followed by its teams, with how many team
 * objectives each holds (0 for a reader of no team objectives). Creating, renaming and deleting
 * go through the organization's service, with its rules (unique names, a unit something refers to
 * is not deleted: team objectives count, see organization/org-references.ts).
 */
export async function listCategories(context: TenantContext, viewer: OkrViewer): Promise<OkrCategory[]> {
  const { departments } = await loadStructure(context);
  const counts = new Map<number, number>();
  if (mayReadObjective(viewer, { level: "team", ownerUserId: null })) {
    const rows = await context.db.selectFrom("okr_objectives").select(["category_id", (eb) => eb.fn.countAll<string>().as("count")]).where("level", "=", "team").groupBy("category_id").execute();
    for (const row of rows) if (row.category_id !== null) counts.set(row.category_id, Number(row.count));
  }
  return departments.flatMap((department) => [
    { id: department.id, kind: "department" as const, name: department.name, departmentId: null, objectiveCount: counts.get(department.id) ?? 0 },
    ...department.teams.map((team) => ({ id: team.id, kind: "team" as const, name: team.name, departmentId: department.id, objectiveCount: counts.get(team.id) ?? 0 })),
  ]);
}

async function categoryFor(context: TenantContext, viewer: OkrViewer, id: number): Promise<OkrCategory> {
  const category = (await listCategories(context, viewer)).find((candidate) => candidate.id === id);
  if (!category) throw notFound();
  return category;
}

export async function createCategory(context: TenantContext, viewer: OkrViewer, input: { name: string; departmentId: number | null }): Promise<OkrCategory> {
  const unit = await createUnit(context, { name: input.name.trim(), departmentId: input.departmentId, leadUserId: null, memberIds: [] });
  return categoryFor(context, viewer, unit.id);
}

export async function renameCategory(context: TenantContext, viewer: OkrViewer, id: number, name: string): Promise<OkrCategory> {
  await changeUnit(context, id, { name: name.trim() });
  return categoryFor(context, viewer, id);
}

export const deleteCategory = (context: TenantContext, id: number) => deleteUnit(context, id);
