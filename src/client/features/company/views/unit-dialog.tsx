import { useState } from "react";
import { styled } from "styled-components";
import type { OrgDepartment, OrgPerson, OrgTeam } from "../../../../contracts/organization";
import type { AppState } from "../../../app/state";
import { useDispatch, useModel } from "../../../bus/use-model";
import { Alert } from "../../../ui/alert";
import { ConfirmDialog } from "../../../ui/confirm-dialog";
import { DialogForm } from "../../../ui/dialog-form";
import { FormField } from "../../../ui/form-field";
import { Checkbox, Select, TextInput } from "../../../ui/inputs";
import { SPACE } from "../../../ui/tokens";
import { useFinished } from "../../custom-dashboards/views/use-finished";

/** What the dialog creates or edits: a department, or a team of a department. */
export interface UnitDialogTarget {
  readonly kind: "department" | "team";
  readonly unit: OrgDepartment | OrgTeam | null;
  readonly departmentId: number | null;
}

/**
 * Creates or edits a unit: its name, its department (a team may move), its lead and members.
 * Stays open while the request runs and shows the server's messages by field; closes on success.
 */
export function UnitDialog({ target, departments, people, onClose }: { target: UnitDialogTarget; departments: readonly OrgDepartment[]; people: readonly OrgPerson[]; onClose: () => void }) {
  const dispatch = useDispatch();
  const action = useModel((state: AppState) => state.company.action);
  const { unit, kind } = target;
  const [name, setName] = useState(unit?.name ?? "");
  const [departmentId, setDepartmentId] = useState<number | null>(target.departmentId);
  const [leadUserId, setLeadUserId] = useState<number | null>(unit?.lead?.id ?? null);
  const [memberIds, setMemberIds] = useState<readonly number[]>(unit?.members.map((member) => member.id) ?? []);
  const [filter, setFilter] = useState("");
  const mine = action.action === "unit";
  useFinished(mine ? action.status : "idle", onClose);
  const errors = mine && action.status === "error" ? action.fields : {};
  const otherError = mine && action.status === "error" && Object.keys(action.fields).length === 0 ? action.message : null;
  // People no longer active stay listed while they are chosen, so saving does not drop them silently.
  const chosen = [...(unit?.members ?? []), ...(unit?.lead ? [unit.lead] : [])];
  const candidates = [...people, ...chosen.filter((person) => !people.some((candidate) => candidate.id === person.id))];
  const shown = candidates.filter((person) => person.name.toLowerCase().includes(filter.trim().toLowerCase()));
  const submit = () => {
    if (unit === null) {
      dispatch({ _tag: "CreateOrgUnit", unit: { name, departmentId: kind === "team" ? departmentId : null, leadUserId, memberIds: [...memberIds] } });
    } else {
      dispatch({ _tag: "ChangeOrgUnit", unitId: unit.id, change: { name, leadUserId, memberIds: [...memberIds], ...(kind === "team" && departmentId !== null ? { departmentId } : {}) } });
    }
  };
  const title = unit === null ? (kind === "team" ? "New team" : "New department") : `Edit ${kind} “${unit.name}”`;
  return (
    <ConfirmDialog open title={title} confirmLabel={unit === null ? `Create ${kind}` : "Save"} busy={mine && action.status === "busy"} onCancel={onClose} onConfirm={submit}>
      <Form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <FormField label="Name" required error={errors["name"]}>
          <TextInput value={name} maxLength={120} autoFocus onChange={(event) => setName(event.target.value)} />
        </FormField>
        {kind === "team" ? (
          <FormField label="Department" error={errors["departmentId"]}>
            <Select value={departmentId ?? ""} onChange={(event) => setDepartmentId(Number(event.target.value))} options={departments.map((department) => ({ value: department.id, label: department.name }))} />
          </FormField>
        ) : null}
        <FormField label="Lead" error={errors["leadUserId"]}>
          <Select value={leadUserId ?? ""} onChange={(event) => setLeadUserId(event.target.value === "" ? null : Number(event.target.value))} options={[{ value: "", label: "No lead" }, ...candidates.map((person) => ({ value: person.id, label: person.name }))]} />
        </FormField>
        <fieldset>
          <legend>Members ({memberIds.length})</legend>
          <TextInput type="search" placeholder="Filter people" aria-label="Filter people" value={filter} onChange={(event) => setFilter(event.target.value)} />
          <div className="people" role="group" aria-label="Members">
            {shown.length === 0 ? <p>No one matches.</p> : null}
            {shown.map((person) => (
              <Checkbox
                key={person.id}
                label={person.name}
                checked={memberIds.includes(person.id)}
                onChange={(event) => setMemberIds((current) => (event.target.checked ? [...current, person.id] : current.filter((id) => id !== person.id)))}
              />
            ))}
          </div>
          {errors["memberIds"] ? <Alert tone="danger">{errors["memberIds"].join(" ")}</Alert> : null}
        </fieldset>
        {otherError ? <Alert tone="danger">{otherError}</Alert> : null}
      </Form>
    </ConfirmDialog>
  );
}

const Form = styled(DialogForm)`
  min-width: min(440px, 80vw);
  .people { display: grid; gap: ${SPACE.xs}; max-height: 240px; overflow: auto; padding: ${SPACE.xs} 0; }
`;
