import { test } from "uvu";
import * as assert from "uvu/assert";
import { UPLOAD_TYPES } from "../../../src/contracts/uploads";
import { withImpliedPermissions } from "../../../src/domain/permissions/catalogue";
import { ROLE_PERMISSIONS } from "../../../src/domain/permissions/roles";
import { mayUploadType } from "../../../src/domain/uploads/upload-permissions";

test("which roles may upload which types", () => {
  const table: [keyof typeof ROLE_PERMISSIONS, string[]][] = [
    ["Administrator", ["reporting", "planning", "forecasting", "dimensions", "fx"]],
    ["C-Level", ["reporting", "planning", "forecasting", "dimensions"]],
    ["Delegate", ["reporting", "planning", "forecasting", "dimensions"]],
    ["Head of department", ["reporting", "planning", "dimensions"]],
    ["Employee", ["reporting", "dimensions"]],
  ];
  for (const [role, types] of table) {
    const who = { isStaff: false, permissions: withImpliedPermissions(ROLE_PERMISSIONS[role]) };
    assert.equal(UPLOAD_TYPES.filter((type) => mayUploadType(who, type)), types, role);
  }
  assert.equal(UPLOAD_TYPES.filter((type) => mayUploadType({ isStaff: true, permissions: new Set() }, type)), [...UPLOAD_TYPES], "staff");
});

test.run();
