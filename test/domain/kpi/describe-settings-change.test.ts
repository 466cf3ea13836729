import { test } from "uvu";
import * as assert from "uvu/assert";
import { describeServerEvent } from "../../../src/domain/notifications/describe-event";

const context = { actorName: "Ada", kpiName: (id: number) => (id === 7 ? "Churn" : undefined) };
const said = (type: string, payload: object) => describeServerEvent(type, payload, context);

test("KPI settings changes in words, with where to see them", () => {
  assert.equal(said("CustomKpiCreated", { kpiId: 7, name: "Churn" }), { text: "Ada created the custom KPI Churn", href: "/reporting/kpi-detail/7" });
  assert.equal(said("KpiBenchmarksChanged", { kpiId: 7 }), { text: "Ada changed the benchmarks of Churn", href: "/reporting/kpi-detail/7" });
  assert.equal(said("KpiSettingsChanged", { kpiId: 8 }), { text: "Ada changed the settings of a KPI", href: "/reporting/kpi-detail/8" });
  assert.equal(said("CustomKpiDeleted", { kpiId: 9, name: "Old" }), { text: "Ada deleted the custom KPI Old", href: null });
  assert.equal(said("KpiCategoryDeleted", { categoryId: 2, name: "Mine", kpiIds: [1, 2] }), { text: "Ada deleted the KPI category Mine and its 2 KPIs", href: null });
  assert.equal(said("GlossaryEntryApproved", { kpiId: 7 }), { text: "Ada approved the glossary entry of Churn", href: "/reporting/kpi-glossary/7" });
});

test.run();
