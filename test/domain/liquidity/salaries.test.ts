import { test } from "uvu";
import * as assert from "uvu/assert";
import { monthlySalaryCosts, type SalaryInput } from "../../../src/domain/liquidity/salaries";

const employee = (changes: Partial<SalaryInput> = {}): SalaryInput => ({ fixSalary: 36_000, hireDate: null, terminationDate: null, salaryIncreases: [], employerCostRate: 0, ...changes });
const salaries = (input: SalaryInput, firstMonth: string, months: number) => monthlySalaryCosts(input, firstMonth, months).map((month) => Math.round(month.salary * 100) / 100);

test("a twelfth of the annual salary a month; the hire and termination months by calendar days", () => {
  const table: [string, Partial<SalaryInput>, string, number, number[]][] = [
    ["employed throughout", {}, "2027-01-01", 3, [3_000, 3_000, 3_000]],
    ["hired on the 16th of a 30-day month: 15/30", { hireDate: "2027-04-16" }, "2027-03-01", 3, [0, 1_500, 3_000]],
    ["hired on the 1st", { hireDate: "2027-04-01" }, "2027-03-01", 2, [0, 3_000]],
    ["hired on the last day of February: 1/28", { hireDate: "2027-02-28" }, "2027-02-01", 1, [107.14]],
    ["hired on Feb 15 in a leap year: 15/29", { hireDate: "2028-02-15" }, "2028-02-01", 1, [1_551.72]],
    ["terminated on the 10th of a 31-day month: 10/31", { terminationDate: "2027-01-10" }, "2027-01-01", 2, [967.74, 0]],
    ["terminated on the month's last day", { terminationDate: "2027-02-28" }, "2027-01-01", 3, [3_000, 3_000, 0]],
    ["hired and terminated in one month: 11 days of 30", { hireDate: "2027-06-10", terminationDate: "2027-06-20" }, "2027-06-01", 1, [1_100]],
    ["hired after the projection", { hireDate: "2028-01-01" }, "2027-01-01", 2, [0, 0]],
    ["terminated before it", { terminationDate: "2026-12-31" }, "2027-01-01", 1, [0]],
  ];
  for (const [label, changes, firstMonth, months, expected] of table) assert.equal(salaries(employee(changes), firstMonth, months), expected, label);
});

test("salary increases from their date; a mid-month increase splits the month by days", () => {
  const table: [string, Partial<SalaryInput>, number[]][] = [
    ["from the 1st", { salaryIncreases: [{ effectiveFrom: "2027-02-01", annualSalary: 48_000 }] }, [3_000, 4_000, 4_000]],
    // February 2027: 14 days at 3,000 and 14 at 4,000 a month.
    ["from Feb 15", { salaryIncreases: [{ effectiveFrom: "2027-02-15", annualSalary: 48_000 }] }, [3_000, 3_500, 4_000]],
    ["two, entered out of order", { salaryIncreases: [{ effectiveFrom: "2027-03-01", annualSalary: 60_000 }, { effectiveFrom: "2027-02-01", annualSalary: 48_000 }] }, [3_000, 4_000, 5_000]],
    ["two on one day: the later entry wins", { salaryIncreases: [{ effectiveFrom: "2027-02-01", annualSalary: 48_000 }, { effectiveFrom: "2027-02-01", annualSalary: 60_000 }] }, [3_000, 5_000, 5_000]],
    ["an increase before the hire date applies from the hire", { hireDate: "2027-02-15", salaryIncreases: [{ effectiveFrom: "2026-06-01", annualSalary: 48_000 }] }, [0, 2_000, 4_000]],
    ["an increase after termination changes nothing", { terminationDate: "2027-02-28", salaryIncreases: [{ effectiveFrom: "2027-03-01", annualSalary: 99_000 }] }, [3_000, 3_000, 0]],
    // Hired Jan 16 (16/31 at 3,000), raised Jan 26: 10 days at 3,000, 6 at 4,800.
    ["hire and increase in one month", { hireDate: "2027-01-16", salaryIncreases: [{ effectiveFrom: "2027-01-26", annualSalary: 57_600 }] }, [1_896.77, 4_800, 4_800]],
  ];
  for (const [label, changes, expected] of table) assert.equal(salaries(employee(changes), "2027-01-01", 3), expected, label);
});

test("employer costs are the salary times the rate", () => {
  const costs = monthlySalaryCosts(employee({ hireDate: "2027-04-16", employerCostRate: 21.5 }), "2027-04-01", 2);
  assert.equal(costs, [
    { month: "2027-04-01", salary: 1_500, employerCosts: 322.5 },
    { month: "2027-05-01", salary: 3_000, employerCosts: 645 },
  ]);
});

test.run();
