import { test } from "uvu";
import * as assert from "uvu/assert";
import { ALREADY_APPROVED, APPROVAL_NEEDS_OWNER, approvalProblem, DEFINITION_REQUIRED, entryVisible, glossaryTextProblems, matchesGlossarySearch, stateAfterSave, type GlossaryText } from "../../../src/domain/kpi/glossary";
import { customKpiKey, disallowedFields } from "../../../src/domain/kpi/custom-kpi";

const text = (changes: Partial<GlossaryText> = {}): GlossaryText => ({ definition: "Money earned", formulaInWords: "Sum of invoices", ownerId: 7, source: "ERP", ...changes });

test("glossary state after a save, as a table", () => {
  const rows: [Parameters<typeof stateAfterSave>[0], GlossaryText, string][] = [
    [null, text(), "draft"],
    [{ state: "draft", text: text() }, text(), "draft"],
    [{ state: "approved", text: text() }, text(), "approved"],
    [{ state: "approved", text: text() }, text({ definition: "  Money earned " }), "approved"],
    [{ state: "approved", text: text() }, text({ definition: "Money earned, net" }), "draft"],
    [{ state: "approved", text: text() }, text({ ownerId: 8 }), "draft"],
    [{ state: "approved", text: text() }, text({ source: "CRM" }), "draft"],
    [{ state: "approved", text: text() }, text({ formulaInWords: "" }), "draft"],
  ];
  for (const [previous, next, state] of rows) assert.is(stateAfterSave(previous, next), state, JSON.stringify([previous, next]));
});

test("glossary validation and approval", () => {
  assert.equal(glossaryTextProblems(text()), {});
  assert.equal(glossaryTextProblems(text({ definition: "   " })), { definition: [DEFINITION_REQUIRED] });
  assert.equal(glossaryTextProblems(text({ source: "x".repeat(301) })), { source: ["Use at most 300 characters."] });
  assert.is(approvalProblem({ state: "draft", text: text() }), null);
  assert.is(approvalProblem({ state: "draft", text: text({ ownerId: null }) }), APPROVAL_NEEDS_OWNER);
  assert.is(approvalProblem({ state: "approved", text: text() }), ALREADY_APPROVED);
  assert.equal([entryVisible("approved", false), entryVisible("draft", false), entryVisible("draft", true)], [true, false, true]);
});

test("glossary search: every word, anywhere, any case", () => {
  const words = ["Gross margin", "Gross profit over revenue", "Finance", "Ada Lovelace"];
  assert.ok(matchesGlossarySearch(words, ""));
  assert.ok(matchesGlossarySearch(words, "margin lovelace"));
  assert.ok(matchesGlossarySearch(words, "  REVENUE "));
  assert.not.ok(matchesGlossarySearch(words, "margin churn"));
});

test("custom KPI keys and which fields a KPI lets change", () => {
  assert.is(customKpiKey("Net revenue (EU)", new Set()), "custom_net_revenue_eu");
  assert.is(customKpiKey("Net revenue (EU)", new Set(["custom_net_revenue_eu", "custom_net_revenue_eu_2"])), "custom_net_revenue_eu_3");
  assert.is(customKpiKey("Umsatz Österreich", new Set()), "custom_umsatz_osterreich");
  assert.is(customKpiKey("€ / %", new Set()), "custom_kpi");
  assert.match(customKpiKey("a".repeat(80), new Set()), /^custom_a{40}$/);
  assert.equal(disallowedFields(false, ["sensitivity", "cadence", "validationState"]), []);
  assert.equal(disallowedFields(false, ["name", "unit", "cadence"]), ["name", "unit"]);
  assert.equal(disallowedFields(true, ["name", "unit", "higherIsBetter", "categoryId"]), []);
});

test.run();
