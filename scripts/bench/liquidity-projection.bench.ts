// Projecting one liquidity scenario (issue 17): 500 employees (hires and terminations inside the
// projection, so partial months) and 2,000 contracts and transactions (every frequency, start
// dates before and inside the projection, open-ended and ending) over 36 months, with revenue and
// quarterly VAT: projectScenario (domain/liquidity/projection.ts) in the process, against the
// bound: one SQL aggregate over the same rows (the rows in two tables, each payment dated with
// generate_series, summed by month in one statement) on PGlite and, when a server answers, on
// PostgreSQL. Before anything is timed, the bound's monthly expense and salary totals must agree
// with the projection's (run without VAT, so both sum the same net amounts), or the bench fails.
// Goal: the projection well under 100 ms, and no slower than the one query.
import { sql } from "kysely";
import type { Frequency } from "../../src/contracts/liquidity";
import { FREQUENCIES } from "../../src/contracts/liquidity";
import { projectScenario, type EmployeeCostInput, type ExpenseInput, type ProjectionInput } from "../../src/domain/liquidity/projection";
import { monthDateOf, monthIndexOf } from "../../src/domain/months";
import type { Database } from "../../src/server/db/database";
import { onBothEngines } from "./support";

const EMPLOYEES = 500;
const EXPENSES = 2_000;
const MONTHS = 36;
const START = "2027-01-01";
const LAST_DAY = "2029-12-31";
const RUNS = 25;
const GOALS = { projectionMs: 100, ofBound: 1 };

/** A deterministic stream of numbers in [0, 1) (a linear congruential generator): the same rows every run. */
function numbers(seed: number) {
  let state = seed;
  return () => (state = (state * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
}
const random = numbers(17);
const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
/** A date `days` after 2025-06-01 (YYYY-MM-DD). */
const dayAfter = (days: number) => new Date(Date.UTC(2025, 5, 1) + days * 86_400_000).toISOString().slice(0, 10);
const cents = (amount: number) => Math.round(amount * 100) / 100;

/** Mostly monthly, a few daily ones (they are the many-payment case). */
const FREQUENCY_WEIGHTS: Record<Frequency, number> = { daily: 1, weekly: 3, "bi-weekly": 2, monthly: 9, quarterly: 3, yearly: 2 };
const weighted = FREQUENCIES.flatMap((frequency) => Array<Frequency>(FREQUENCY_WEIGHTS[frequency]).fill(frequency));

const employees: EmployeeCostInput[] = Array.from({ length: EMPLOYEES }, () => {
  const hire = random() < 0.6 ? null : dayAfter(Math.floor(random() * 1_500));
  const terminated = random() < 0.8 ? null : dayAfter(1_000 + Math.floor(random() * 800));
  return { fixSalary: cents(30_000 + random() * 90_000), hireDate: hire, terminationDate: terminated !== null && hire !== null && terminated < hire ? null : terminated, salaryIncreases: [], employerCostRate: pick([0, 19.5, 21, 22.4]) };
});
const expenses: ExpenseInput[] = Array.from({ length: EXPENSES }, (_, index) => {
  const start = Math.floor(random() * 1_400);
  return {
    kind: index % 3 === 0 ? "transaction" : "contract",
    amount: cents(random() < 0.2 ? 5 + random() * 100 : 100 + random() * 20_000),
    vatRate: pick([0, 7, 19]),
    frequency: pick(weighted),
    startDate: dayAfter(start),
    endDate: random() < 0.5 ? null : dayAfter(start + 30 + Math.floor(random() * 900)),
  };
});
const first = monthIndexOf(START);
const input: ProjectionInput = {
  scenarioId: 1, startMonth: START, months: MONTHS, today: "2027-01-13", opening: { amount: 5_000_000, fromKpi: true }, employees, expenses,
  revenue: Array.from({ length: MONTHS }, (_, offset) => ({ month: monthDateOf(first + offset), amount: 2_000_000 + offset * 25_000 })),
  revenueVatRate: 19, paymentDelayDays: 45, vatSettlement: "quarterly", actuals: [],
};
const STEP_DAYS: Partial<Record<Frequency, number>> = { daily: 1, weekly: 7, "bi-weekly": 14 };
const STEP_MONTHS: Partial<Record<Frequency, number>> = { monthly: 1, quarterly: 3, yearly: 12 };

async function load(database: Database) {
  const db = database.system;
  await sql`drop table if exists bench_liquidity_employees, bench_liquidity_expenses`.execute(db);
  await sql`create table bench_liquidity_employees (fix_salary numeric(14, 2) not null, hire_date date, termination_date date, employer_cost_rate numeric(5, 2) not null)`.execute(db);
  await sql`create table bench_liquidity_expenses (amount numeric(14, 2) not null, step_days int not null, step_months int not null, start_date date not null, end_date date)`.execute(db);
  await sql`insert into bench_liquidity_employees select * from jsonb_to_recordset(${JSON.stringify(employees.map((e) => ({ fix_salary: e.fixSalary, hire_date: e.hireDate, termination_date: e.terminationDate, employer_cost_rate: e.employerCostRate })))}::jsonb)
    as r(fix_salary numeric, hire_date date, termination_date date, employer_cost_rate numeric)`.execute(db);
  await sql`insert into bench_liquidity_expenses select * from jsonb_to_recordset(${JSON.stringify(expenses.map((x) => ({ amount: x.amount, step_days: STEP_DAYS[x.frequency] ?? 0, step_months: STEP_MONTHS[x.frequency] ?? 0, start_date: x.startDate, end_date: x.endDate })))}::jsonb)
    as r(amount numeric, step_days int, step_months int, start_date date, end_date date)`.execute(db);
  await sql`analyze bench_liquidity_employees`.execute(db);
  await sql`analyze bench_liquidity_expenses`.execute(db);
}

/**
 * The bound: each month's expense payments (each due date made by generate_series from the
 * start, months added to the start date so Jan 31 clamps to Feb 28 and comes back to Mar 31, as
 * the domain does) and salary costs (the share of the month's days employed × a twelfth, plus
 * employer costs), in one statement.
 */
async function boundQuery(database: Database) {
  const result = await sql<{ month: string; expenses: string; salaries: string }>`
    with months as (
      select month::date as month, (month + interval '1 month' - interval '1 day')::date as last
      from generate_series(${START}::date, ${START}::date + interval '${sql.raw(String(MONTHS - 1))} months', interval '1 month') as month
    ), due as (
      select x.amount, least(x.end_date, ${LAST_DAY}::date) as until,
        case when x.step_days > 0 then x.start_date + k * x.step_days else (x.start_date + make_interval(months => k * x.step_months))::date end as day
      from bench_liquidity_expenses x
      cross join lateral generate_series(
        greatest(0, case when x.step_days > 0 then (${START}::date - x.start_date) / x.step_days
          else ((extract(year from ${START}::date) - extract(year from x.start_date)) * 12 + extract(month from ${START}::date) - extract(month from x.start_date))::int / x.step_months - 1 end),
        case when x.step_days > 0 then (least(x.end_date, ${LAST_DAY}::date) - x.start_date) / x.step_days
          else ((extract(year from least(x.end_date, ${LAST_DAY}::date)) - extract(year from x.start_date)) * 12 + extract(month from least(x.end_date, ${LAST_DAY}::date)) - extract(month from x.start_date))::int / x.step_months end
      ) as k
      where x.start_date <= ${LAST_DAY}::date and (x.end_date is null or x.end_date >= ${START}::date)
    ), expense_months as (
      select date_trunc('month', day)::date as month, sum(amount) as amount
      from due
      where day between ${START}::date and until
      group by 1
    ), salary_months as (
      select m.month,
        sum(e.fix_salary / 12 * (least(coalesce(e.termination_date, m.last), m.last) - greatest(coalesce(e.hire_date, m.month), m.month) + 1) / (m.last - m.month + 1) * (1 + e.employer_cost_rate / 100)) as amount
      from months m join bench_liquidity_employees e on coalesce(e.hire_date, m.month) <= m.last and coalesce(e.termination_date, m.last) >= m.month
      group by m.month
    )
    select m.month::text as month, coalesce(x.amount, 0)::text as expenses, coalesce(s.amount, 0)::text as salaries
    from months m left join expense_months x on x.month = m.month left join salary_months s on s.month = m.month
    order by m.month`.execute(database.system);
  return result.rows;
}

async function measure(database: Database) {
  await load(database);
  // Agreement first: the projection without VAT pays the same net amounts the query sums.
  const net = projectScenario({ ...input, vatSettlement: "none" });
  const bound = await boundQuery(database);
  if (bound.length !== MONTHS) throw new Error(`the bound answered ${bound.length} months`);
  bound.forEach((row, index) => {
    const month = net.months[index]!;
    const pairs: [string, number, number][] = [
      ["expenses", month.outflows.contracts + month.outflows.transactions, Number(row.expenses)],
      ["salaries and employer costs", month.outflows.salaries + month.outflows.employerCosts, Number(row.salaries)],
    ];
    for (const [what, ours, theirs] of pairs) if (Math.abs(ours - theirs) > 0.05) throw new Error(`${row.month} ${what}: projection ${ours}, SQL ${theirs}`);
  });
  const times = { projection: [] as number[], bound: [] as number[] };
  projectScenario(input);
  await boundQuery(database);
  for (let run = 0; run < RUNS; run++) {
    let start = performance.now();
    projectScenario(input);
    times.projection.push(performance.now() - start);
    start = performance.now();
    await boundQuery(database);
    times.bound.push(performance.now() - start);
  }
  const median = (list: number[]) => list.sort((a, b) => a - b)[Math.floor(list.length / 2)]!;
  await sql`drop table bench_liquidity_employees, bench_liquidity_expenses`.execute(database.system);
  return { projectionMs: median(times.projection), boundMs: median(times.bound), checkedMonths: bound.length };
}

const payments = expenses.reduce((count, expense) => count + countPayments(expense), 0);
function countPayments(expense: ExpenseInput) {
  const net = projectScenario({ ...input, employees: [], revenue: [], vatSettlement: "none", expenses: [{ ...expense, amount: 1 }] });
  return Math.round(net.months.reduce((sum, month) => sum + month.outflows.contracts + month.outflows.transactions, 0));
}

const { pglite, postgres } = await onBothEngines(measure);
type Measured = typeof pglite;
const rows = (engine: string, m: Measured) => [
  { case: `${engine}: projectScenario (in process)`, "ms (median)": +m.projectionMs.toFixed(2), runs: RUNS },
  { case: `${engine}: bound (one SQL aggregate)`, "ms (median)": +m.boundMs.toFixed(2), runs: RUNS },
];
const ratios = (engine: string, m: Measured) => {
  const ofBound = m.projectionMs / m.boundMs;
  return [{ label: `${engine}: projection / bound`, value: ofBound, goal: `≤ ${GOALS.ofBound}×`, met: ofBound <= GOALS.ofBound }];
};
console.log(
  JSON.stringify({
    name: `liquidity projection of ${EMPLOYEES} employees and ${EXPENSES} contracts and transactions over ${MONTHS} months: projectScenario vs one SQL aggregate`,
    rows: [...rows("PGlite", pglite), ...(postgres ? rows("PostgreSQL", postgres) : [])],
    ratios: [
      ...ratios("PGlite", pglite),
      ...(postgres ? ratios("PostgreSQL", postgres) : []),
      { label: `projection ms / ${GOALS.projectionMs} ms`, value: pglite.projectionMs / GOALS.projectionMs, goal: "≤ 1×", met: pglite.projectionMs <= GOALS.projectionMs },
    ],
    notes: [
      `the bound's monthly expense and salary totals agree with the projection's (to 5 cents) in all ${pglite.checkedMonths} months${postgres ? " on both engines" : ""}`,
      `${payments} payments dated in the projection; frequencies ${Object.entries(FREQUENCY_WEIGHTS).map(([f, w]) => `${f} ${w}`).join(", ")} (weights); revenue with a 45-day delay and quarterly VAT in the timed projection`,
      ...(postgres ? [] : ["no PostgreSQL answered at BENCH_DATABASE_URL (default 127.0.0.1:5432): not measured there"]),
    ],
  }),
);
