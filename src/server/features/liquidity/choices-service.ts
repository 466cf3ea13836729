import type { LiquidityChoices } from "../../../contracts/liquidity";
import type { TenantContext } from "../../db/tenancy";
import { holdersOf } from "../../platform/auth/permissions";
import { activePeople } from "../../platform/people";
import type { LiquidityReader } from "./liquidity-access";
import { defaultKpis, moneyKpisFor } from "./liquidity-kpis";
import { departmentsOf } from "./liquidity-repository";

/** What the scenario, headcount and expense forms offer (GET /api/liquidity/choices/). */
export async function choicesFor(context: TenantContext, reader: LiquidityReader): Promise<LiquidityChoices> {
  const [departments, people, holders, kpis, defaults, accounts, costCenters] = await Promise.all([
    departmentsOf(context),
    activePeople(context),
    holdersOf(context, "access_liquidity_planning"),
    moneyKpisFor(context, reader),
    defaultKpis(context, reader),
    expenseAccounts(context),
    context.db
      .selectFrom("liquidity_employees")
      .select("cost_center as name")
      .where("cost_center", "<>", "")
      .union(context.db.selectFrom("liquidity_expenses").select("cost_center as name").where("cost_center", "<>", ""))
      .orderBy("name")
      .execute(),
  ]);
  return {
    departments: [...departments].map(([id, name]) => ({ id, name })),
    users: people.filter((person) => holders.has(person.id)),
    kpis: kpis.map((kpi) => ({ id: kpi.id, name: kpi.name })),
    defaultRevenueKpiId: defaults.revenue,
    defaultCashKpiId: defaults.cash,
    accounts,
    costCenters: costCenters.map((row) => row.name),
  };
}

/** The newest accounting import's expense accounts as "number name". */
async function expenseAccounts({ db }: TenantContext): Promise<string[]> {
  const latest = await db.selectFrom("accounting_imports").select("id").orderBy("uploaded_at", "desc").orderBy("id", "desc").limit(1).executeTakeFirst();
  if (!latest) return [];
  const rows = await db.selectFrom("accounting_accounts").select(["number", "name"]).where("import_id", "=", latest.id).where("type", "=", "expense").orderBy("number").execute();
  return rows.map((row) => `${row.number} ${row.name}`.trim());
}
