import { Schema } from "@effect/schema";
import { CompanySettings, CompanySettingsChange, LOGO_THEMES } from "../company";
import { CurrencyDetail, DatedRate } from "../kpis";
import { OrgPerson, OrgStructure, OrgUnit, OrgUnitChangeRequest, OrgUnitCreateRequest } from "../organization";

/**
 * Company settings screens (issue 15): /settings/company-settings, /settings/currency-settings,
 * /settings/organizational-structure. The company profile every shell shows (name, logos) is in
 * company-profile.ts, a core feature's.
 */

const FieldMessages = Schema.Record({ key: Schema.String, value: Schema.Array(Schema.String) });
const Theme = Schema.Literal(...LOGO_THEMES);
const BlobValue = Schema.declare((value: unknown): value is Blob => typeof Blob !== "undefined" && value instanceof Blob);
/** What a person did, for the busy and failed states of its form. */
export const CompanyAction = Schema.Literal("settings", "logo-light", "logo-dark", "unit", "unit-delete", "fx-create", "fx-rename", "fx-rates");
export type CompanyAction = typeof CompanyAction.Type;

// ── commands ────────────────────────────────────────────────────────────────
export class LoadCompanySettings extends Schema.TaggedStruct("LoadCompanySettings", {}) {}
export class SaveCompanySettings extends Schema.TaggedStruct("SaveCompanySettings", { change: CompanySettingsChange }) {}
/** The chosen image; the file itself is not kept in a session log. */
export class UploadCompanyLogo extends Schema.TaggedStruct("UploadCompanyLogo", { theme: Theme, file: BlobValue, fileName: Schema.String }) {}
export class RemoveCompanyLogo extends Schema.TaggedStruct("RemoveCompanyLogo", { theme: Theme }) {}

export class LoadOrganization extends Schema.TaggedStruct("LoadOrganization", {}) {}
export class CreateOrgUnit extends Schema.TaggedStruct("CreateOrgUnit", { unit: OrgUnitCreateRequest }) {}
export class ChangeOrgUnit extends Schema.TaggedStruct("ChangeOrgUnit", { unitId: Schema.Number, change: OrgUnitChangeRequest }) {}
export class DeleteOrgUnit extends Schema.TaggedStruct("DeleteOrgUnit", { unitId: Schema.Number, name: Schema.String }) {}

export class LoadFxTable extends Schema.TaggedStruct("LoadFxTable", {}) {}
export class CreateFxRate extends Schema.TaggedStruct("CreateFxRate", { name: Schema.String, code: Schema.String, rates: Schema.Array(DatedRate) }) {}
export class RenameFxRate extends Schema.TaggedStruct("RenameFxRate", { currencyId: Schema.Number, name: Schema.String, code: Schema.String }) {}
/** The named rate's whole list of dated rates, as the grid holds it after the person's edits. */
export class SaveFxRates extends Schema.TaggedStruct("SaveFxRates", { currencyId: Schema.Number, rates: Schema.Array(DatedRate) }) {}

export const CompanyCommand = Schema.Union(
  LoadCompanySettings,
  SaveCompanySettings,
  UploadCompanyLogo,
  RemoveCompanyLogo,
  LoadOrganization,
  CreateOrgUnit,
  ChangeOrgUnit,
  DeleteOrgUnit,
  LoadFxTable,
  CreateFxRate,
  RenameFxRate,
  SaveFxRates,
);

// ── events ──────────────────────────────────────────────────────────────────
export class CompanySettingsLoadStarted extends Schema.TaggedStruct("CompanySettingsLoadStarted", {}) {}
export class CompanySettingsLoaded extends Schema.TaggedStruct("CompanySettingsLoaded", { settings: CompanySettings }) {}
export class CompanySettingsLoadFailed extends Schema.TaggedStruct("CompanySettingsLoadFailed", { message: Schema.String }) {}
/** The settings as saved (after a change, an upload or a removal). */
export class CompanySettingsSaved extends Schema.TaggedStruct("CompanySettingsSaved", { action: CompanyAction, settings: CompanySettings }) {}
export class CompanyActionStarted extends Schema.TaggedStruct("CompanyActionStarted", { action: CompanyAction }) {}
export class CompanyActionFailed extends Schema.TaggedStruct("CompanyActionFailed", { action: CompanyAction, message: Schema.String, fields: FieldMessages }) {}

export class OrganizationLoadStarted extends Schema.TaggedStruct("OrganizationLoadStarted", {}) {}
/** The structure, and the people an administrator can choose as leads and members (empty for a reader). */
export class OrganizationLoaded extends Schema.TaggedStruct("OrganizationLoaded", { structure: OrgStructure, people: Schema.Array(OrgPerson) }) {}
export class OrganizationLoadFailed extends Schema.TaggedStruct("OrganizationLoadFailed", { message: Schema.String }) {}
export class OrgUnitSaved extends Schema.TaggedStruct("OrgUnitSaved", { unit: OrgUnit }) {}
export class OrgUnitRemoved extends Schema.TaggedStruct("OrgUnitRemoved", { unitId: Schema.Number }) {}

export class FxTableLoadStarted extends Schema.TaggedStruct("FxTableLoadStarted", {}) {}
/** The corporate currency first, then every named rate with its dated rates. */
export class FxTableLoaded extends Schema.TaggedStruct("FxTableLoaded", { currencies: Schema.Array(CurrencyDetail) }) {}
export class FxTableLoadFailed extends Schema.TaggedStruct("FxTableLoadFailed", { message: Schema.String }) {}
export class FxRateSaved extends Schema.TaggedStruct("FxRateSaved", { action: CompanyAction, currency: CurrencyDetail }) {}

export const CompanyEvent = Schema.Union(
  CompanySettingsLoadStarted,
  CompanySettingsLoaded,
  CompanySettingsLoadFailed,
  CompanySettingsSaved,
  CompanyActionStarted,
  CompanyActionFailed,
  OrganizationLoadStarted,
  OrganizationLoaded,
  OrganizationLoadFailed,
  OrgUnitSaved,
  OrgUnitRemoved,
  FxTableLoadStarted,
  FxTableLoaded,
  FxTableLoadFailed,
  FxRateSaved,
);
