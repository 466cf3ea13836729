import { test } from "uvu";
import * as assert from "uvu/assert";
import { nextNightlyRun } from "../../../src/domain/query-builder/nightly";

test("the next nightly run is the next 02:00 UTC strictly after now", () => {
  const cases: [string, string][] = [
    ["2026-03-10T01:59:59.999Z", "2026-03-10T02:00:00.000Z"],
    ["2026-03-10T02:00:00.000Z", "2026-03-11T02:00:00.000Z"],
    ["2026-03-10T14:30:00.000Z", "2026-03-11T02:00:00.000Z"],
    ["2026-12-31T23:00:00.000Z", "2027-01-01T02:00:00.000Z"],
    ["2028-02-28T03:00:00.000Z", "2028-02-29T02:00:00.000Z"],
  ];
  for (const [now, next] of cases) assert.is(nextNightlyRun(new Date(now)).toISOString(), next, now);
});

test.run();
