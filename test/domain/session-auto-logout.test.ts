import { test } from "uvu";
import * as assert from "uvu/assert";
import { minutesUntilLogout } from "../../src/domain/session/auto-logout";

test("minutes left = remaining lifetime rounded up by adding 59 s", () => {
  const now = Date.parse("2026-11-21T10:00:00Z");
  const table: [number, number][] = [
    [30 * 60_000, 30],
    [29 * 60_000 + 1_000, 30],
    [29 * 60_000 + 500, 29], // 29 min 0.5 s + 59 s is still under 30 min
    [60_000, 1],
    [1_000, 1],
    [500, 0],
    [0, 0],
    [-60_000, -1],
  ];
  for (const [remaining, minutes] of table) assert.is(minutesUntilLogout(now + remaining, now), minutes, `${remaining} ms`);
});

test.run();
