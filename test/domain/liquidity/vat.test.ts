import { test } from "uvu";
import * as assert from "uvu/assert";
import type { VatSettlement } from "../../../src/contracts/liquidity";
import { revenueReceipt } from "../../../src/domain/liquidity/receipts";
import { vatOn, vatSettlements } from "../../../src/domain/liquidity/vat";

test("the VAT of a month is settled on the 10th after its month or its calendar quarter", () => {
  const table: [string, "monthly" | "quarterly", string, string][] = [
    ["2027-01-01", "monthly", "2027-01-01", "2027-02-10"],
    ["2027-12-01", "monthly", "2027-12-01", "2028-01-10"], // across the year
    ["2027-01-01", "quarterly", "2027-03-01", "2027-04-10"],
    ["2027-02-01", "quarterly", "2027-03-01", "2027-04-10"],
    ["2027-03-01", "quarterly", "2027-03-01", "2027-04-10"],
    ["2027-05-01", "quarterly", "2027-06-01", "2027-07-10"],
    ["2027-11-01", "quarterly", "2027-12-01", "2028-01-10"],
  ];
  for (const [month, settlement, periodTo, settledOn] of table) {
    const [entry] = vatSettlements([{ month, output: 1, input: 0 }], settlement);
    assert.equal([entry!.periodTo, entry!.settledOn], [periodTo, settledOn], `${month} ${settlement}`);
  }
});

test("output minus input VAT per period; a negative balance is a refund", () => {
  const months = [
    { month: "2027-01-01", output: 1_900, input: 400 },
    { month: "2027-02-01", output: 0, input: 800 },
    { month: "2027-03-01", output: 500, input: 100 },
    { month: "2027-04-01", output: 100, input: 300 },
  ];
  assert.equal(vatSettlements(months, "monthly").map((entry) => [entry.settledOn, entry.balance]), [
    ["2027-02-10", 1_500],
    ["2027-03-10", -800],
    ["2027-04-10", 400],
    ["2027-05-10", -200],
  ]);
  assert.equal(vatSettlements(months, "quarterly"), [
    { periodFrom: "2027-01-01", periodTo: "2027-03-01", settledOn: "2027-04-10", output: 2_400, input: 1_300, balance: 1_100 },
    { periodFrom: "2027-04-01", periodTo: "2027-06-01", settledOn: "2027-07-10", output: 100, input: 300, balance: -200 },
  ]);
  assert.equal(vatSettlements(months, "none"), []);
});

test("VAT on an amount, none without settlement", () => {
  const table: [number, number, VatSettlement, number][] = [
    [100, 19, "monthly", 19],
    [100, 7, "quarterly", 7],
    [100, 19, "none", 0],
    [100, 0, "monthly", 0],
  ];
  for (const [net, rate, settlement, vat] of table) assert.is(vatOn(net, rate, settlement), vat, `${net} at ${rate} % ${settlement}`);
});

test("revenue is invoiced on the month's last day and received after the payment delay, with VAT", () => {
  const table: [string, number, string, string][] = [
    ["2027-01-01", 30, "2027-01-31", "2027-03-02"],
    ["2027-02-01", 0, "2027-02-28", "2027-02-28"],
    ["2028-02-01", 1, "2028-02-29", "2028-03-01"],
    ["2027-12-01", 14, "2027-12-31", "2028-01-14"], // across the year
    ["2027-11-01", 365, "2027-11-30", "2028-11-29"], // 2028 is a leap year
  ];
  for (const [month, delay, invoicedOn, receivedOn] of table) {
    const receipt = revenueReceipt(month, 1_000, 19, delay, "monthly");
    assert.equal(receipt, { invoicedOn, receivedOn, net: 1_000, vat: 190, gross: 1_190 }, `${month} + ${delay} days`);
  }
  assert.is(revenueReceipt("2027-01-01", 1_000, 19, 30, "none").gross, 1_000, "net when no VAT is settled");
});

test.run();
