import type { EmployeeCreateRequest } from "../../../contracts/liquidity";
import { monthDateOf, type MonthIndex } from "../../../domain/months";
import { writeExpenses, writeHeadcount, type SeedableExpense } from "../../features/liquidity/liquidity-rows";
import type { TenantContext } from "../tenancy";

/**
 * Liquidity planning in the demo company (issue 17): a "Base plan" of twelve people in the seeded
 * departments (two of them planned hires) and eight contracts, starting next month for 24
 * months on the Revenue and Cash balance KPIs, and its child "Hiring later", which hires the
 * open positions a quarter later. Both drafts, so a visitor can change, compare, merge and
 * approve them. Only for the company with the seeded organization (admin@demo.example).
 */
export async function seedDemoLiquidity(context: TenantContext, userIds: ReadonlyMap<string, number>, currentMonth: MonthIndex) {
  const { db, tenantId } = context;
  const admin = userIds.get("admin@demo.example");
  if (admin === undefined) return;
  const departments = new Map((await db.selectFrom("org_units").select(["id", "name"]).where("kind", "=", "department").execute()).map((row) => [row.name, row.id]));
  const kpis = new Map((await db.selectFrom("kpis").select(["id", "key"]).where("key", "in", ["revenue", "cash_balance"]).execute()).map((row) => [row.key, row.id]));
  const start = currentMonth + 1;
  const month = (offset: number) => monthDateOf(start + offset);
  const management = departments.get("Management") ?? null;
  const sales = departments.get("Sales") ?? null;
  const readers = ["c-level@demo.example", "head-of-department@demo.example"].flatMap((email) => (userIds.has(email) ? [userIds.get(email)!] : []));

  const person = (employeeId: string | null, fullName: string, departmentId: number | null, role: string, fixSalary: number, extra: Partial<EmployeeCreateRequest> = {}): EmployeeCreateRequest => ({
    employeeId,
    fullName,
    employmentType: "full_time",
    departmentId,
    role,
    weeklyHours: 40,
    fixSalary,
    hireDate: null,
    terminationDate: null,
    costCenter: departmentId === sales ? "CC-200 Sales" : "CC-100 Management",
    openPosition: false,
    salaryIncreases: [],
    employerCostRate: null,
    ...extra,
  });
  const headcount = (hiringDelay: number): EmployeeCreateRequest[] => [
    person("E-001", "Anna Becker", management, "Managing director", 180_000, { salaryIncreases: [{ effectiveFrom: month(6), annualSalary: 190_000 }] }),
    person("E-002", "Jonas Weber", management, "CFO", 150_000),
    person("E-003", "Mia Schulz", management, "Controller", 72_000, { employmentType: "part_time", weeklyHours: 30 }),
    person("E-004", "Lukas Fischer", management, "Office manager", 48_000),
    person("E-005", "Lea Wagner", sales, "Head of sales", 120_000, { salaryIncreases: [{ effectiveFrom: month(9), annualSalary: 128_000 }] }),
    person("E-006", "Finn Hoffmann", sales, "Account executive", 78_000),
    person("E-007", "Emma Koch", sales, "Account executive", 76_000),
    person("E-008", "Paul Richter", sales, "Sales development", 58_000, { terminationDate: lastDayOf(start + 8) }),
    person("E-009", "Sophie Klein", sales, "Customer success", 62_000),
    person("E-010", "Noah Wolf", sales, "Working student", 14_400, { employmentType: "working_student", weeklyHours: 20, employerCostRate: 10 }),
    person(null, "Open: account executive", sales, "Account executive", 80_000, { openPosition: true, hireDate: month(2 + hiringDelay) }),
    person(null, "Open: sales engineer", sales, "Sales engineer", 95_000, { openPosition: true, hireDate: month(4 + hiringDelay) }),
  ];
  const contract = (account: string, vendor: string, costDriver: string, amount: number, frequency: SeedableExpense["frequency"], vatRate: number, startOffset = 0, endOffset: number | null = null): SeedableExpense => ({
    kind: "contract",
    account,
    vendor,
    costDriver,
    startDate: month(startOffset),
    endDate: endOffset === null ? null : lastDayOf(start + endOffset),
    amount,
    costCenter: "CC-100 Management",
    frequency,
    vatRate,
    seeded: false,
  });
  const expenses: SeedableExpense[] = [
    contract("6310 Rent", "Property Partners GmbH", "Office", 18_500, "monthly", 19),
    contract("6805 Software", "CloudSuite Ltd", "Licences", 4_200, "monthly", 19),
    contract("6815 Hosting", "Hyperscale Inc.", "Infrastructure", 9_800, "monthly", 0),
    contract("6400 Insurance", "Allsafe Versicherung", "Insurance", 12_000, "quarterly", 0),
    contract("6825 Legal and tax", "Becker & Partner", "Advisors", 3_500, "monthly", 19),
    contract("6600 Marketing", "Brightside Agency", "Campaigns", 25_000, "quarterly", 19, 1, 12),
    contract("6640 Events", "Expo Berlin", "Trade fair", 40_000, "yearly", 19, 3),
    contract("6830 Cleaning", "Sparkle Services", "Office", 950, "bi-weekly", 19),
  ];
  const settings = {
    start_month: month(0),
    months: 24,
    revenue_kpi_id: kpis.get("revenue") ?? null,
    cash_kpi_id: kpis.get("cash_balance") ?? null,
    payment_delay_days: 30,
    revenue_vat_rate: 19,
    vat_settlement: "monthly" as const,
    employer_cost_rate: 21,
    full_time_hours: 40,
  };
  const scenario = async (name: string, parentId: number | null, hiringDelay: number) => {
    const { id } = await db.insertInto("liquidity_scenarios").values({ tenant_id: tenantId, name, author_id: admin, parent_id: parentId, ...settings }).returning("id").executeTakeFirstOrThrow();
    const departmentIds = [management, sales].filter((each): each is number => each !== null);
    if (departmentIds.length > 0) await db.insertInto("liquidity_scenario_departments").values(departmentIds.map((department_id) => ({ tenant_id: tenantId, scenario_id: id, department_id }))).execute();
    if (readers.length > 0) await db.insertInto("liquidity_scenario_users").values(readers.map((user_id) => ({ tenant_id: tenantId, scenario_id: id, user_id, access: "read" as const }))).execute();
    await writeHeadcount(context, id, headcount(hiringDelay));
    await writeExpenses(context, id, expenses);
    return id;
  };
  const base = await scenario("Base plan", null, 0);
  await scenario("Hiring later", base, 3);
}

function lastDayOf(month: MonthIndex): string {
  const first = new Date(Date.UTC(Math.floor(month / 12), (month % 12) + 1, 0));
  return first.toISOString().slice(0, 10);
}
