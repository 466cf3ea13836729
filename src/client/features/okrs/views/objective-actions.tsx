import { useCallback, useState, type ReactNode } from "react";
import { ObjectiveCopyRequest, OKR_LEVELS, type Objective, type OkrLevel } from "../../../../contracts/okrs";
import type { AppState } from "../../../app/state";
import { useDispatch, useModel } from "../../../bus/use-model";
import { Alert } from "../../../ui/alert";
import { ConfirmDialog } from "../../../ui/confirm-dialog";
import { useConfirm } from "../../../ui/confirm";
import { FormField } from "../../../ui/form-field";
import { Select, TextInput } from "../../../ui/inputs";
import { useFinished } from "../../custom-dashboards/views/use-finished";
import { selectMayWriteOthersEmployeeObjectives, selectMe, selectWritableLevels } from "../permissions";
import { contractErrors, mergedErrors, type FieldErrors } from "../validate";
import { LEVEL_LABEL, type ObjectiveCommand } from "./objective-card";
import { Form, ObjectiveDialog, type ObjectiveDraft } from "./objective-dialog";

type Open = { kind: "create"; draft: ObjectiveDraft } | { kind: "edit" | "copy" | "move"; objective: Objective };

/**
 * The objective commands every screen offers: create, edit, copy, move (dialogs) and delete (a
 * confirmation). Returns the dialog to render and the handlers.
 */
export function useObjectiveCommands(onDeleted?: (objective: Objective) => void): { dialog: ReactNode; create: (draft: ObjectiveDraft) => void; run: (command: ObjectiveCommand, objective: Objective) => void } {
  const dispatch = useDispatch();
  const confirm = useConfirm();
  const [open, setOpen] = useState<Open | null>(null);
  const close = useCallback(() => setOpen(null), []);
  const run = async (command: ObjectiveCommand, objective: Objective) => {
    if (command !== "delete") return setOpen({ kind: command, objective });
    const yes = await confirm({
      title: `Delete “${objective.title}”?`,
      message: `Its ${objective.keyResults.length} key results, their check-ins and its ${objective.milestones.length} milestones are deleted too. Objectives that support it lose the link.`,
      confirmLabel: "Delete objective",
      tone: "danger",
    });
    if (yes) {
      dispatch({ _tag: "DeleteObjective", objectiveId: objective.id, title: objective.title });
      onDeleted?.(objective);
    }
  };
  const dialog =
    open === null ? null : open.kind === "create" ? (
      <ObjectiveDialog objective={null} draft={open.draft} onClose={close} />
    ) : open.kind === "edit" ? (
      <ObjectiveDialog objective={open.objective} draft={{ level: open.objective.level, categoryId: null, ownerUserId: null, startsOn: open.objective.startsOn, endsOn: open.objective.endsOn }} onClose={close} />
    ) : open.kind === "copy" ? (
      <CopyDialog objective={open.objective} onClose={close} />
    ) : (
      <MoveDialog objective={open.objective} onClose={close} />
    );
  return { dialog, create: (draft) => setOpen({ kind: "create", draft }), run: (command, objective) => void run(command, objective) };
}

function useActionState(name: "copy" | "move", onClose: () => void) {
  const action = useModel((state: AppState) => state.okrs.action);
  const mine = action.action === name;
  useFinished(mine ? action.status : "idle", onClose);
  return { busy: mine && action.status === "busy", errors: mine && action.status === "error" ? action.fields : {}, message: mine && action.status === "error" ? action.message : null };
}

/** A copy with its key results and milestones, under a new title and optionally in another period. */
function CopyDialog({ objective, onClose }: { objective: Objective; onClose: () => void }) {
  const dispatch = useDispatch();
  const { busy, errors: serverErrors, message } = useActionState("copy", onClose);
  const [local, setLocal] = useState<FieldErrors>({});
  const errors = mergedErrors(local, serverErrors);
  const [title, setTitle] = useState(`${objective.title} (copy)`);
  const [startsOn, setStartsOn] = useState(objective.startsOn);
  const [endsOn, setEndsOn] = useState(objective.endsOn);
  const submit = () => {
    const copy = { title, startsOn, endsOn };
    const problems = contractErrors(ObjectiveCopyRequest, copy);
    setLocal(problems ?? {});
    if (!problems) dispatch({ _tag: "CopyObjective", objectiveId: objective.id, copy });
  };
  return (
    <ConfirmDialog open title={`Copy “${objective.title}”`} confirmLabel="Copy objective" busy={busy} onCancel={onClose} onConfirm={submit}>
      <Form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <p>The copy takes its key results (without check-ins) and milestones.</p>
        {message ? <Alert tone="danger">{message}</Alert> : null}
        <FormField label="Title" required error={errors["title"]}>
          <TextInput value={title} maxLength={200} autoFocus onChange={(event) => setTitle(event.target.value)} />
        </FormField>
        <div className="row">
          <FormField label="Starts on" error={errors["startsOn"]}>
            <TextInput type="date" value={startsOn} onChange={(event) => setStartsOn(event.target.value)} />
          </FormField>
          <FormField label="Ends on" error={errors["endsOn"]}>
            <TextInput type="date" value={endsOn} onChange={(event) => setEndsOn(event.target.value)} />
          </FormField>
        </div>
      </Form>
    </ConfirmDialog>
  );
}

/** To another level, unit or owner; links that no longer fit are dropped by the server. */
function MoveDialog({ objective, onClose }: { objective: Objective; onClose: () => void }) {
  const dispatch = useDispatch();
  const { busy, errors: serverErrors, message } = useActionState("move", onClose);
  const [local, setLocal] = useState<FieldErrors>({});
  const errors = mergedErrors(local, serverErrors);
  const context = useModel((state: AppState) => state.okrs.context);
  const writable = useModel(selectWritableLevels);
  const mayChooseOwner = useModel(selectMayWriteOthersEmployeeObjectives);
  const me = useModel(selectMe);
  const [level, setLevel] = useState<OkrLevel>(objective.level);
  const [categoryId, setCategoryId] = useState<number | null>(objective.category?.id ?? null);
  const [ownerUserId, setOwnerUserId] = useState<number | null>(objective.owner?.id ?? me?.id ?? null);
  const owners = mayChooseOwner ? context.people : context.people.filter((person) => person.id === me?.id);
  const submit = () => {
    if (level === "team" && categoryId === null) return setLocal({ categoryId: ["Choose the team or department of a team objective."] });
    if (level === "employee" && ownerUserId === null) return setLocal({ ownerUserId: ["Choose whose objective it is."] });
    setLocal({});
    dispatch({ _tag: "MoveObjective", objectiveId: objective.id, move: { level, categoryId: level === "team" ? categoryId : null, ownerUserId: level === "employee" ? ownerUserId : null } });
  };
  return (
    <ConfirmDialog open title={`Move “${objective.title}”`} confirmLabel="Move objective" busy={busy} onCancel={onClose} onConfirm={submit}>
      <Form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <p>Links to objectives that are no longer of a higher level are removed.</p>
        {message ? <Alert tone="danger">{message}</Alert> : null}
        <FormField label="Level" error={errors["level"]}>
          <Select value={level} onChange={(event) => setLevel(event.target.value as OkrLevel)} options={OKR_LEVELS.filter((candidate) => writable.includes(candidate)).map((candidate) => ({ value: candidate, label: LEVEL_LABEL[candidate] }))} />
        </FormField>
        {level === "team" ? (
          <FormField label="Unit" required error={errors["categoryId"]}>
            <Select value={categoryId ?? ""} onChange={(event) => setCategoryId(event.target.value === "" ? null : Number(event.target.value))} options={[{ value: "", label: "Choose a unit" }, ...context.categories.map((unit) => ({ value: unit.id, label: unit.name }))]} />
          </FormField>
        ) : null}
        {level === "employee" ? (
          <FormField label="Owner" required error={errors["ownerUserId"]}>
            <Select value={ownerUserId ?? ""} onChange={(event) => setOwnerUserId(event.target.value === "" ? null : Number(event.target.value))} options={[{ value: "", label: "Choose a person" }, ...owners.map((person) => ({ value: person.id, label: person.name }))]} />
          </FormField>
        ) : null}
      </Form>
    </ConfirmDialog>
  );
}
