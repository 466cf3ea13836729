// The investor reporting rules, table by table: status transitions, frozen or recalculated data,
// section names and slugs, recipient actions, the attachment budget, section settings and ranges.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { fitsAttachmentBudget } from "../../../src/domain/investor-reporting/attachments";
import { planRecipients } from "../../../src/domain/investor-reporting/recipients";
import { nextSectionName, nextSectionSlug } from "../../../src/domain/investor-reporting/section-naming";
import { defaultSettings, mergeSettings, sectionRanges } from "../../../src/domain/investor-reporting/section-settings";
import { dataSourceOf, transition } from "../../../src/domain/investor-reporting/status";
import { ALREADY_APPROVED, NOT_APPROVED, NOT_SENT_YET, RANGE_REVERSED, RECIPIENT_TWICE, RECIPIENT_UNKNOWN, RECIPIENTS_TOO_MANY, SETTINGS_NOT_FOR_VARIANT } from "../../../src/domain/investor-reporting/texts";
import { monthIndexOf } from "../../../src/domain/months";

test("status transitions", () => {
  const table = [
    ["draft", "approve", "approved"],
    ["approved", "approve", ALREADY_APPROVED],
    ["sent", "approve", ALREADY_APPROVED],
    ["draft", "send", NOT_APPROVED],
    ["approved", "send", "sent"],
    ["sent", "send", "sent"],
    ["draft", "notify", NOT_SENT_YET],
    ["approved", "notify", NOT_SENT_YET],
    ["sent", "notify", "sent"],
  ] as const;
  for (const [from, action, expected] of table) {
    const outcome = transition(from, action);
    assert.is(outcome.ok ? outcome.status : outcome.message, expected, `${from} ${action}`);
  }
});

test("frozen or recalculated", () => {
  assert.equal((["draft", "approved", "sent"] as const).map(dataSourceOf), ["recalculated", "frozen", "frozen"]);
});

test("section names numbered after the highest 'Section n'; slugs unique and never reused", () => {
  const table: [string[], string][] = [
    [[], "Section 1"],
    [["Section 1", "Section 2"], "Section 3"],
    [["Section 1", "Section 3"], "Section 4"],
    [["Intro", "Section 2 notes", "section 5"], "Section 1"],
    [["Section 9", "Letter"], "Section 10"],
  ];
  for (const [names, expected] of table) assert.is(nextSectionName(names), expected, names.join(", "));
  assert.is(nextSectionSlug([], "kpi"), "kpi_1");
  assert.is(nextSectionSlug(["kpi_1", "text_4"], "chart"), "chart_5");
});

test("recipient actions", () => {
  const current = ["anna@x.example", "ben@x.example"];
  const add = planRecipients(current, "add", [{ email: " Cleo@X.example ", name: " Cleo " }, { email: "ANNA@x.example", name: "" }]);
  assert.equal([add.add, add.remove, add.problems], [[{ email: "cleo@x.example", name: "Cleo" }], [], {}]);
  const set = planRecipients(current, "set", [{ email: "ben@x.example", name: "" }, { email: "dora@x.example", name: "" }]);
  assert.equal([set.add.map((entry) => entry.email), set.remove], [["dora@x.example"], ["anna@x.example"]]);
  assert.equal(planRecipients(current, "remove", [{ email: "zed@x.example", name: "" }]).problems, { "recipients.0.email": [RECIPIENT_UNKNOWN] });
  assert.equal(planRecipients(current, "notify", []).notify, current, "notify without names: everyone");
  assert.equal(planRecipients(current, "notify", [{ email: "BEN@x.example", name: "" }]).notify, ["ben@x.example"]);
  assert.equal(planRecipients([], "add", [{ email: "a@x.example", name: "" }, { email: "A@x.example", name: "" }]).problems, { "recipients.1.email": [RECIPIENT_TWICE] });
  const many = Array.from({ length: 201 }, (_, index) => ({ email: `r${index}@x.example`, name: "" }));
  assert.equal(planRecipients([], "set", many).problems, { recipients: [RECIPIENTS_TOO_MANY] });
});

test("attachment budget: the report's files, the new one included, within the limit", () => {
  const table: [number[], number, boolean][] = [
    [[], 100, true],
    [[40, 50], 10, true],
    [[40, 50], 11, false],
    [[], 0, false],
    [[100], 1, false],
  ];
  for (const [sizes, size, fits] of table) assert.is(fitsAttachmentBudget(sizes, size, 100), fits, `${sizes} + ${size}`);
});

test("settings: KPI defaults, keys of the variant only, ranges start before they end", () => {
  assert.equal(defaultSettings("text"), {});
  assert.equal(defaultSettings("chart"), { chartId: null });
  const kpi = defaultSettings("kpi");
  assert.equal([kpi.showComments, kpi.percentDeviation, kpi.deviation, kpi.compareWithPlanning, kpi.viewType], [true, true, true, true, "month"]);
  assert.equal(mergeSettings("text", {}, { kpiIds: [1] }).problems, { "settings.kpiIds": [SETTINGS_NOT_FOR_VARIANT] });
  assert.equal(mergeSettings("kpi", kpi, { fromStartDate: "2026-05-01", fromEndDate: "2026-04-01" }).problems, { "settings.fromEndDate": [RANGE_REVERSED] });
  assert.equal(mergeSettings("kpi", kpi, { deviation: false }).settings.deviation, false);
});

test("ranges: twelve months to the end date compared with the twelve before; a given range sets the other's length", () => {
  const end = monthIndexOf("2026-06-01");
  const spans = (settings: Parameters<typeof sectionRanges>[0]) => {
    const { to, from } = sectionRanges(settings, end);
    return [to.first - end, to.last - end, from.first - end, from.last - end];
  };
  assert.equal(spans({}), [-11, 0, -23, -12]);
  assert.equal(spans({ toStartDate: "2026-04-01" }), [-2, 0, -5, -3]);
  assert.equal(spans({ toStartDate: "2026-04-01", fromStartDate: "2025-04-01" }), [-2, 0, -14, -12]);
  assert.equal(spans({ toStartDate: "2026-01-01", toEndDate: "2026-03-01", fromEndDate: "2025-03-01" }), [-5, -3, -17, -15]);
});

test.run();
