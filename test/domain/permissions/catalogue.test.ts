import { test } from "uvu";
import * as assert from "uvu/assert";
import { withImpliedPermissions } from "../../../src/domain/permissions/catalogue";
import { ROLE_NAMES, ROLE_PERMISSIONS } from "../../../src/domain/permissions/roles";

test("higher permissions include lower ones, transitively", () => {
  const table: [string[], string[]][] = [
    [["read_super_sensitive"], ["read_most_sensitive", "read_non_sensitive", "read_sensitive", "read_super_sensitive"]],
    [["write_sensitive"], ["read_non_sensitive", "read_sensitive", "write_non_sensitive", "write_sensitive"]],
    [["write_corporate_okrs"], ["read_corporate_okrs", "read_employee_okrs", "read_team_okrs", "write_corporate_okrs", "write_employee_okrs", "write_team_okrs"]],
    [["read_non_sensitive"], ["read_non_sensitive"]],
    [["no_such_permission"], []],
  ];
  for (const [granted, expected] of table) assert.equal([...withImpliedPermissions(granted)].sort(), expected.sort(), granted.join());
});

test("every role maps to known permissions; only administrators manage users and company settings", () => {
  for (const role of ROLE_NAMES) {
    const resolved = withImpliedPermissions(ROLE_PERMISSIONS[role]);
    assert.is(resolved.size >= ROLE_PERMISSIONS[role].length, true, role);
    assert.is(resolved.has("manage_users"), role === "Administrator", role);
    assert.is(resolved.has("manage_company_settings"), role === "Administrator", role);
  }
  assert.not.ok(withImpliedPermissions(ROLE_PERMISSIONS.External).has("read_sensitive"));
});

test.run();
