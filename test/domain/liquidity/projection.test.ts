import { test } from "uvu";
import * as assert from "uvu/assert";
import { projectScenario, type ProjectionInput } from "../../../src/domain/liquidity/projection";

/**
 * A small scenario worked out by hand (numbers in the comments):
 * - opening 10,000 (the cash KPI's December actual);
 * - one employee, 24,000 a year (2,000 a month), hired 2027-02-15: February is 14 of 28 days
 *   = 1,000, March 2,000; employer costs 20 %: 200, 400; paid on the months' last days;
 * - a monthly contract of 500 + 20 % VAT from 2027-01-31: Jan 31, Feb 28, Mar 31, 600 each;
 * - a daily transaction of 10 without VAT from 2027-03-30: Mar 30 and 31;
 * - revenue 3,000 a month + 10 % VAT, paid 30 days after the month's last day: January's on
 *   Mar 2, February's on Mar 30 (3,300 each), March's on Apr 30 (after the end);
 * - VAT monthly: January 300 out − 100 in = 200 paid Feb 10; February 200 paid Mar 10;
 *   March's is settled on Apr 10, after the end.
 */
const input: ProjectionInput = {
  scenarioId: 7,
  startMonth: "2027-01-01",
  months: 3,
  today: "2026-12-15",
  opening: { amount: 10_000, fromKpi: true },
  employees: [{ fixSalary: 24_000, hireDate: "2027-02-15", terminationDate: null, salaryIncreases: [], employerCostRate: 20 }],
  expenses: [
    { kind: "contract", amount: 500, vatRate: 20, frequency: "monthly", startDate: "2027-01-31", endDate: null },
    { kind: "transaction", amount: 10, vatRate: 0, frequency: "daily", startDate: "2027-03-30", endDate: null },
  ],
  revenue: [
    { month: "2027-01-01", amount: 3_000 },
    { month: "2027-02-01", amount: 3_000 },
    { month: "2027-03-01", amount: 3_000 },
  ],
  revenueVatRate: 10,
  paymentDelayDays: 30,
  vatSettlement: "monthly",
  actuals: [
    { month: "2026-12-01", amount: 10_000 }, // before the start: not in the projection
    { month: "2027-01-01", amount: 9_000 },
    { month: "2027-04-01", amount: 1 }, // after the end
  ],
};

test("a small scenario, checked against numbers worked out by hand", () => {
  const projection = projectScenario(input);
  assert.is(projection.scenarioId, 7);
  assert.equal(projection.opening, { amount: 10_000, date: "2027-01-01", fromKpi: true });
  assert.equal(projection.months, [
    { month: "2027-01-01", opening: 10_000, inflows: { revenue: 0, vatRefund: 0 }, outflows: { salaries: 0, employerCosts: 0, contracts: 600, transactions: 0, vat: 0 }, closing: 9_400 },
    { month: "2027-02-01", opening: 9_400, inflows: { revenue: 0, vatRefund: 0 }, outflows: { salaries: 1_000, employerCosts: 200, contracts: 600, transactions: 0, vat: 200 }, closing: 7_400 },
    { month: "2027-03-01", opening: 7_400, inflows: { revenue: 6_600, vatRefund: 0 }, outflows: { salaries: 2_000, employerCosts: 400, contracts: 600, transactions: 20, vat: 200 }, closing: 10_780 },
  ]);
  // Feb 10: 9,200; Feb 28: 9,200 − 1,000 − 200 − 600 = 7,400, the lowest; Mar 2: 10,700.
  assert.equal(projection.lowest, { date: "2027-02-28", amount: 7_400 });
  assert.equal(projection.runway, { months: null, runsOutOn: null });
  assert.equal(projection.actuals, [{ month: "2027-01-01", actual: 9_000, planned: 9_400, gap: -400 }]);
});

test("the 13 weeks run Monday to Sunday from the Monday of the start when today is earlier", () => {
  const { weeks } = projectScenario(input);
  assert.is(weeks.length, 13);
  assert.equal(weeks.map((week) => week.weekStart), ["2026-12-28", "2027-01-04", "2027-01-11", "2027-01-18", "2027-01-25", "2027-02-01", "2027-02-08", "2027-02-15", "2027-02-22", "2027-03-01", "2027-03-08", "2027-03-15", "2027-03-22"]);
  // The first week begins before the start (Friday 2027-01-01): the opening balance until then.
  assert.equal(weeks[0], { weekStart: "2026-12-28", opening: 10_000, inflow: 0, outflow: 0, closing: 10_000 });
  assert.equal(weeks[4], { weekStart: "2027-01-25", opening: 10_000, inflow: 0, outflow: 600, closing: 9_400 });
  assert.equal(weeks[6], { weekStart: "2027-02-08", opening: 9_400, inflow: 0, outflow: 200, closing: 9_200 });
  assert.equal(weeks[9], { weekStart: "2027-03-01", opening: 7_400, inflow: 3_300, outflow: 0, closing: 10_700 });
  for (let index = 1; index < weeks.length; index++) assert.is(weeks[index]!.opening, weeks[index - 1]!.closing);
});

test("the weeks start on the Monday of today when later, and stop at the projection's end", () => {
  const { weeks } = projectScenario({ ...input, today: "2027-03-20" });
  assert.equal(weeks, [
    { weekStart: "2027-03-15", opening: 10_500, inflow: 0, outflow: 0, closing: 10_500 },
    { weekStart: "2027-03-22", opening: 10_500, inflow: 0, outflow: 0, closing: 10_500 },
    // Mar 29–31 only: February's revenue in, the month-end payments and two days of the transaction out.
    { weekStart: "2027-03-29", opening: 10_500, inflow: 3_300, outflow: 3_020, closing: 10_780 },
  ]);
  assert.is(projectScenario({ ...input, today: "2027-04-01" }).weeks.length, 1, "a Thursday after the end: its week began on Mar 29, inside");
  assert.equal(projectScenario({ ...input, today: "2027-04-05" }).weeks, [], "a week wholly after the end: no weeks");
});

test("without VAT settlement every amount is net and no VAT moves", () => {
  const projection = projectScenario({ ...input, vatSettlement: "none" });
  assert.equal(projection.months.map((month) => [month.inflows.revenue, month.outflows.contracts, month.outflows.vat, month.closing]), [
    [0, 500, 0, 9_500],
    [0, 500, 0, 7_800], // 9,500 − 1,000 − 200 − 500
    [6_000, 500, 0, 10_880], // 7,800 + 6,000 − 2,000 − 400 − 500 − 20
  ]);
});

test("quarterly VAT: the first quarter's balance is settled on April 10; more input than output is a refund", () => {
  const base: ProjectionInput = { ...input, months: 6, employees: [], revenue: [], actuals: [], vatSettlement: "quarterly", expenses: [{ kind: "contract", amount: 1_000, vatRate: 20, frequency: "monthly", startDate: "2027-01-15", endDate: "2027-03-15" }] };
  const projection = projectScenario(base);
  // 3 × 200 input VAT, no output: a refund of 600 on Apr 10; nothing for Q2 (no VAT) within the end.
  assert.equal(projection.months.map((month) => [month.month, month.inflows.vatRefund, month.outflows.vat, month.outflows.contracts]), [
    ["2027-01-01", 0, 0, 1_200],
    ["2027-02-01", 0, 0, 1_200],
    ["2027-03-01", 0, 0, 1_200],
    ["2027-04-01", 600, 0, 0],
    ["2027-05-01", 0, 0, 0],
    ["2027-06-01", 0, 0, 0],
  ]);
  const withRevenue = projectScenario({ ...base, revenue: [{ month: "2027-02-01", amount: 10_000 }], revenueVatRate: 19 });
  // 1,900 output − 600 input = 1,300 paid on Apr 10.
  assert.is(withRevenue.months[3]!.outflows.vat, 1_300);
  assert.is(withRevenue.months[3]!.inflows.vatRefund, 0);
});

test("a daily contract's input VAT belongs to the months of its days", () => {
  const daily = projectScenario({
    ...input, months: 3, employees: [], revenue: [], actuals: [],
    expenses: [{ kind: "contract", amount: 10, vatRate: 10, frequency: "daily", startDate: "2027-01-30", endDate: "2027-02-02" }],
  });
  // Jan 30, 31 and Feb 1, 2 at 11 gross; 2 of input VAT back on Feb 10 and on Mar 10.
  assert.equal(daily.months.map((month) => [month.outflows.contracts, month.inflows.vatRefund, month.closing]), [
    [22, 0, 9_978],
    [22, 2, 9_958],
    [0, 2, 9_960],
  ]);
});

test("the runway counts the months that closed at zero or above before the first day below zero", () => {
  const burn: ProjectionInput = {
    ...input, months: 12, employees: [], revenue: [], actuals: [], vatSettlement: "none", opening: { amount: 2_500, fromKpi: false },
    expenses: [{ kind: "contract", amount: 1_000, vatRate: 0, frequency: "monthly", startDate: "2027-01-20", endDate: null }],
  };
  // Jan 20: 1,500; Feb 20: 500; Mar 20: −500.
  const projection = projectScenario(burn);
  assert.equal(projection.runway, { months: 2, runsOutOn: "2027-03-20" });
  assert.equal(projection.lowest, { date: "2027-12-20", amount: -9_500 });
  assert.equal(projectScenario({ ...burn, opening: { amount: -1, fromKpi: true } }).runway, { months: 0, runsOutOn: "2027-01-01" });
  assert.equal(projectScenario({ ...burn, opening: { amount: 12_000, fromKpi: true } }).runway, { months: null, runsOutOn: null }, "12 × 1,000 leaves exactly zero: not below");
});

test("revenue paid late crosses the year, and past the end it is not projected", () => {
  const late: ProjectionInput = { ...input, startMonth: "2027-11-01", months: 3, employees: [], expenses: [], actuals: [], vatSettlement: "none", paymentDelayDays: 45, revenue: [{ month: "2027-11-01", amount: 100 }, { month: "2027-12-01", amount: 200 }] };
  // Nov 30 + 45 = Jan 14 2028; Dec 31 + 45 = Feb 14 2028, after the end (January 2028).
  assert.equal(projectScenario(late).months.map((month) => month.inflows.revenue), [0, 0, 100]);
  assert.equal(projectScenario({ ...late, paymentDelayDays: 0 }).months.map((month) => month.inflows.revenue), [100, 200, 0]);
});

test("a projection needs whole months", () => {
  assert.throws(() => projectScenario({ ...input, months: 0 }), RangeError);
  assert.throws(() => projectScenario({ ...input, months: 1.5 }), RangeError);
});

test.run();
