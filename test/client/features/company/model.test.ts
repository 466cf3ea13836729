// The company settings model: events in, model out.
import { test } from "uvu";
import * as assert from "uvu/assert";
import type { DomainEvent } from "../../../../src/contracts/messages";
import type { OrgDepartment, OrgStructure, OrgTeam } from "../../../../src/contracts/organization";
import { companyReducer, initialCompany, withoutUnit, withUnit } from "../../../../src/client/features/company/model";

const envelope = (event: DomainEvent) => ({ seq: 1, type: event._tag, version: 1, payload: event, occurredAt: "2026-11-26T10:00:00Z", origin: "local" as const });
const fold = (events: DomainEvent[], from = initialCompany) => events.reduce((model, event) => companyReducer(model, event, envelope(event)), from);
const team = (id: number, departmentId: number, name: string): OrgTeam => ({ id, kind: "team", departmentId, name, lead: null, members: [] });
const department = (id: number, name: string, teams: OrgTeam[] = []): OrgDepartment => ({ id, kind: "department", name, lead: null, members: [], teams });
const names = (structure: OrgStructure) => structure.departments.map((unit) => [unit.name, unit.teams.map((member) => member.name)]);

test("a unit put in its place: departments by name keeping their teams; a team into its (new) department by name", () => {
  const start: OrgStructure = { departments: [department(1, "Sales", [team(3, 1, "North")]), department(2, "Finance")] };
  assert.equal(names(withUnit(start, department(4, "Operations"))), [["Sales", ["North"]], ["Finance", []], ["Operations", []]].sort((a, b) => String(a[0]).localeCompare(String(b[0]))));
  assert.equal(names(withUnit(start, department(1, "Aftersales"))), [["Aftersales", ["North"]], ["Finance", []]], "renamed: keeps its teams, sorted again");
  assert.equal(names(withUnit(start, team(5, 1, "East"))), [["Sales", ["East", "North"]], ["Finance", []]]);
  assert.equal(names(withUnit(start, team(3, 2, "North"))), [["Sales", []], ["Finance", ["North"]]], "moved to another department");
  assert.equal(names(withoutUnit(start, 3)), [["Sales", []], ["Finance", []]]);
  assert.equal(names(withoutUnit(start, 1)), [["Finance", []]]);
});

test("a change's life: busy, failed with the server's field messages, then saved and idle", () => {
  const failed = fold([
    { _tag: "CompanyActionStarted", action: "unit" },
    { _tag: "CompanyActionFailed", action: "unit", message: "A department with this name already exists.", fields: { name: ["A department with this name already exists."] } },
  ]);
  assert.equal(failed.action, { status: "error", action: "unit", message: "A department with this name already exists.", fields: { name: ["A department with this name already exists."] } });
  const saved = fold([{ _tag: "OrgUnitSaved", unit: department(1, "Sales") }], failed);
  assert.is(saved.action.status, "idle");
  assert.equal(names(saved.organization.structure), [["Sales", []]]);
});

test("a saved FX rate replaces its row or joins the list after the corporate currency, by name", () => {
  const usd = { id: 4, code: "USD", name: "USD", exchangeRate: 1.1, corporate: false, rates: [{ validFrom: "2026-01-01", rate: 1.1 }] };
  const eur = { id: 0, code: "EUR", name: "Corporate currency", exchangeRate: 1, corporate: true, rates: [] };
  const model = fold([
    { _tag: "FxTableLoaded", currencies: [eur, usd] },
    { _tag: "FxRateSaved", action: "fx-create", currency: { ...usd, id: 5, name: "CHF", code: "CHF" } },
    { _tag: "FxRateSaved", action: "fx-rates", currency: { ...usd, rates: [{ validFrom: "2026-01-01", rate: 1.3 }] } },
  ]);
  assert.equal(model.fx.currencies.map((currency) => currency.name), ["Corporate currency", "CHF", "USD"]);
  assert.equal(model.fx.currencies[2]?.rates, [{ validFrom: "2026-01-01", rate: 1.3 }]);
});

test("another administrator's change shows in the open settings form; signing out forgets everything", () => {
  const loaded = fold([
    { _tag: "CompanySettingsLoaded", settings: { name: "Acme", fiscalYearStartMonth: 1, localCurrency: "EUR", timeZone: "UTC", logos: { light: null, dark: null } } },
    { _tag: "CompanyProfileChanged", name: "Acme Group", fiscalYearStartMonth: 7, localCurrency: "CHF", timeZone: "Europe/Zurich" },
  ]);
  assert.equal(loaded.settings.value, { name: "Acme Group", fiscalYearStartMonth: 7, localCurrency: "CHF", timeZone: "Europe/Zurich", logos: { light: null, dark: null } });
  assert.equal(fold([{ _tag: "SignedOut", reason: "user" }], loaded), initialCompany);
});

test.run();
