import { test } from "uvu";
import * as assert from "uvu/assert";
import { lowestAndRunway } from "../../../src/domain/liquidity/runway";

const move = (date: string, amount: number) => ({ date, amount });

test("the lowest balance after any day's payments, and the runway", () => {
  const table: [string, number, { date: string; amount: number }[], { date: string; amount: number }, { months: number | null; runsOutOn: string | null }][] = [
    ["never lower than the opening: the start date", 1_000, [move("2027-02-01", 500)], { date: "2027-01-01", amount: 1_000 }, { months: null, runsOutOn: null }],
    ["no movements at all", 1_000, [], { date: "2027-01-01", amount: 1_000 }, { months: null, runsOutOn: null }],
    ["lower but never below zero", 1_000, [move("2027-01-10", -300), move("2027-02-10", -600), move("2027-03-01", 800)], { date: "2027-02-10", amount: 100 }, { months: null, runsOutOn: null }],
    ["a day's payments count together, in any order", 1_000, [move("2027-01-31", 900), move("2027-01-31", -1_500), move("2027-01-05", -100)], { date: "2027-01-31", amount: 300 }, { months: null, runsOutOn: null }],
    ["down to exactly zero is not below", 1_000, [move("2027-01-31", -1_000)], { date: "2027-01-31", amount: 0 }, { months: null, runsOutOn: null }],
    ["float dust is not below zero", 0.3, [move("2027-01-31", -0.1), move("2027-01-31", -0.2)], { date: "2027-01-31", amount: 0 }, { months: null, runsOutOn: null }],
    ["below zero on Mar 31: January and February closed ≥ 0", 1_000, [move("2027-03-31", -1_000.01)], { date: "2027-03-31", amount: -0.01 }, { months: 2, runsOutOn: "2027-03-31" }],
    ["below zero on Mar 1: still 2 months", 1_000, [move("2027-03-01", -1_500)], { date: "2027-03-01", amount: -500 }, { months: 2, runsOutOn: "2027-03-01" }],
    ["below zero in the first month: 0 months", 100, [move("2027-01-15", -200)], { date: "2027-01-15", amount: -100 }, { months: 0, runsOutOn: "2027-01-15" }],
    ["negative from the start: runs out on the start date", -50, [move("2027-01-20", -10)], { date: "2027-01-20", amount: -60 }, { months: 0, runsOutOn: "2027-01-01" }],
    ["recovers later: the first day below zero counts", 100, [move("2027-02-05", -300), move("2027-02-06", 1_000), move("2028-05-01", -2_000)], { date: "2028-05-01", amount: -1_200 }, { months: 1, runsOutOn: "2027-02-05" }],
    ["across a year", 10_000, [move("2028-02-29", -10_001)], { date: "2028-02-29", amount: -1 }, { months: 13, runsOutOn: "2028-02-29" }],
    ["movements before the start are in the opening already", 100, [move("2026-12-31", -5_000)], { date: "2027-01-01", amount: 100 }, { months: null, runsOutOn: null }],
  ];
  for (const [label, opening, movements, lowest, runway] of table) assert.equal(lowestAndRunway(opening, "2027-01-01", movements), { lowest, runway }, label);
});

test.run();
