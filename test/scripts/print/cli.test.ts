import { test } from "uvu";
import * as assert from "uvu/assert";
import { parseArguments } from "../../../scripts/print/cli";

test("render-print's arguments: the route, the user, the file, and the optional choices checked", () => {
  assert.equal(parseArguments(["/export/custom-dashboard/3", "--user", "anna@example.com", "--out", "a.pdf", "--theme", "light", "--orientation", "portrait"]), {
    route: "/export/custom-dashboard/3",
    user: "anna@example.com",
    out: "a.pdf",
    theme: "light",
    orientation: "portrait",
    tenant: undefined,
  });
  assert.match(String(parseArguments(["--user", "a@b.c", "--out", "a.pdf"])), /Name the print route/);
  assert.match(String(parseArguments(["/export/custom-dashboard/3", "--out", "a.pdf"])), /--user EMAIL/);
  assert.match(String(parseArguments(["/export/custom-dashboard/3", "--user", "a@b.c"])), /--out FILE\.pdf/);
  assert.match(String(parseArguments(["/export/custom-dashboard/3", "--user", "a@b.c", "--out", "a.pdf", "--theme", "sepia"])), /light or dark/);
  assert.match(String(parseArguments(["/export/custom-dashboard/3", "--user", "a@b.c", "--out", "a.pdf", "--colour", "red"])), /Unknown option --colour/);
  assert.match(String(parseArguments(["/export/custom-dashboard/3", "--user"])), /--user needs a value/);
});

test.run();
