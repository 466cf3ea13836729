import { Schema } from "@effect/schema";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { FiniteNumber, IsoDate, List, MonthDate, RecordId, Text } from "../../../../src/contracts/fields";
import { decodeInput, decodeParams, decodeQuery, MAX_FIELD_MESSAGES, quoted } from "../../../../src/server/platform/http/decode";
import { HttpError } from "../../../../src/server/platform/http/errors";
import { IdParams } from "../../../../src/server/platform/http/route";

const refusal = (work: () => unknown) => {
  try {
    work();
  } catch (error) {
    assert.instance(error, HttpError);
    return { status: (error as HttpError).statusCode, body: (error as HttpError).body };
  }
  throw new Error("expected a refusal");
};

const Contract = Schema.Struct({
  id: RecordId,
  amount: Schema.Union(FiniteNumber, Schema.Literal("-")),
  name: Text(10),
  month: MonthDate,
  day: Schema.optional(IsoDate),
  kind: Schema.Literal("a", "b"),
  tags: List(Text(5), 2),
});
const valid = { id: 3, amount: 1.5, name: "ok", month: "2026-04-01", kind: "a", tags: ["x"] };

test("plain words by field, never a schema dump", () => {
  assert.equal(decodeInput(Contract, valid), valid);
  const cases: [Record<string, unknown>, Record<string, string[]>][] = [
    [{ id: 1.5 }, { id: ["must be a whole number"] }],
    [{ id: 0 }, { id: ["must be a positive whole number"] }],
    [{ id: 2 ** 53 }, { id: ["must be a positive whole number"] }],
    [{ id: "7" }, { id: ["must be a number"] }],
    [{ amount: "x" }, { amount: ['must be a number or "-"'] }],
    [{ name: "x".repeat(11) }, { name: ["must be at most 10 characters"] }],
    [{ month: "2026-04-15" }, { month: ["Enter the first day of a month (YYYY-MM-01)."] }],
    [{ month: "1899-12-01" }, { month: ["must be a month from 1900 to 2200"] }],
    [{ day: "2026-02-30" }, { day: ["must be a real calendar date"] }],
    [{ day: "2201-01-01" }, { day: ["must be a date from 1900 to 2200"] }],
    [{ kind: "c" }, { kind: ['must be one of: "a", "b"'] }],
    [{ tags: ["a", "b", "c"] }, { tags: ["must have at most 2 items"] }],
    [{ tags: null }, { tags: ["must be a list"] }],
  ];
  for (const [change, expected] of cases) assert.equal(refusal(() => decodeInput(Contract, { ...valid, ...change })), { status: 400, body: expected }, JSON.stringify(change));
  const { name: _left, ...withoutName } = valid;
  assert.equal(refusal(() => decodeInput(Contract, withoutName)).body, { name: ["This field is required."] });
});

test("NUL, non-finite numbers and giant values are refused before any schema work", () => {
  assert.equal(refusal(() => decodeInput(Contract, { ...valid, name: "a\u0000b" })).body, { name: ["must not contain the NUL character"] });
  assert.equal(refusal(() => decodeInput(Contract, JSON.parse('{"amount":1e400}'))).body, { amount: ["must be a finite number"] });
  assert.equal(refusal(() => decodeInput(Schema.Unknown, { deep: { list: Array.from({ length: 10_001 }, () => 0) } })).body, { "deep.list": ["must have at most 10000 items"] });
  assert.equal(refusal(() => decodeInput(Schema.Unknown, { text: "x".repeat(100_001) })).body, { text: ["must be at most 100000 characters"] });
});

test("an error body stays small whatever the request", () => {
  const huge = { ...valid, tags: Array.from({ length: 5_000 }, () => "y".repeat(50)) };
  const body = refusal(() => decodeInput(Schema.Struct({ tags: Schema.Array(RecordId) }), huge)).body;
  assert.ok(JSON.stringify(body).length < 4096, `${JSON.stringify(body).length} bytes`);
  assert.ok(Object.keys(body).length <= MAX_FIELD_MESSAGES + 1);
  assert.ok(!JSON.stringify(body).includes("y".repeat(50)), "the input is not quoted");
  assert.is(quoted("z".repeat(500)).length, 82, "at most 80 characters of input, in quotes");
});

test("a query key given twice is refused; path ids: malformed 400, impossible 404", () => {
  assert.equal(refusal(() => decodeQuery(Schema.Struct({ a: Schema.String }), { a: ["1", "2"] })).body, { a: ["must be given once"] });
  assert.equal(decodeParams(IdParams, { id: "12" }), { id: 12 });
  assert.equal(refusal(() => decodeParams(IdParams, { id: "1.5" })), { status: 400, body: { id: ["must be a whole number"] } });
  assert.is(refusal(() => decodeParams(IdParams, { id: "99999999999999999999" })).status, 404);
  assert.is(refusal(() => decodeParams(IdParams, { id: "0" })).status, 404);
});

test.run();
