import { test } from "uvu";
import * as assert from "uvu/assert";
import { calendarDateIn } from "../../../src/domain/company/time-zones";
import { actionIssueGroup, isOverdue, mayChangeAction, mayDeleteComment, mayEditComment, type ActionFacts } from "../../../src/domain/collaboration/actions";

const today = "2026-11-26";
const cases: [string, ActionFacts, boolean, ReturnType<typeof actionIssueGroup>][] = [
  ["open, due yesterday", { status: "open", dueDate: "2026-11-25", doneOn: null }, true, "active"],
  ["in progress, due long ago", { status: "in_progress", dueDate: "2025-01-31", doneOn: null }, true, "active"],
  ["open, due today: still in time", { status: "open", dueDate: today, doneOn: null }, false, null],
  ["open, due tomorrow", { status: "open", dueDate: "2026-11-27", doneOn: null }, false, null],
  ["open, no due date", { status: "open", dueDate: null, doneOn: null }, false, null],
  ["done on its due date", { status: "done", dueDate: "2026-11-20", doneOn: "2026-11-20" }, false, null],
  ["done before its due date", { status: "done", dueDate: "2026-11-30", doneOn: "2026-11-02" }, false, null],
  ["done after its due date: settled, late", { status: "done", dueDate: "2026-11-20", doneOn: "2026-11-21" }, false, "inactive"],
  ["done, never had a due date", { status: "done", dueDate: null, doneOn: "2026-11-21" }, false, null],
];

for (const [name, action, overdue, group] of cases) {
  test(`action ${name}`, () => {
    assert.is(isOverdue(action, today), overdue);
    assert.is(actionIssueGroup(action, today), group);
  });
}

test("today is the company's calendar date, not UTC's", () => {
  const lateEvening = new Date("2026-11-26T23:30:00Z");
  assert.is(calendarDateIn(lateEvening, "UTC"), "2026-11-26");
  assert.is(calendarDateIn(lateEvening, "Europe/Berlin"), "2026-11-27");
  assert.is(calendarDateIn(new Date("2026-03-29T00:30:00Z"), "America/New_York"), "2026-03-28");
});

const ada = { userId: 1, administrator: false };
const admin = { userId: 9, administrator: true };
const rules: [string, boolean, boolean][] = [
  ["the author", mayEditComment(ada, 1), mayDeleteComment(ada, 1)],
  ["someone else", mayEditComment(ada, 2), mayDeleteComment(ada, 2)],
  ["an administrator", mayEditComment(admin, 2), mayDeleteComment(admin, 2)],
];
const expected: Record<string, [boolean, boolean]> = { "the author": [true, true], "someone else": [false, false], "an administrator": [false, true] };
for (const [who, edit, remove] of rules) test(`a comment: ${who} may edit ${expected[who]![0]}, delete ${expected[who]![1]}`, () => assert.equal([edit, remove], expected[who]));

test("an action is changed by its assignee, its creator or an administrator", () => {
  const action = { assignedUserId: 2, createdBy: 3 };
  assert.ok(mayChangeAction({ userId: 2, administrator: false }, action));
  assert.ok(mayChangeAction({ userId: 3, administrator: false }, action));
  assert.ok(mayChangeAction(admin, action));
  assert.not.ok(mayChangeAction(ada, action));
});

test.run();
