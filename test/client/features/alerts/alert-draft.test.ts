import { test } from "uvu";
import * as assert from "uvu/assert";
import { conditionOfDraft, draftFieldsOf, draftOf, NEW_ALERT_DRAFT, type AlertDraft } from "../../../../src/client/features/alerts/alert-draft";

const draft = (changes: Partial<AlertDraft>): AlertDraft => ({ ...NEW_ALERT_DRAFT, ...changes });

test("the dialog's draft as a condition: empty boxes are no boundary, numbers in English format and the KPI's unit", () => {
  const table: [AlertDraft, string, unknown][] = [
    [draft({ lower: "100", upper: "" }), "number", { condition: { kind: "boundary", lower: 100, upper: null } }],
    [draft({ lower: "", upper: "1,250.5" }), "number", { condition: { kind: "boundary", lower: null, upper: 1250.5 } }],
    [draft({ lower: "1.2m", upper: "" }), "currency", { condition: { kind: "boundary", lower: 1_200_000, upper: null } }],
    [draft({ lower: "", upper: "" }), "number", { problems: { lower: ["Enter a lower boundary, an upper boundary or both."] } }],
    [draft({ lower: "300", upper: "200" }), "number", { problems: { upper: ["The upper boundary must not be below the lower boundary."] } }],
    [draft({ lower: "1.000,5" }), "number", { problems: { lower: ["Enter a number in English format, such as 1234.56 or 1,234.56: a point for decimals, commas only between groups of three digits."] } }],
    [draft({ lower: "-" }), "number", { problems: { lower: ["Leave the box empty for no value."] } }],
    [draft({ kind: "change", direction: "down", percent: "15", minimumBaseline: "10k", basis: "plan" }), "currency", { condition: { kind: "change", basis: "plan", direction: "down", percent: 15, minimumBaseline: 10_000 } }],
    [draft({ kind: "change", percent: "12.5", minimumBaseline: "" }), "number", { condition: { kind: "change", basis: "previous_period", direction: "either", percent: 12.5, minimumBaseline: 0 } }],
    [draft({ kind: "change", percent: "" }), "number", { problems: { percent: ["Enter the change in percent, such as 10."] } }],
    [draft({ kind: "change", percent: "0" }), "number", { problems: { percent: ["Enter a change above 0 %."] } }],
  ];
  for (const [input, unit, expected] of table) assert.equal(conditionOfDraft(input, unit), expected, JSON.stringify(input));
});

test("an alert's draft round-trips; server fields lose their condition prefix", () => {
  const alert = { id: 1, kpiId: 5, kpiName: "Revenue", kpiUnit: "number", condition: { kind: "change", basis: "plan", direction: "up", percent: 20, minimumBaseline: 500 }, monthOffset: -1, frequency: "monthly", paused: false, createdAt: "", lastCheckedAt: null, lastCheckNote: null, lastTriggeredAt: null, nextCheckAt: null, history: [] } as const;
  const edited = draftOf(alert);
  assert.equal([edited.kind, edited.percent, edited.minimumBaseline, edited.monthOffset, edited.frequency], ["change", "20", "500", -1, "monthly"]);
  assert.equal(conditionOfDraft(edited, "number"), { condition: alert.condition });
  assert.equal(draftFieldsOf({ "condition.lower": ["x"], kpiId: ["y"] }), { lower: ["x"], kpiId: ["y"] });
});

test.run();
