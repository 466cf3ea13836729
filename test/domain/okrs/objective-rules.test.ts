import { test } from "uvu";
import * as assert from "uvu/assert";
import { withImpliedPermissions } from "../../../src/domain/permissions/catalogue";
import { ROLE_PERMISSIONS, type RoleName } from "../../../src/domain/permissions/roles";
import {
  mayReadObjective,
  mayWriteObjective,
  parentProblem,
  parentsKeptOnMove,
  positionsProblem,
  reorderedGroup,
  type ObjectivePlace,
  type OkrLevel,
} from "../../../src/domain/okrs/objective-rules";

const objective = (id: number, level: OkrLevel) => ({ id, level });

test("parent links: higher levels only, at most two for a team objective", () => {
  const table: [OkrLevel, number | null, { id: number; level: OkrLevel }[], ReturnType<typeof parentProblem>][] = [
    ["team", null, [objective(1, "corporate")], null],
    ["team", null, [objective(1, "corporate"), objective(2, "corporate")], null],
    ["team", null, [objective(1, "corporate"), objective(2, "corporate"), objective(3, "corporate")], "too_many"],
    ["team", null, [objective(1, "team")], "not_higher"],
    ["team", null, [objective(1, "employee")], "not_higher"],
    ["employee", null, [objective(1, "team"), objective(2, "corporate"), objective(3, "corporate")], null],
    ["employee", null, [objective(1, "employee")], "not_higher"],
    ["corporate", null, [objective(1, "corporate")], "not_higher"],
    ["corporate", 5, [], null],
    ["team", 4, [objective(4, "corporate")], "not_higher"],
  ];
  for (const [level, self, parents, expected] of table) assert.is(parentProblem(level, self, parents, 2), expected, `${level} → ${JSON.stringify(parents)}`);
});

test("a move keeps the parents still of a higher level, at most as many as the new level allows", () => {
  const parents = [objective(1, "corporate"), objective(2, "team"), objective(3, "corporate"), objective(4, "corporate")];
  assert.equal(parentsKeptOnMove("employee", parents, 2).map((p) => p.id), [1, 2, 3, 4]);
  assert.equal(parentsKeptOnMove("team", parents, 2).map((p) => p.id), [1, 3]);
  assert.equal(parentsKeptOnMove("corporate", parents, 2), []);
});

test("positions: each once, known, of one level and unit or owner; the rest of the group follows", () => {
  const place = (id: number, level: OkrLevel, categoryId: number | null = null, ownerUserId: number | null = null): [number, ObjectivePlace] => [id, { id, level, categoryId, ownerUserId }];
  const known = new Map([place(1, "corporate"), place(2, "corporate"), place(3, "team", 7), place(4, "team", 8), place(5, "employee", null, 9), place(6, "employee", null, 9)]);
  const table: [number[], ReturnType<typeof positionsProblem>][] = [
    [[2, 1], null],
    [[1, 1], "duplicate"],
    [[1, 99], "unknown"],
    [[1, 3], "mixed"],
    [[3, 4], "mixed"],
    [[6, 5], null],
  ];
  for (const [ids, expected] of table) assert.is(positionsProblem(ids, known), expected, JSON.stringify(ids));
  assert.equal(reorderedGroup([4, 2], [1, 2, 3, 4, 5]), [4, 2, 1, 3, 5]);
});

test("who reads and writes which objective, by role", () => {
  const viewer = (role: RoleName, userId = 1) => ({ userId, isStaff: false, permissions: withImpliedPermissions(ROLE_PERMISSIONS[role]) });
  const corporate = { level: "corporate" as const, ownerUserId: null };
  const team = { level: "team" as const, ownerUserId: null };
  const own = { level: "employee" as const, ownerUserId: 1 };
  const others = { level: "employee" as const, ownerUserId: 2 };
  const table: [RoleName, [boolean, boolean], [boolean, boolean], [boolean, boolean], [boolean, boolean]][] = [
    // role          corporate r/w   team r/w       own r/w        another's r/w
    ["Administrator", [true, true], [true, true], [true, true], [true, true]],
    ["C-Level", [true, true], [true, true], [true, true], [true, true]],
    ["Head of department", [true, false], [true, true], [true, true], [true, true]],
    ["Delegate", [true, false], [true, true], [true, true], [true, true]],
    ["Employee", [false, false], [true, false], [true, true], [true, false]],
    ["External", [false, false], [false, false], [false, false], [false, false]],
    ["Investor", [false, false], [false, false], [false, false], [false, false]],
  ];
  for (const [role, ...expected] of table) {
    const actual = [corporate, team, own, others].map((objective) => [mayReadObjective(viewer(role), objective), mayWriteObjective(viewer(role), objective)]);
    assert.equal(actual, expected, role);
  }
  const onlyOwn = { userId: 1, isStaff: false, permissions: new Set(["write_employee_okrs" as const]) };
  assert.equal([mayReadObjective(onlyOwn, own), mayWriteObjective(onlyOwn, own), mayWriteObjective(onlyOwn, others)], [true, true, false]);
  const staff = { userId: 1, isStaff: true, permissions: new Set<never>() };
  assert.equal([mayReadObjective(staff, corporate), mayWriteObjective(staff, corporate)], [true, true]);
});

test.run();
