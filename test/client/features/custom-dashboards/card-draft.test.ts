import { test } from "uvu";
import * as assert from "uvu/assert";
import { CHOOSE_KPI_TEXT, contentOf, draftOf, emptyDraft, isDraftDirty, TIME_RANGE_TEXT } from "../../../../src/client/features/custom-dashboards/card-draft";

test("a draft makes the card's content by its type, or says what is missing", () => {
  assert.equal(contentOf({ ...emptyDraft("text"), text: "Hi" }), { content: { type: "text", text: "Hi" } });
  assert.equal(contentOf(emptyDraft("kpi")), { errors: { kpiId: CHOOSE_KPI_TEXT } });
  assert.equal(contentOf({ ...emptyDraft("kpiChart"), kpiId: 3, timeRange: 0 }), { errors: { timeRange: TIME_RANGE_TEXT } });
  assert.equal(contentOf({ ...emptyDraft("kpiChart"), kpiId: 3, bucketSize: 3, timeRange: 24 }), { content: { type: "kpiChart", kpiId: 3, bucketSize: 3, timeRange: 24 } });
  assert.equal(contentOf({ ...emptyDraft("chart"), chartId: 8 }), { content: { type: "chart", chartId: 8 } });
});

test("a draft is dirty when the card would change; switching the type away and back is not a change", () => {
  const original = draftOf({ title: "Revenue", content: { type: "kpi", kpiId: 3 } });
  assert.is(isDraftDirty(original, original), false);
  assert.is(isDraftDirty({ ...original, type: "text" }, original), true);
  assert.is(isDraftDirty({ ...original, type: "text", text: "typed" }, original), true);
  assert.is(isDraftDirty({ ...original, text: "typed while a text" }, original), false, "text typed under another type does not change a KPI card");
  assert.is(isDraftDirty({ ...original, title: "Sales" }, original), true);
});

test.run();
