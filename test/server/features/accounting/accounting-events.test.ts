import { test } from "uvu";
import * as assert from "uvu/assert";
import { accountingEventFilters } from "../../../../src/server/features/accounting/accounting-event-filter";
import { kpiEventFilters } from "../../../../src/server/features/kpis/kpi-event-filter";
import { testDatabase } from "../../../support/database";
import { accountingCompany, archiveOf, setUpStatementAndMapping, system } from "./fixture";

test("the wizard's events reach the integration managers' streams only; the written values reach each reader as far as they may read them", async () => {
  const company = await accountingCompany();
  const { withTenant } = await testDatabase();
  await company.upload(archiveOf());
  await setUpStatementAndMapping(company);
  const seq = await company.lastSeq();
  await company.call("POST", "/complete/");
  const [completed, values] = await company.eventsAfter(seq);
  const seen = (type: string, payload: unknown, userId: number) =>
    withTenant(company.tenantId, system, (context) => ({ ...kpiEventFilters, ...accountingEventFilters })[type]!(payload, context, userId));
  assert.equal(await seen(completed!.type, completed!.payload, company.users.admin), completed!.payload);
  assert.equal(await seen(completed!.type, completed!.payload, company.users.manager), completed!.payload);
  assert.is(await seen(completed!.type, completed!.payload, company.users.employee), null);
  // The employee reads up to level 1: revenue (level 0) but not costs (level 2).
  const employeeValues = (await seen(values!.type, values!.payload, company.users.employee)) as { values: { kpi: number }[] };
  assert.equal([...new Set(employeeValues.values.map((value) => value.kpi))], [company.ids.revenue]);
  for (const type of ["AccountingStatementSaved", "AccountingImportUploaded", "AccountingImportDeleted", "AccountingAccountsMapped", "AccountingSetupCompleted"]) {
    assert.ok(accountingEventFilters[type], `${type} has a filter`);
  }
});

test.run();
