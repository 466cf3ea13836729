import { useCallback, useState } from "react";
import { styled } from "styled-components";
import type { KpiManagement, ManagedKpi } from "../../../../contracts/kpi-management";
import { BENCHMARK_FIELD_LABEL, BENCHMARK_FIELDS, type BenchmarkField } from "../../../../domain/kpi/benchmark-set";
import { parseNumberInput } from "../../../../domain/kpi/number-input";
import { useDispatch } from "../../../bus/use-model";
import { Alert } from "../../../ui/alert";
import { Checkbox, NumberInput, Select, TextArea, TextInput } from "../../../ui/inputs";
import { ConfirmDialog } from "../../../ui/confirm-dialog";
import { DialogForm } from "../../../ui/dialog-form";
import { FormField } from "../../../ui/form-field";
import { Text } from "../../../ui/text";
import { SPACE } from "../../../ui/tokens";
import { AGGREGATION_OPTIONS, CADENCE_OPTIONS, DIRECTION_OPTIONS, sensitivityOptions, UNIT_OPTIONS, VALIDATION_OPTIONS } from "./labels";
import { useDoneWhenSaved, useSaves } from "./use-save";

interface Draft {
  name: string;
  description: string;
  categoryId: number;
  unit: string;
  aggregationType: "cum" | "ad" | "dd";
  higherIsBetter: boolean;
  sensitivity: number;
  cadence: string;
  validationState: "validated" | "in_validation" | "unvalidated";
  responsibles: number[];
  benchmarks: Record<BenchmarkField, string>;
}

const draftOf = (kpi: ManagedKpi): Draft => ({
  name: kpi.name,
  description: kpi.description,
  categoryId: kpi.categoryId,
  unit: kpi.unit,
  aggregationType: kpi.aggregationType,
  higherIsBetter: kpi.higherIsBetter,
  sensitivity: kpi.sensitivity,
  cadence: kpi.cadence,
  validationState: kpi.validationState,
  responsibles: kpi.responsibles.map((person) => person.id),
  benchmarks: Object.fromEntries(BENCHMARK_FIELDS.map((field) => [field, kpi.benchmarks[field] === null ? "" : String(kpi.benchmarks[field])])) as Record<BenchmarkField, string>,
});

/**
 * Creates a custom KPI (no `kpi`) or changes one: its settings, responsibles and benchmarks, each
 * saved only when it changed. A catalogue KPI shows its fixed fields read-only. The dialog stays
 * open with the server's messages by their fields until every part is saved.
 */
export function KpiDialog({ kpi, categoryId, management, onClose }: { kpi: ManagedKpi | null; categoryId: number | null; management: KpiManagement; onClose: () => void }) {
  const dispatch = useDispatch();
  const firstCustom = management.categories.find((category) => category.id === categoryId) ?? management.categories[0];
  const initial: Draft = kpi
    ? draftOf(kpi)
    : {
        name: "",
        description: "",
        categoryId: firstCustom?.id ?? 0,
        unit: "number",
        aggregationType: "cum",
        higherIsBetter: true,
        sensitivity: 0,
        cadence: "monthly",
        validationState: "unvalidated",
        responsibles: [],
        benchmarks: { valueBottom25: "", valueMedian50: "", valueTop25: "", top5: "" },
      };
  const [draft, setDraft] = useState(initial);
  const [asked, setAsked] = useState(0);
  const [keys, setKeys] = useState<string[]>([]);
  const [localError, setLocalError] = useState<Partial<Record<BenchmarkField, string>>>({});
  const { saving, error, fields } = useSaves(keys);
  useDoneWhenSaved(keys, asked, useCallback(onClose, [onClose]));
  const fixed = kpi !== null && !kpi.isCustom;
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((current) => ({ ...current, [key]: value }));

  const submit = () => {
    if (!kpi) {
      setKeys(["kpi/new"]);
      setAsked((count) => count + 1);
      dispatch({
        _tag: "CreateCustomKpi",
        kpi: { name: draft.name, description: draft.description, categoryId: draft.categoryId, unit: draft.unit as never, aggregationType: draft.aggregationType, higherIsBetter: draft.higherIsBetter, sensitivity: draft.sensitivity, cadence: draft.cadence as never, validationState: draft.validationState },
      });
      return;
    }
    const benchmarks = {} as Record<BenchmarkField, number | null>;
    const problems: Partial<Record<BenchmarkField, string>> = {};
    for (const field of BENCHMARK_FIELDS) {
      const text = draft.benchmarks[field].trim();
      if (text === "") benchmarks[field] = null;
      else {
        const parsed = parseNumberInput(text, kpi.unit);
        if (parsed.kind === "value") benchmarks[field] = parsed.value;
        else problems[field] = parsed.kind === "invalid" ? parsed.message : "Enter a number.";
      }
    }
    setLocalError(problems);
    if (Object.keys(problems).length > 0) return;
    const change = changedSettings(kpi, draft);
    const started: string[] = [];
    if (Object.keys(change).length > 0) {
      started.push(`kpi/${kpi.id}/settings`);
      dispatch({ _tag: "ChangeKpiSettings", kpiId: kpi.id, change });
    }
    const responsiblesChanged = [...draft.responsibles].sort().join() !== kpi.responsibles.map((person) => person.id).sort().join();
    if (responsiblesChanged) {
      started.push(`kpi/${kpi.id}/responsibles`);
      dispatch({ _tag: "SetKpiResponsibles", kpiId: kpi.id, userIds: draft.responsibles });
    }
    // Changing the good direction clears marks ordered the other way; the new ones go after it.
    if (BENCHMARK_FIELDS.some((field) => benchmarks[field] !== kpi.benchmarks[field]) || (change.higherIsBetter !== undefined && benchmarks.valueBottom25 !== null)) {
      started.push(`kpi/${kpi.id}/benchmarks`);
      dispatch({ _tag: "SetKpiBenchmarks", kpiId: kpi.id, benchmarks });
    }
    if (started.length === 0) return onClose();
    setKeys(started);
    setAsked((count) => count + 1);
  };

  const categoryOptions = management.categories.map((category) => ({ value: category.id, label: category.name }));
  return (
    <ConfirmDialog open title={kpi ? `Settings of ${kpi.name}` : "New custom KPI"} confirmLabel={kpi ? "Save" : "Create KPI"} busy={saving} onCancel={onClose} onConfirm={submit}>
      <Form
        aria-label={kpi ? `Settings of ${kpi.name}` : "New custom KPI"}
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        {fixed ? <Text $tone="muted">A catalogue KPI keeps its name, unit, aggregation, good direction and category as delivered; its sensitivity, cadence, validation, responsibles and benchmarks are the company&apos;s.</Text> : null}
        <FormField label="Name" required error={fields["name"]}>
          <TextInput value={draft.name} maxLength={120} disabled={fixed} autoFocus={!fixed} onChange={(event) => set("name", event.target.value)} />
        </FormField>
        {!fixed ? (
          <FormField label="Description" error={fields["description"]}>
            <TextArea rows={2} value={draft.description} maxLength={1000} onChange={(event) => set("description", event.target.value)} />
          </FormField>
        ) : null}
        <div className="grid">
          <FormField label="Category" error={fields["categoryId"]}>
            <Select value={draft.categoryId} disabled={fixed} options={categoryOptions} onChange={(event) => set("categoryId", Number(event.target.value))} />
          </FormField>
          <FormField label="Unit" error={fields["unit"]}>
            <Select value={draft.unit} disabled={fixed} options={UNIT_OPTIONS} onChange={(event) => set("unit", event.target.value)} />
          </FormField>
          <FormField label="Months add up as" error={fields["aggregationType"]}>
            <Select value={draft.aggregationType} disabled={fixed} options={AGGREGATION_OPTIONS} onChange={(event) => set("aggregationType", event.target.value as Draft["aggregationType"])} />
          </FormField>
          <FormField label="Good direction" error={fields["higherIsBetter"]}>
            <Select value={draft.higherIsBetter ? "higher" : "lower"} disabled={fixed} options={DIRECTION_OPTIONS} onChange={(event) => set("higherIsBetter", event.target.value === "higher")} />
          </FormField>
          <FormField label="Sensitivity" error={fields["sensitivity"]} help="Who may read it: levels above your own are not offered.">
            <Select value={draft.sensitivity} options={sensitivityOptions(management.readLevel)} onChange={(event) => set("sensitivity", Number(event.target.value))} />
          </FormField>
          <FormField label="Reporting cadence" error={fields["cadence"]}>
            <Select value={draft.cadence} options={CADENCE_OPTIONS} onChange={(event) => set("cadence", event.target.value)} />
          </FormField>
          <FormField label="Validation" error={fields["validationState"]}>
            <Select value={draft.validationState} options={VALIDATION_OPTIONS} onChange={(event) => set("validationState", event.target.value as Draft["validationState"])} />
          </FormField>
        </div>
        {kpi ? (
          <>
            <fieldset>
              <legend>Responsibles</legend>
              <div className="people">
                {management.people.map((person) => (
                  <Checkbox
                    key={person.id}
                    label={person.name}
                    checked={draft.responsibles.includes(person.id)}
                    onChange={(event) => set("responsibles", event.target.checked ? [...draft.responsibles, person.id] : draft.responsibles.filter((id) => id !== person.id))}
                  />
                ))}
              </div>
              {fields["userIds"] ? <Alert tone="danger">{fields["userIds"].join(" ")}</Alert> : null}
            </fieldset>
            <fieldset>
              <legend>Benchmarks (a month&apos;s value among peers)</legend>
              <Text $tone="muted" $size="sm">
                Worst to best, {draft.higherIsBetter ? "rising: higher is better" : "falling: lower is better"}. Leave all four empty for none.
              </Text>
              <div className="grid">
                {BENCHMARK_FIELDS.map((field) => (
                  <FormField key={field} label={BENCHMARK_FIELD_LABEL[field]} error={localError[field] ?? fields[field]}>
                    <NumberInput value={draft.benchmarks[field]} onChange={(event) => set("benchmarks", { ...draft.benchmarks, [field]: event.target.value })} />
                  </FormField>
                ))}
              </div>
            </fieldset>
          </>
        ) : null}
        {error && Object.keys(error.fields).length === 0 ? <Alert tone="danger">{error.message}</Alert> : null}
        <button type="submit" hidden />
      </Form>
    </ConfirmDialog>
  );
}

/** The settings that differ from the KPI's (a catalogue KPI's fixed ones are never sent). */
function changedSettings(kpi: ManagedKpi, draft: Draft) {
  const change: Record<string, unknown> = {};
  if (draft.sensitivity !== kpi.sensitivity) change["sensitivity"] = draft.sensitivity;
  if (draft.cadence !== kpi.cadence) change["cadence"] = draft.cadence;
  if (draft.validationState !== kpi.validationState) change["validationState"] = draft.validationState;
  if (kpi.isCustom) {
    if (draft.name !== kpi.name) change["name"] = draft.name;
    if (draft.description !== kpi.description) change["description"] = draft.description;
    if (draft.categoryId !== kpi.categoryId) change["categoryId"] = draft.categoryId;
    if (draft.unit !== kpi.unit) change["unit"] = draft.unit;
    if (draft.aggregationType !== kpi.aggregationType) change["aggregationType"] = draft.aggregationType;
    if (draft.higherIsBetter !== kpi.higherIsBetter) change["higherIsBetter"] = draft.higherIsBetter;
  }
  return change as { higherIsBetter?: boolean };
}

const Form = styled(DialogForm)`
  .grid { display: grid; grid-template-columns: repeat(2, minmax(0, 1fr)); gap: ${SPACE.sm} ${SPACE.md}; }
  .people { display: grid; grid-template-columns: repeat(2, minmax(0, 1fr)); gap: ${SPACE.xxs} ${SPACE.md}; max-height: 160px; overflow: auto; }
`;
