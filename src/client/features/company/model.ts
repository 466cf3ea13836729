import { castDraft, produce } from "immer";
import type { CompanySettings } from "../../../contracts/company";
import type { CurrencyDetail } from "../../../contracts/kpis";
import type { CompanyAction } from "../../../contracts/messages/company";
import type { OrgPerson, OrgStructure, OrgUnit } from "../../../contracts/organization";
import type { Reducer } from "../../bus/store";

type LoadStatus = "idle" | "loading" | "loaded" | "error";
interface Load {
  readonly status: LoadStatus;
  readonly message: string | null;
}

/** The three company settings screens: the settings, the structure, the FX table, and how the latest change went. */
export interface CompanyModel {
  readonly settings: Load & { readonly value: CompanySettings | null };
  readonly organization: Load & { readonly structure: OrgStructure; readonly people: readonly OrgPerson[] };
  readonly fx: Load & { readonly currencies: readonly CurrencyDetail[] };
  /** The change running or failed last: its form shows busy, or the server's messages by field. */
  readonly action: { readonly status: "idle" | "busy" | "error"; readonly action: CompanyAction | null; readonly message: string | null; readonly fields: Readonly<Record<string, readonly string[]>> };
}

const IDLE_ACTION: CompanyModel["action"] = { status: "idle", action: null, message: null, fields: {} };

export const initialCompany: CompanyModel = {
  settings: { status: "idle", message: null, value: null },
  organization: { status: "idle", message: null, structure: { departments: [] }, people: [] },
  fx: { status: "idle", message: null, currencies: [] },
  action: IDLE_ACTION,
};

export const companyReducer: Reducer<CompanyModel> = (model, event) => {
  switch (event._tag) {
    case "CompanySettingsLoadStarted":
      return produce(model, (draft) => {
        draft.settings.status = "loading";
        draft.settings.message = null;
      });
    case "CompanySettingsLoaded":
      return produce(model, (draft) => {
        draft.settings = castDraft({ status: "loaded" as const, message: null, value: event.settings });
      });
    case "CompanySettingsLoadFailed":
      return produce(model, (draft) => {
        draft.settings.status = "error";
        draft.settings.message = event.message;
      });
    case "CompanySettingsSaved":
      return produce(model, (draft) => {
        draft.settings = castDraft({ status: "loaded" as const, message: null, value: event.settings });
        draft.action = castDraft(IDLE_ACTION);
      });
    case "CompanyProfileChanged":
      // Another administrator's change: the open form shows it.
      return produce(model, (draft) => {
        const value = draft.settings.value;
        if (!value) return;
        value.name = event.name;
        value.fiscalYearStartMonth = event.fiscalYearStartMonth;
        value.localCurrency = event.localCurrency;
        value.timeZone = event.timeZone;
      });
    case "CompanyActionStarted":
      return produce(model, (draft) => {
        draft.action = { status: "busy", action: event.action, message: null, fields: {} };
      });
    case "CompanyActionFailed":
      return produce(model, (draft) => {
        draft.action = castDraft({ status: "error" as const, action: event.action, message: event.message, fields: event.fields });
      });
    case "OrganizationLoadStarted":
      return produce(model, (draft) => {
        draft.organization.status = "loading";
        draft.organization.message = null;
      });
    case "OrganizationLoaded":
      return produce(model, (draft) => {
        draft.organization = castDraft({ status: "loaded" as const, message: null, structure: event.structure, people: event.people });
      });
    case "OrganizationLoadFailed":
      return produce(model, (draft) => {
        draft.organization.status = "error";
        draft.organization.message = event.message;
      });
    case "OrgUnitSaved":
      return produce(model, (draft) => {
        draft.organization.structure = castDraft(withUnit(model.organization.structure, event.unit));
        draft.action = castDraft(IDLE_ACTION);
      });
    case "OrgUnitRemoved":
      return produce(model, (draft) => {
        draft.organization.structure = castDraft(withoutUnit(model.organization.structure, event.unitId));
        draft.action = castDraft(IDLE_ACTION);
      });
    case "FxTableLoadStarted":
      return produce(model, (draft) => {
        draft.fx.status = "loading";
        draft.fx.message = null;
      });
    case "FxTableLoaded":
      return produce(model, (draft) => {
        draft.fx = castDraft({ status: "loaded" as const, message: null, currencies: event.currencies });
      });
    case "FxTableLoadFailed":
      return produce(model, (draft) => {
        draft.fx.status = "error";
        draft.fx.message = event.message;
      });
    case "FxRateSaved":
      return produce(model, (draft) => {
        const known = model.fx.currencies.some((currency) => currency.id === event.currency.id);
        const currencies = known ? model.fx.currencies.map((currency) => (currency.id === event.currency.id ? event.currency : currency)) : [...model.fx.currencies, event.currency];
        draft.fx.currencies = castDraft(sortedCurrencies(currencies));
        draft.action = castDraft(IDLE_ACTION);
      });
    case "SignedOut":
      return initialCompany;
    default:
      return model;
  }
};

/** The structure with a unit put in its place: a department keeps its teams; a team goes to its (maybe new) department. */
export function withUnit(structure: OrgStructure, unit: OrgUnit): OrgStructure {
  const byName = <T extends { name: string }>(items: readonly T[]) => [...items].sort((a, b) => a.name.localeCompare(b.name));
  if (unit.kind === "department") {
    const existing = structure.departments.find((department) => department.id === unit.id);
    const department = existing ? { ...unit, teams: existing.teams } : unit;
    return { departments: byName([...structure.departments.filter((candidate) => candidate.id !== unit.id), department]) };
  }
  return {
    departments: structure.departments.map((department) => {
      const teams = department.teams.filter((team) => team.id !== unit.id);
      return { ...department, teams: department.id === unit.departmentId ? byName([...teams, unit]) : teams };
    }),
  };
}

export function withoutUnit(structure: OrgStructure, unitId: number): OrgStructure {
  return {
    departments: structure.departments.filter((department) => department.id !== unitId).map((department) => ({ ...department, teams: department.teams.filter((team) => team.id !== unitId) })),
  };
}

/** The corporate currency first, then the named rates by name (as the server lists them). */
const sortedCurrencies = (currencies: readonly CurrencyDetail[]) => [...currencies].sort((a, b) => (a.corporate !== b.corporate ? (a.corporate ? -1 : 1) : a.name.localeCompare(b.name)));
