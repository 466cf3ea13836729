import { Schema } from "@effect/schema";
import { FiniteNumber, List, RecordId, RequiredText, Text } from "./fields";

/**
 * Issue 15's company settings for KPIs (/settings/kpi-management, /settings/kpi-glossary) and the
 * glossary's read view (/reporting/kpi-glossary):
 * - GET /api/kpis/management/: the company's categories and the KPIs the caller may read, with
 *   every setting, responsibles, benchmarks, and what the caller may change;
 * - POST /api/kpis/custom/, PATCH /api/kpis/{id}/settings/, DELETE /api/kpis/custom/{id}/;
 * - POST/PATCH/DELETE /api/kpis/custom-categories/ (deleting one deletes its KPIs);
 * - PUT /api/kpis/{id}/responsibles/, PUT /api/kpis/{id}/benchmarks/;
 * - GET /api/kpis/glossary/, PUT /api/kpis/{id}/glossary/, POST /api/kpis/{id}/glossary/approve/.
 */

export const KPI_UNITS = ["number", "percentage", "currency", "seconds", "days", "months", "years", "positions", "binary"] as const;
export const KPI_CADENCES = ["automated", "weekly", "bi-weekly", "monthly", "bi-monthly", "quarterly", "semi-annually", "annually"] as const;
export const VALIDATION_STATES = ["validated", "in_validation", "unvalidated"] as const;
export const AGGREGATION_TYPES = ["cum", "ad", "dd"] as const;

/** Whom a KPI or an entry names: id and name, never an e-mail address. */
export const PersonRef = Schema.Struct({ id: Schema.Number, name: Schema.String });
export type PersonRef = typeof PersonRef.Type;

export const BenchmarkValues = Schema.Struct({ valueBottom25: Schema.NullOr(Schema.Number), valueMedian50: Schema.NullOr(Schema.Number), valueTop25: Schema.NullOr(Schema.Number), top5: Schema.NullOr(Schema.Number) });

/** One KPI as the settings show it. `editable`: the caller may change its settings (custom: create_custom_kpis; catalogue: manage_company_settings). */
export const ManagedKpi = Schema.Struct({
  id: Schema.Number,
  key: Schema.String,
  name: Schema.String,
  description: Schema.String,
  categoryId: Schema.Number,
  isCustom: Schema.Boolean,
  isCalculated: Schema.Boolean,
  unit: Schema.String,
  aggregationType: Schema.Literal(...AGGREGATION_TYPES),
  higherIsBetter: Schema.Boolean,
  /** The KPI's own level (what reading it stored takes). */
  sensitivity: Schema.Number,
  cadence: Schema.String,
  validationState: Schema.Literal(...VALIDATION_STATES),
  benchmarks: BenchmarkValues,
  responsibles: Schema.Array(PersonRef),
  editable: Schema.Boolean,
});
export type ManagedKpi = typeof ManagedKpi.Type;

/** A category with how many KPIs it holds (all of them, also those the caller may not read: deleting takes them all). */
export const ManagedCategory = Schema.Struct({ id: Schema.Number, name: Schema.String, kind: Schema.Literal("kpi", "financial"), isCustom: Schema.Boolean, kpiCount: Schema.Number });
export type ManagedCategory = typeof ManagedCategory.Type;

export const KpiManagement = Schema.Struct({
  categories: Schema.Array(ManagedCategory),
  kpis: Schema.Array(ManagedKpi),
  /** The company's active people: owners and responsibles are chosen from them. */
  people: Schema.Array(PersonRef),
  /** The highest sensitivity the caller may read (what they may give a KPI), -1 for none. */
  readLevel: Schema.Number,
  canManageCustom: Schema.Boolean,
  canManageCatalogue: Schema.Boolean,
});
export type KpiManagement = typeof KpiManagement.Type;

const oneOf = <const T extends readonly string[]>(values: T, message: string) =>
  Schema.String.pipe(Schema.filter((value): value is T[number] => values.includes(value), { message: () => message, jsonSchema: { enum: values } }));

const Unit = oneOf(KPI_UNITS, "Choose a unit from the list.");
const Aggregation = oneOf(AGGREGATION_TYPES, "Choose how months add up: cum, ad or dd.");
const Cadence = oneOf(KPI_CADENCES, "Choose a reporting cadence from the list.");
const Validation = oneOf(VALIDATION_STATES, "Choose validated, in validation or unvalidated.");
const Sensitivity = Schema.Number.pipe(Schema.filter((value) => (Number.isInteger(value) && value >= 0 && value <= 3) || "Choose a sensitivity from 0 to 3.", { jsonSchema: { type: "integer", minimum: 0, maximum: 3 } }));
export const KPI_NAME_MAX = 120;
export const KPI_DESCRIPTION_MAX = 1000;
const KpiName = RequiredText(KPI_NAME_MAX, "Name the KPI.");

/** POST /api/kpis/custom/: a new custom KPI (stored values). */
export const CustomKpiRequest = Schema.Struct({
  name: KpiName,
  description: Schema.optional(Text(KPI_DESCRIPTION_MAX)),
  categoryId: RecordId,
  unit: Unit,
  aggregationType: Aggregation,
  higherIsBetter: Schema.Boolean,
  sensitivity: Sensitivity,
  cadence: Cadence,
  validationState: Schema.optional(Validation),
});
export type CustomKpiRequest = typeof CustomKpiRequest.Type;

/** PATCH /api/kpis/{id}/settings/: the settings to change; a catalogue KPI takes only sensitivity, cadence and validation state. */
export const KpiSettingsChange = Schema.Struct({
  name: Schema.optional(KpiName),
  description: Schema.optional(Text(KPI_DESCRIPTION_MAX)),
  categoryId: Schema.optional(RecordId),
  unit: Schema.optional(Unit),
  aggregationType: Schema.optional(Aggregation),
  higherIsBetter: Schema.optional(Schema.Boolean),
  sensitivity: Schema.optional(Sensitivity),
  cadence: Schema.optional(Cadence),
  validationState: Schema.optional(Validation),
});
export type KpiSettingsChange = typeof KpiSettingsChange.Type;

export const MAX_RESPONSIBLES = 20;
export const ResponsiblesRequest = Schema.Struct({ userIds: List(RecordId, MAX_RESPONSIBLES, { tooMany: `Name at most ${MAX_RESPONSIBLES} responsibles.` }) });

export const BenchmarksRequest = Schema.Struct({ valueBottom25: Schema.NullOr(FiniteNumber), valueMedian50: Schema.NullOr(FiniteNumber), valueTop25: Schema.NullOr(FiniteNumber), top5: Schema.NullOr(FiniteNumber) });

export const CATEGORY_NAME_MAX = 80;
export const CategoryNameRequest = Schema.Struct({ name: RequiredText(CATEGORY_NAME_MAX, "Name the category.") });
/** DELETE answers what went with the category. */
export const CategoryDeleted = Schema.Struct({ id: Schema.Number, name: Schema.String, deletedKpis: Schema.Number });
export const KpiDeleted = Schema.Struct({ id: Schema.Number, name: Schema.String });

export const CATEGORY_NAME_TAKEN = "A category of this name exists already.";
export const NOT_A_CUSTOM_CATEGORY = "This is a catalogue category: it stays as delivered.";
export const NOT_A_CUSTOM_KPI = "This is a catalogue KPI: it cannot be deleted. Set it unvalidated or more sensitive to take it out of view.";
export const SENSITIVITY_ABOVE_OWN = "Choose a sensitivity you may read yourself: a higher one would hide the KPI from you.";
export const CATEGORY_NOT_ALL_READABLE = "This category holds KPIs you may not see: ask someone who may read them all to delete it.";
export const CATALOGUE_NEEDS_ADMIN = "Only a company administrator changes a catalogue KPI's settings.";
export const CUSTOM_NEEDS_PERMISSION = "Changing custom KPIs needs the permission to create custom KPIs.";
export const RESPONSIBLE_UNKNOWN = "Choose active people of the company.";
export const NO_SUCH_CATEGORY = "Choose one of the company's categories.";
/** Another KPI's formula names it: deleting would break that KPI. */
export const usedInFormulas = (names: readonly string[]) => `${names.join(", ")} ${names.length === 1 ? "uses" : "use"} this KPI in ${names.length === 1 ? "its formula" : "their formulas"}: change ${names.length === 1 ? "that formula" : "those formulas"} first.`;

// ── glossary ───────────────────────────────────────────────────────────────
export const GlossaryEntry = Schema.Struct({
  kpiId: Schema.Number,
  kpiName: Schema.String,
  categoryName: Schema.String,
  unit: Schema.String,
  higherIsBetter: Schema.Boolean,
  /** "none": no entry written yet (administrators only see these). */
  state: Schema.Literal("none", "draft", "approved"),
  definition: Schema.String,
  formulaInWords: Schema.String,
  source: Schema.String,
  owner: Schema.NullOr(PersonRef),
  updatedAt: Schema.NullOr(Schema.String),
  updatedBy: Schema.NullOr(Schema.String),
  approvedAt: Schema.NullOr(Schema.String),
  approvedBy: Schema.NullOr(Schema.String),
});
export type GlossaryEntry = typeof GlossaryEntry.Type;

/** GET /api/kpis/glossary/: the entries the caller may see; `canEdit` administrators also get drafts and KPIs without an entry. */
export const GlossaryResponse = Schema.Struct({ entries: Schema.Array(GlossaryEntry), canEdit: Schema.Boolean, people: Schema.Array(PersonRef) });
export type GlossaryResponse = typeof GlossaryResponse.Type;

export const GlossaryEntryRequest = Schema.Struct({
  definition: Text(2000),
  formulaInWords: Text(1000),
  source: Text(300),
  ownerId: Schema.NullOr(RecordId),
});
export type GlossaryEntryRequest = typeof GlossaryEntryRequest.Type;

export const OWNER_UNKNOWN = "Choose an active person of the company.";
export const NO_ENTRY_YET = "Write the entry before approving it.";
