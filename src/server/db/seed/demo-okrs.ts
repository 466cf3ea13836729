import { DEFAULT_STATUS_OPTIONS } from "../../../contracts/okrs";
import { recordChange } from "../../features/okrs/okr-changes";
import type { TenantContext } from "../tenancy";

interface DemoKeyResult {
  readonly title: string;
  readonly direction: "increasing" | "decreasing" | "binary";
  readonly start: number;
  readonly target: number;
  /** A manual key result's actual; a KPI-fed one (kpi set) takes its KPI's. */
  readonly actual?: number;
  readonly kpi?: string;
  readonly unit?: string;
  /** Check-ins as [confidence, value (manual only), comment, days ago]. */
  readonly checkIns?: readonly (readonly [number, number | null, string, number])[];
}

interface DemoObjective {
  readonly title: string;
  readonly description: string;
  readonly status: number | null;
  readonly keyResults: readonly DemoKeyResult[];
  readonly milestones: readonly (readonly [title: string, month: number, done: boolean])[];
  readonly teams?: readonly { readonly unit: string; readonly title: string; readonly keyResults: readonly DemoKeyResult[] }[];
}

/** The demo's corporate OKRs of the current year, each with team objectives for the Sales teams. */
const DEMO_OKRS: readonly DemoObjective[] = [
  {
    title: "Grow recurring revenue profitably",
    description: "Recurring revenue is what the next financing round is priced on.",
    status: 0,
    keyResults: [
      { title: "New bookings reach plan", direction: "increasing", start: 0, target: 0, kpi: "new_bookings" },
      { title: "Lower logo churn", direction: "decreasing", start: 3, target: 1.5, kpi: "logo_churn", unit: "%" },
      { title: "Close 40 enterprise deals", direction: "increasing", start: 0, target: 40, actual: 17, checkIns: [[6, 11, "Pipeline is healthy, two large deals slipped.", 40], [7, 17, "Q2 closed strong.", 9]] },
    ],
    milestones: [["Pricing update live", 3, true], ["Partner programme launched", 7, false]],
    teams: [
      { unit: "DACH", title: "Win the Mittelstand in DACH", keyResults: [{ title: "Qualified leads", direction: "increasing", start: 0, target: 0, kpi: "qualified_leads" }, { title: "Signed reference customers", direction: "increasing", start: 0, target: 8, actual: 3, checkIns: [[5, 3, "Legal review slows two of them.", 12]] }] },
      { unit: "International", title: "Open the UK market", keyResults: [{ title: "UK entity registered", direction: "binary", start: 0, target: 1, actual: 1 }, { title: "UK pipeline (k€)", direction: "increasing", start: 0, target: 1500, actual: 420, checkIns: [[3, 420, "Hiring the second rep took longer.", 5]] }] },
    ],
  },
  {
    title: "Become a great place to work",
    description: "Keep the people we have and hire the ones we need.",
    status: 1,
    keyResults: [
      { title: "Employee NPS", direction: "increasing", start: 0, target: 0, kpi: "enps" },
      { title: "Time to hire (days)", direction: "decreasing", start: 60, target: 35, actual: 48, checkIns: [[5, 48, "Recruiter onboarded in March.", 20]] },
    ],
    milestones: [["Career framework published", 5, false]],
  },
];

/**
 * OKRs for a demo company with KPIs (issue 16): the default statuses, corporate objectives of the
 * current calendar year with KPI-fed and manual key results, check-ins and milestones, and team
 * objectives under the first for the Sales teams of the organizational structure (where it has
 * them), each change logged as the API would log it. A KPI-fed key result's start and target are
 * the suggestion's: its last actual before the year (0 for a cumulative KPI) and its plan.
 */
export async function seedDemoOkrs(context: TenantContext, now: Date): Promise<void> {
  const { db, tenantId } = context;
  const year = now.getUTCFullYear();
  const statuses = await db
    .insertInto("okr_status_options")
    .values(DEFAULT_STATUS_OPTIONS.map((option, position) => ({ tenant_id: tenantId, name: option.name, color: option.color, position })))
    .returning("id")
    .execute();
  const kpis = new Map((await db.selectFrom("kpis").select(["id", "key", "aggregation_type"]).execute()).map((kpi) => [kpi.key, kpi] as const));
  const units = new Map((await db.selectFrom("org_units").select(["id", "name", "lead_user_id"]).execute()).map((unit) => [unit.name, unit] as const));
  const people = (await db.selectFrom("users").select("id").where("is_active", "=", true).orderBy("id").execute()).map((user) => user.id);
  const someone = (index: number) => (people.length === 0 ? null : people[index % people.length]!);
  const startsOn = `${year}-01-01`;
  const endsOn = `${year}-12-31`;
  const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);

  const figuresOf = async (keyResult: DemoKeyResult) => {
    const kpi = keyResult.kpi ? kpis.get(keyResult.kpi) : undefined;
    if (!kpi) return { start: keyResult.start, target: keyResult.target, kpiId: null };
    const values = await db.selectFrom("kpi_values").select(["series", "month", "value"]).where("kpi_id", "=", kpi.id).where("dimension_key", "=", "").execute();
    const plan = values.filter((row) => row.series === "planning" && String(row.month).startsWith(`${year}-`)).sort((a, b) => String(a.month).localeCompare(String(b.month)));
    const before = values.filter((row) => row.series === "actual" && String(row.month) < startsOn).sort((a, b) => String(b.month).localeCompare(String(a.month)))[0];
    const sum = plan.reduce((total, row) => total + row.value, 0);
    const target = kpi.aggregation_type === "cum" ? sum : kpi.aggregation_type === "ad" ? sum / Math.max(1, plan.length) : (plan.at(-1)?.value ?? keyResult.target);
    const start = kpi.aggregation_type === "cum" ? 0 : (before?.value ?? keyResult.start);
    return start === target || plan.length === 0 ? { start: keyResult.start, target: keyResult.target === keyResult.start ? keyResult.start + 1 : keyResult.target, kpiId: null } : { start, target, kpiId: kpi.id };
  };

  const addObjective = async (level: "corporate" | "team", title: string, description: string, categoryId: number | null, position: number, statusId: number | null, parentId: number | null) => {
    const row = await db
      .insertInto("okr_objectives")
      .values({ tenant_id: tenantId, level, category_id: categoryId, owner_user_id: null, title, description, starts_on: startsOn, ends_on: endsOn, position, status_id: statusId, created_by: someone(0), created_at: daysAgo(120), updated_at: daysAgo(3) })
      .returning(["id", "level", "category_id", "owner_user_id"])
      .executeTakeFirstOrThrow();
    if (parentId !== null) await db.insertInto("okr_objective_links").values({ tenant_id: tenantId, objective_id: row.id, parent_id: parentId }).execute();
    const responsible = someone(position + 1);
    if (responsible !== null) await db.insertInto("okr_objective_responsibles").values({ tenant_id: tenantId, objective_id: row.id, user_id: responsible }).execute();
    await recordChange(context, row, { actionType: "created", itemType: "objective", itemId: row.id, itemTitle: title });
    return row;
  };

  const addKeyResults = async (objective: { id: number; level: "corporate" | "team" | "employee"; category_id: number | null; owner_user_id: number | null }, keyResults: readonly DemoKeyResult[]) => {
    for (const [position, keyResult] of keyResults.entries()) {
      const { start, target, kpiId } = await figuresOf(keyResult);
      const row = await db
        .insertInto("okr_key_results")
        .values({
          tenant_id: tenantId,
          objective_id: objective.id,
          title: keyResult.title,
          direction: keyResult.direction,
          unit: keyResult.unit ?? "",
          start_value: keyResult.direction === "binary" ? 0 : start,
          target_value: keyResult.direction === "binary" ? 1 : target,
          actual_value: kpiId === null ? (keyResult.actual ?? null) : null,
          kpi_id: kpiId,
          responsible_user_id: someone(position + 2),
          status_id: null,
          position,
          created_at: daysAgo(120),
          updated_at: daysAgo(3),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await recordChange(context, objective, { actionType: "created", itemType: "key_result", itemId: row.id, itemTitle: keyResult.title });
      for (const [confidence, value, comment, ago] of keyResult.checkIns ?? []) {
        await db.insertInto("okr_check_ins").values({ tenant_id: tenantId, key_result_id: row.id, author_user_id: someone(position + 2), value: kpiId === null ? value : null, confidence, comment, created_at: daysAgo(ago) }).execute();
        await recordChange(context, objective, { actionType: "checked_in", itemType: "key_result", itemId: row.id, itemTitle: keyResult.title, details: [{ field: "confidence", from: null, to: confidence }, { field: "value", from: null, to: value }] });
      }
    }
  };

  for (const [position, demo] of DEMO_OKRS.entries()) {
    const objective = await addObjective("corporate", demo.title, demo.description, null, position, demo.status === null ? null : (statuses[demo.status]?.id ?? null), null);
    await addKeyResults(objective, demo.keyResults);
    for (const [index, [title, month, done]] of demo.milestones.entries()) {
      const dueOn = `${year}-${String(month).padStart(2, "0")}-28`;
      const row = await db
        .insertInto("okr_milestones")
        .values({ tenant_id: tenantId, objective_id: objective.id, title, due_on: dueOn, done_at: done ? daysAgo(30) : null, responsible_user_id: someone(index), position: index })
        .returning("id")
        .executeTakeFirstOrThrow();
      await recordChange(context, objective, { actionType: "created", itemType: "milestone", itemId: row.id, itemTitle: title });
    }
    for (const [teamPosition, team] of (demo.teams ?? []).entries()) {
      const unit = units.get(team.unit);
      if (!unit) continue;
      const teamObjective = await addObjective("team", team.title, "", unit.id, teamPosition, statuses[0]?.id ?? null, objective.id);
      await addKeyResults(teamObjective, team.keyResults);
    }
  }
}
