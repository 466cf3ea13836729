import { useCallback, useState } from "react";
import type { KpiComment, Person } from "../../../../contracts/collaboration";
import type { AppState } from "../../../app/state";
import { useDispatch, useModel } from "../../../bus/use-model";
import { Alert } from "../../../ui/alert";
import { ConfirmDialog } from "../../../ui/confirm-dialog";
import { DialogForm } from "../../../ui/dialog-form";
import { FormField } from "../../../ui/form-field";
import { Select, TextInput } from "../../../ui/inputs";
import { useFinished } from "../../custom-dashboards/views/use-finished";

/**
 * Turns a comment into an action: whom it is for (people who may read the KPI; the person
 * themself first) and an optional due date. Stays open with the server's reasons on failure.
 */
export function MakeActionDialog({ kpiId, comment, assignees, onClose }: { kpiId: number; comment: KpiComment; assignees: readonly Person[]; onClose: () => void }) {
  const dispatch = useDispatch();
  const me = useModel((state: AppState) => state.session.profile?.id ?? null);
  const change = useModel((state: AppState) => state.collaboration.change);
  const ordered = [...assignees.filter((person) => person.id === me), ...assignees.filter((person) => person.id !== me)];
  const [assignee, setAssignee] = useState<number | null>(ordered[0]?.id ?? null);
  const [dueDate, setDueDate] = useState("");
  const mine = change.action === "createAction";
  useFinished(mine ? change.status : "idle", useCallback(onClose, [onClose]));
  const submit = () => {
    if (assignee !== null) dispatch({ _tag: "CreateAction", kpiId, commentId: comment.id, assignedUser: assignee, dueDate: dueDate === "" ? null : dueDate });
  };
  const fields = mine && change.status === "error" ? change.fields : {};
  const other = mine && change.status === "error" && Object.keys(change.fields).length === 0 ? change.message : null;
  return (
    <ConfirmDialog open title="Make an action" confirmLabel="Make action" busy={mine && change.status === "busy"} onCancel={onClose} onConfirm={submit}>
      <DialogForm
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <p>“{comment.text.length > 160 ? `${comment.text.slice(0, 159)}…` : comment.text}”</p>
        <FormField label="Assigned to" required error={fields["assignedUser"] ?? []}>
          <Select value={assignee === null ? "" : String(assignee)} onChange={(event) => setAssignee(Number(event.target.value))} options={ordered.map((person) => ({ value: String(person.id), label: person.id === me ? `${person.name} (me)` : person.name }))} />
        </FormField>
        <FormField label="Due date" help="Optional. After it, the action shows as overdue in the issues view." error={fields["dueDate"] ?? []}>
          <TextInput type="date" value={dueDate} onChange={(event) => setDueDate(event.target.value)} />
        </FormField>
        {other ? <Alert tone="danger">{other}</Alert> : null}
      </DialogForm>
    </ConfirmDialog>
  );
}
