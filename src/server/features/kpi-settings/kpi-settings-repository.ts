import type { ManagedCategory, ManagedKpi, PersonRef } from "../../../contracts/kpi-management";
import { dependenciesOf, parseFormula } from "../../../domain/kpi/formula";
import type { TenantContext } from "../../db/tenancy";
import { notFound } from "../../platform/http/errors";
import { userNames } from "../../platform/people";
import { loadKpis, type KpiRow } from "../kpis/kpi-repository";
import { mayRead, type Reader } from "../kpis/kpi-service";
import { mayEditKpi } from "./kpi-settings-access";

export type SettingsKpi = KpiRow & { readonly isCustom: boolean };

/** Every KPI of the company with whether it is custom (loadKpis' rows: effective sensitivity included). */
export async function loadSettingsKpis(context: TenantContext): Promise<SettingsKpi[]> {
  const [kpis, custom] = await Promise.all([loadKpis(context), context.db.selectFrom("kpis").select("id").where("is_custom", "=", true).execute()]);
  const customIds = new Set(custom.map((row) => row.id));
  return kpis.map((kpi) => ({ ...kpi, isCustom: customIds.has(kpi.id) }));
}

/** The KPI `id` if the reader may read it; otherwise 404, as if it did not exist. */
export async function readableKpi(context: TenantContext, reader: Reader, id: number): Promise<SettingsKpi> {
  const kpi = (await loadSettingsKpis(context)).find((candidate) => candidate.id === id);
  if (!kpi || !mayRead(reader, kpi)) throw notFound();
  return kpi;
}

/** The categories with how many KPIs each holds, in catalogue order. */
export async function loadCategories({ db }: TenantContext): Promise<ManagedCategory[]> {
  const rows = await db
    .selectFrom("kpi_categories")
    .leftJoin("kpis", (join) => join.onRef("kpis.tenant_id", "=", "kpi_categories.tenant_id").onRef("kpis.category_id", "=", "kpi_categories.id"))
    .select(({ fn }) => ["kpi_categories.id", "kpi_categories.name", "kpi_categories.kind", "kpi_categories.is_custom", fn.count<string>("kpis.id").as("kpi_count")])
    .groupBy(["kpi_categories.id", "kpi_categories.name", "kpi_categories.kind", "kpi_categories.is_custom", "kpi_categories.position"])
    .orderBy("kpi_categories.position")
    .orderBy("kpi_categories.id")
    .execute();
  return rows.map((row) => ({ id: row.id, name: row.name, kind: row.kind, isCustom: row.is_custom, kpiCount: Number(row.kpi_count) }));
}

/** Responsibles by KPI, named. */
export async function loadResponsibles(context: TenantContext, kpiIds: readonly number[]): Promise<Map<number, PersonRef[]>> {
  const byKpi = new Map<number, PersonRef[]>();
  if (kpiIds.length === 0) return byKpi;
  const rows = await context.db.selectFrom("kpi_responsibles").select(["kpi_id", "user_id"]).where("kpi_id", "in", [...kpiIds]).execute();
  const names = await userNames(context, rows.map((row) => row.user_id));
  for (const row of rows) {
    const name = names.get(row.user_id);
    if (name === undefined) continue;
    byKpi.set(row.kpi_id, [...(byKpi.get(row.kpi_id) ?? []), { id: row.user_id, name }].sort((a, b) => a.name.localeCompare(b.name)));
  }
  return byKpi;
}

export function toManagedKpi(kpi: SettingsKpi, reader: Reader, responsibles: readonly PersonRef[]): ManagedKpi {
  return {
    id: kpi.id,
    key: kpi.key,
    name: kpi.name,
    description: kpi.description,
    categoryId: kpi.category_id,
    isCustom: kpi.isCustom,
    isCalculated: kpi.formula !== null,
    unit: kpi.unit,
    aggregationType: kpi.aggregation_type,
    higherIsBetter: kpi.higher_is_better,
    sensitivity: kpi.sensitivity,
    cadence: kpi.cadence,
    validationState: kpi.validation_state,
    benchmarks: { valueBottom25: kpi.benchmark_bottom25, valueMedian50: kpi.benchmark_median50, valueTop25: kpi.benchmark_top25, top5: kpi.benchmark_top5 },
    responsibles: [...responsibles],
    editable: mayEditKpi(reader, kpi),
  };
}

/** One KPI as the settings answer it after a change. */
export async function managedKpi(context: TenantContext, reader: Reader, id: number): Promise<ManagedKpi> {
  const kpi = await readableKpi(context, reader, id);
  return toManagedKpi(kpi, reader, (await loadResponsibles(context, [id])).get(id) ?? []);
}

/**
 * The names of the KPIs, other than those being deleted, whose formulas name one of them: what
 * deleting them would break.
 */
export function formulaUsers(kpis: readonly SettingsKpi[], deleting: ReadonlySet<number>): string[] {
  const keys = new Set(kpis.filter((kpi) => deleting.has(kpi.id)).map((kpi) => kpi.key));
  return kpis.filter((kpi) => !deleting.has(kpi.id) && kpi.formula !== null && [...dependenciesOf(parseFormula(kpi.formula))].some((key) => keys.has(key))).map((kpi) => kpi.name);
}
