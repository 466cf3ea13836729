import { test } from "uvu";
import * as assert from "uvu/assert";
import type { EmployeeCreateRequest } from "../../../src/contracts/liquidity";
import { mergeScenarios, type MergeExpense, type MergeSide } from "../../../src/domain/liquidity/merging";

const employee = (employeeId: string | null, changes: Partial<EmployeeCreateRequest> = {}): EmployeeCreateRequest => ({
  employeeId, fullName: `Person ${employeeId ?? "open"}`, employmentType: "full_time", departmentId: 1, role: "Engineer", weeklyHours: 40, fixSalary: 60_000,
  hireDate: "2026-01-01", terminationDate: null, costCenter: "CC1", openPosition: employeeId === null, salaryIncreases: [], employerCostRate: null, ...changes,
});
const expense = (account: string, changes: Partial<MergeExpense> = {}): MergeExpense => ({
  kind: "contract", account, vendor: "Vendor", costDriver: "", startDate: "2027-01-01", endDate: null, amount: 100, costCenter: "", frequency: "monthly", vatRate: 19, seeded: false, ...changes,
});
const side = (changes: Partial<MergeSide>): MergeSide => ({ employees: [], expenses: [], departmentIds: [], readUserIds: [], writeUserIds: [], ...changes });

test("headcount: one row per employee ID, new people added, open positions all kept, first's order then second's", () => {
  const first = side({ employees: [employee("E1"), employee(null, { fullName: "Open 1" }), employee("E2")] });
  const second = side({ employees: [employee("E3"), employee("E1"), employee(null, { fullName: "Open 1" }), employee(null, { fullName: "Open 2" })] });
  const merged = mergeScenarios(first, second);
  assert.equal(merged.conflicts, []);
  assert.equal(merged.employees.map((e) => e.employeeId ?? e.fullName), ["E1", "Open 1", "E2", "E3", "Open 1", "Open 2"]);
});

test("headcount: the same ID with any different field is a conflict naming the ID once", () => {
  const table: [string, Partial<EmployeeCreateRequest>][] = [
    ["salary", { fixSalary: 61_000 }],
    ["termination", { terminationDate: "2027-06-30" }],
    ["hire", { hireDate: "2026-01-02" }],
    ["hours", { weeklyHours: 32 }],
    ["name", { fullName: "Someone else" }],
    ["department", { departmentId: 2 }],
    ["employer cost rate", { employerCostRate: 21 }],
    ["increases", { salaryIncreases: [{ effectiveFrom: "2027-04-01", annualSalary: 65_000 }] }],
  ];
  for (const [label, changes] of table) {
    const merged = mergeScenarios(side({ employees: [employee("E1"), employee("E2")] }), side({ employees: [employee("E2"), employee("E1", changes)] }));
    assert.equal(merged.conflicts, ["E1"], label);
  }
  const several = mergeScenarios(side({ employees: [employee("A"), employee("B"), employee("C")] }), side({ employees: [employee("C", { role: "Lead" }), employee("A", { role: "Lead" }), employee("B")] }));
  assert.equal(several.conflicts, ["C", "A"]);
});

test("headcount: salary increases are compared as a set, whatever order they were entered in", () => {
  const increases = [{ effectiveFrom: "2027-01-01", annualSalary: 62_000 }, { effectiveFrom: "2027-07-01", annualSalary: 64_000 }];
  const merged = mergeScenarios(side({ employees: [employee("E1", { salaryIncreases: increases })] }), side({ employees: [employee("E1", { salaryIncreases: [...increases].reverse() })] }));
  assert.equal(merged.conflicts, []);
  assert.is(merged.employees.length, 1);
});

test("expenses: identical rows once (seeded or not), one to one, the rest all kept in order", () => {
  const rent = expense("Rent", { amount: 2_000 });
  const first = side({ expenses: [rent, expense("Licence"), expense("Licence")] });
  const second = side({
    expenses: [
      expense("Licence", { seeded: true }), // matches one licence of the first
      expense("Licence"), // matches the other
      expense("Licence"), // a third: kept
      { ...rent, amount: 2_100 }, // differs: kept
      expense("Travel", { kind: "transaction", frequency: "daily" }),
    ],
  });
  const merged = mergeScenarios(first, second);
  assert.equal(merged.expenses.map((e) => `${e.account} ${e.amount}${e.seeded ? " seeded" : ""}`), ["Rent 2000", "Licence 100", "Licence 100", "Licence 100", "Rent 2100", "Travel 100"]);
  const table: [string, Partial<MergeExpense>][] = [
    ["kind", { kind: "transaction" }], ["vendor", { vendor: "Other" }], ["cost driver", { costDriver: "Seats" }], ["start", { startDate: "2027-01-02" }], ["end", { endDate: "2027-12-31" }],
    ["cost center", { costCenter: "CC9" }], ["frequency", { frequency: "quarterly" }], ["VAT", { vatRate: 7 }],
  ];
  for (const [label, changes] of table) assert.is(mergeScenarios(side({ expenses: [expense("X")] }), side({ expenses: [expense("X", changes)] })).expenses.length, 2, label);
});

test("departments and users: unions in first-seen order", () => {
  const merged = mergeScenarios(side({ departmentIds: [3, 1], readUserIds: [5], writeUserIds: [] }), side({ departmentIds: [1, 2, 3], readUserIds: [6, 5], writeUserIds: [7, 7] }));
  assert.equal(merged.departmentIds, [3, 1, 2]);
  assert.equal(merged.readUserIds, [5, 6]);
  assert.equal(merged.writeUserIds, [7]);
});

test("merging a scenario with an untouched duplicate of itself gives it back, open positions twice", () => {
  const scenario = side({ employees: [employee("E1"), employee(null)], expenses: [expense("Rent")], departmentIds: [1], readUserIds: [2], writeUserIds: [3] });
  const merged = mergeScenarios(scenario, scenario);
  assert.equal(merged.conflicts, []);
  assert.equal(merged.employees.map((e) => e.employeeId), ["E1", null, null]);
  assert.is(merged.expenses.length, 1);
});

test.run();
