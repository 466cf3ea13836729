import { useCallback, useState } from "react";
import type { GlossaryEntry, PersonRef } from "../../../../contracts/kpi-management";
import { useDispatch } from "../../../bus/use-model";
import { Alert } from "../../../ui/alert";
import { ConfirmDialog } from "../../../ui/confirm-dialog";
import { DialogForm } from "../../../ui/dialog-form";
import { FormField } from "../../../ui/form-field";
import { Select, TextArea, TextInput } from "../../../ui/inputs";
import { Text } from "../../../ui/text";
import { UNIT_LABEL } from "./labels";
import { useDoneWhenSaved, useSaves } from "./use-save";

/**
 * Writes a KPI's glossary entry. Saving an approved entry with any change returns it to draft
 * (the dialog says so), so readers only ever see wording an administrator approved.
 */
export function GlossaryDialog({ entry, people, onClose }: { entry: GlossaryEntry; people: readonly PersonRef[]; onClose: () => void }) {
  const dispatch = useDispatch();
  const [definition, setDefinition] = useState(entry.definition);
  const [formulaInWords, setFormula] = useState(entry.formulaInWords);
  const [source, setSource] = useState(entry.source);
  const [ownerId, setOwnerId] = useState<number | null>(entry.owner?.id ?? null);
  const [asked, setAsked] = useState(0);
  const key = `glossary/${entry.kpiId}/save`;
  const { saving, error, fields } = useSaves(asked > 0 ? [key] : []);
  useDoneWhenSaved([key], asked, useCallback(onClose, [onClose]));
  const submit = () => {
    setAsked((count) => count + 1);
    dispatch({ _tag: "SaveGlossaryEntry", kpiId: entry.kpiId, entry: { definition, formulaInWords, source, ownerId } });
  };
  const ownerOptions = [{ value: "", label: "No owner yet" }, ...people.map((person) => ({ value: String(person.id), label: person.name }))];
  return (
    <ConfirmDialog open title={`Glossary: ${entry.kpiName}`} confirmLabel="Save draft" busy={saving} onCancel={onClose} onConfirm={submit}>
      <DialogForm
        aria-label={`Glossary entry of ${entry.kpiName}`}
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
        style={{ minWidth: "min(560px, 80vw)" }}
      >
        <Text $tone="muted">
          {UNIT_LABEL[entry.unit] ?? entry.unit} · {entry.higherIsBetter ? "higher is better" : "lower is better"} (from the KPI&apos;s settings)
        </Text>
        {entry.state === "approved" ? <Alert tone="info">This entry is approved. Saving a change returns it to draft until an administrator approves it again.</Alert> : null}
        <FormField label="Definition" required error={fields["definition"]} help="What the KPI means, in a sentence or two a new colleague understands.">
          <TextArea rows={4} value={definition} maxLength={2000} autoFocus onChange={(event) => setDefinition(event.target.value)} />
        </FormField>
        <FormField label="Formula in words" error={fields["formulaInWords"]}>
          <TextArea rows={2} value={formulaInWords} maxLength={1000} onChange={(event) => setFormula(event.target.value)} />
        </FormField>
        <FormField label="Owner" error={fields["ownerId"]} help="Who answers for the definition; needed before approval.">
          <Select value={ownerId === null ? "" : String(ownerId)} options={ownerOptions} onChange={(event) => setOwnerId(event.target.value === "" ? null : Number(event.target.value))} />
        </FormField>
        <FormField label="Source" error={fields["source"]} help="Where the figures come from, e.g. the ERP's revenue ledger.">
          <TextInput value={source} maxLength={300} onChange={(event) => setSource(event.target.value)} />
        </FormField>
        {error && Object.keys(error.fields).length === 0 ? <Alert tone="danger">{error.message}</Alert> : null}
      </DialogForm>
    </ConfirmDialog>
  );
}
