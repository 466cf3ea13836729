import { test } from "uvu";
import * as assert from "uvu/assert";
import { isPrintPath, printRouteOf } from "../../../src/domain/navigation/print-routes";

test("the print routes of a custom dashboard and of an investor report, and what they print", () => {
  assert.equal(printRouteOf("/print/reporting/custom-dashboard/12"), { purpose: "print", resource: { kind: "custom-dashboard", id: 12 } });
  assert.equal(printRouteOf("/export/custom-dashboard/12"), { purpose: "export", resource: { kind: "custom-dashboard", id: 12 } });
  assert.equal(printRouteOf("/export/custom-dashboard/12/"), { purpose: "export", resource: { kind: "custom-dashboard", id: 12 } });
  assert.equal(printRouteOf("/print/investor-reporting/3"), { purpose: "print", resource: { kind: "investor-report", id: 3 } });
  for (const path of ["/export/custom-dashboard/0", "/export/custom-dashboard/abc", "/export/custom-dashboard/99999999999999999999", "/reporting/custom-dashboard/12", "/investor-reporting/3", "/print/investor-reporting/x"]) {
    assert.is(printRouteOf(path), null, path);
  }
  assert.ok(isPrintPath("/print/investor-reporting/3"));
  assert.ok(isPrintPath("/export/custom-dashboard/1"));
  assert.not.ok(isPrintPath("/reporting/custom-dashboard/1"));
});

test.run();
