import { test } from "uvu";
import * as assert from "uvu/assert";
import { withImpliedPermissions } from "../../../src/domain/permissions/catalogue";
import { canReadSensitivity, canWriteSensitivity } from "../../../src/domain/permissions/sensitivity";

test("who reads and writes which sensitivity level, as a table", () => {
  const table: [string[], [boolean, boolean, boolean, boolean], [boolean, boolean, boolean, boolean]][] = [
    [["read_non_sensitive"], [true, false, false, false], [false, false, false, false]],
    [["read_sensitive"], [true, true, false, false], [false, false, false, false]],
    [["read_most_sensitive"], [true, true, true, false], [false, false, false, false]],
    [["read_super_sensitive"], [true, true, true, true], [false, false, false, false]],
    [["write_sensitive"], [true, true, false, false], [true, true, false, false]],
    [["write_non_sensitive", "read_most_sensitive"], [true, true, true, false], [true, false, false, false]],
    [[], [false, false, false, false], [false, false, false, false]],
  ];
  for (const [granted, reads, writes] of table) {
    const permissions = withImpliedPermissions(granted);
    assert.equal([0, 1, 2, 3].map((level) => canReadSensitivity(permissions, level)), reads, `read with ${granted.join()}`);
    assert.equal([0, 1, 2, 3].map((level) => canWriteSensitivity(permissions, level)), writes, `write with ${granted.join()}`);
  }
});

test.run();
