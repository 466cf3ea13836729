import { useCallback, useEffect, useMemo, useState } from "react";
import { styled } from "styled-components";
import { MAX_TEAM_PARENTS, ObjectiveChangeRequest, ObjectiveCreateRequest, OKR_LEVELS, PARENT_NOT_HIGHER, TOO_MANY_PARENTS, type Objective, type OkrLevel } from "../../../../contracts/okrs";
import type { AppState } from "../../../app/state";
import { useDispatch, useModel } from "../../../bus/use-model";
import { Alert } from "../../../ui/alert";
import { ConfirmDialog } from "../../../ui/confirm-dialog";
import { DialogForm } from "../../../ui/dialog-form";
import { FormField } from "../../../ui/form-field";
import { Checkbox, Select, TextArea, TextInput } from "../../../ui/inputs";
import { SPACE } from "../../../ui/tokens";
import { useFinished } from "../../custom-dashboards/views/use-finished";
import { selectMayWriteOthersEmployeeObjectives, selectMe, selectWritableLevels } from "../permissions";
import { contractErrors, mergedErrors, type FieldErrors } from "../validate";
import { LEVEL_LABEL } from "./objective-card";

export const CANDIDATES_LIST = "parent-candidates";

/** What a new objective starts with: the screen's level, unit or owner, and period. */
export interface ObjectiveDraft {
  readonly level: OkrLevel;
  readonly categoryId: number | null;
  readonly ownerUserId: number | null;
  readonly startsOn: string;
  readonly endsOn: string;
}

const HIGHER: Record<OkrLevel, readonly OkrLevel[]> = { corporate: [], team: ["corporate"], employee: ["corporate", "team"] };

/**
 * Creates or edits an objective: level with its unit or owner (at creation; "Move" changes them
 * later), title, description, period, status, the higher-level objectives it supports (a team
 * objective at most two) and the responsible people. Stays open while saving and on failure.
 */
export function ObjectiveDialog({ objective, draft, onClose }: { objective: Objective | null; draft: ObjectiveDraft; onClose: () => void }) {
  const dispatch = useDispatch();
  const action = useModel((state: AppState) => state.okrs.action);
  const context = useModel((state: AppState) => state.okrs.context);
  const candidatesList = useModel((state: AppState) => state.okrs.lists[CANDIDATES_LIST]);
  const writable = useModel(selectWritableLevels);
  const mayChooseOwner = useModel(selectMayWriteOthersEmployeeObjectives);
  const me = useModel(selectMe);
  const [level, setLevel] = useState<OkrLevel>(objective?.level ?? (writable.includes(draft.level) ? draft.level : (writable[0] ?? "employee")));
  const [categoryId, setCategoryId] = useState<number | null>(objective?.category?.id ?? draft.categoryId);
  const [ownerUserId, setOwnerUserId] = useState<number | null>(objective?.owner?.id ?? draft.ownerUserId ?? me?.id ?? null);
  const [title, setTitle] = useState(objective?.title ?? "");
  const [description, setDescription] = useState(objective?.description ?? "");
  const [startsOn, setStartsOn] = useState(objective?.startsOn ?? draft.startsOn);
  const [endsOn, setEndsOn] = useState(objective?.endsOn ?? draft.endsOn);
  const [statusId, setStatusId] = useState<number | null>(objective?.statusId ?? null);
  const [parentIds, setParentIds] = useState<readonly number[]>(objective?.parents.map((parent) => parent.id) ?? []);
  const [responsibleIds, setResponsibleIds] = useState<readonly number[]>(objective?.responsibles.map((person) => person.id) ?? (me ? [me.id] : []));
  const [peopleFilter, setPeopleFilter] = useState("");
  const [local, setLocal] = useState<FieldErrors>({});
  const mine = action.action === "objective";
  const close = useCallback(() => onClose(), [onClose]);
  useFinished(mine ? action.status : "idle", close);
  const errors = mergedErrors(local, mine && action.status === "error" ? action.fields : {});
  const formError = mine && action.status === "error" ? action.message : null;

  // The objectives it may support: those of a higher level in its period.
  useEffect(() => {
    if (startsOn && endsOn && startsOn <= endsOn) dispatch({ _tag: "LoadObjectives", listKey: CANDIDATES_LIST, query: { level: null, categoryId: null, ownerUserId: null, from: startsOn, to: endsOn } });
  }, [dispatch, startsOn, endsOn]);
  const candidates = useMemo(() => {
    const higher = (candidatesList?.objectives ?? []).filter((candidate) => HIGHER[level].includes(candidate.level) && candidate.id !== objective?.id);
    const chosen = objective?.parents.filter((parent) => !higher.some((candidate) => candidate.id === parent.id)) ?? [];
    return [...higher.map((candidate) => ({ id: candidate.id, title: candidate.title, level: candidate.level })), ...chosen];
  }, [candidatesList, level, objective]);
  const tooManyParents = level === "team" && parentIds.length > MAX_TEAM_PARENTS;
  const parentsNotHigher = parentIds.some((id) => {
    const parent = candidates.find((candidate) => candidate.id === id);
    return parent !== undefined && !HIGHER[level].includes(parent.level);
  });
  const parentError = tooManyParents ? TOO_MANY_PARENTS : parentsNotHigher ? PARENT_NOT_HIGHER : (errors["parentIds"]?.join(" ") ?? null);

  const units = context.categories;
  const owners = mayChooseOwner ? context.people : context.people.filter((person) => person.id === me?.id);
  const shownPeople = context.people.filter((person) => person.name.toLowerCase().includes(peopleFilter.trim().toLowerCase()));
  const levels = objective ? [objective.level] : OKR_LEVELS.filter((candidate) => writable.includes(candidate));

  const submit = () => {
    if (tooManyParents || parentsNotHigher) return;
    const keptParents = parentIds.filter((id) => candidates.some((candidate) => candidate.id === id && HIGHER[level].includes(candidate.level)));
    if (level === "team" && categoryId === null) return setLocal({ categoryId: ["Choose the team or department of a team objective."] });
    if (level === "employee" && ownerUserId === null) return setLocal({ ownerUserId: ["Choose whose objective it is."] });
    if (objective === null) {
      const request = { level, categoryId: level === "team" ? categoryId : null, ownerUserId: level === "employee" ? ownerUserId : null, title, description, startsOn, endsOn, statusId, parentIds: keptParents, responsibleIds: [...responsibleIds] };
      const problems = contractErrors(ObjectiveCreateRequest, request);
      setLocal(problems ?? {});
      if (!problems) dispatch({ _tag: "CreateObjective", request });
    } else {
      const change = { title, description, startsOn, endsOn, statusId, parentIds: keptParents, responsibleIds: [...responsibleIds] };
      const problems = contractErrors(ObjectiveChangeRequest, change);
      setLocal(problems ?? {});
      if (!problems) dispatch({ _tag: "ChangeObjective", objectiveId: objective.id, change });
    }
  };

  return (
    <ConfirmDialog open title={objective ? `Edit “${objective.title}”` : "New objective"} confirmLabel={objective ? "Save" : "Create objective"} busy={mine && action.status === "busy"} onCancel={onClose} onConfirm={submit}>
      <Form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        {formError ? <Alert tone="danger">{formError}</Alert> : null}
        <div className="row">
          <FormField label="Level" error={errors["level"]}>
            <Select value={level} disabled={objective !== null} onChange={(event) => setLevel(event.target.value as OkrLevel)} options={levels.map((candidate) => ({ value: candidate, label: LEVEL_LABEL[candidate] }))} />
          </FormField>
          {level === "team" ? (
            <FormField label="Unit" required error={errors["categoryId"]}>
              <Select
                value={categoryId ?? ""}
                disabled={objective !== null}
                onChange={(event) => setCategoryId(event.target.value === "" ? null : Number(event.target.value))}
                options={[{ value: "", label: "Choose a unit" }, ...units.map((unit) => ({ value: unit.id, label: unit.kind === "team" ? `${unit.name} (team)` : unit.name }))]}
              />
            </FormField>
          ) : null}
          {level === "employee" ? (
            <FormField label="Owner" required error={errors["ownerUserId"]}>
              <Select
                value={ownerUserId ?? ""}
                disabled={objective !== null}
                onChange={(event) => setOwnerUserId(event.target.value === "" ? null : Number(event.target.value))}
                options={[{ value: "", label: "Choose a person" }, ...owners.map((person) => ({ value: person.id, label: person.name }))]}
              />
            </FormField>
          ) : null}
        </div>
        <FormField label="Title" required error={errors["title"]}>
          <TextInput value={title} maxLength={200} autoFocus onChange={(event) => setTitle(event.target.value)} />
        </FormField>
        <FormField label="Description" error={errors["description"]}>
          <TextArea rows={3} value={description} maxLength={5000} onChange={(event) => setDescription(event.target.value)} />
        </FormField>
        <div className="row">
          <FormField label="Starts on" required error={errors["startsOn"]}>
            <TextInput type="date" value={startsOn} onChange={(event) => setStartsOn(event.target.value)} />
          </FormField>
          <FormField label="Ends on" required error={errors["endsOn"]}>
            <TextInput type="date" value={endsOn} onChange={(event) => setEndsOn(event.target.value)} />
          </FormField>
          <FormField label="Status" error={errors["statusId"]}>
            <Select value={statusId ?? ""} onChange={(event) => setStatusId(event.target.value === "" ? null : Number(event.target.value))} options={[{ value: "", label: "No status" }, ...context.statuses.map((status) => ({ value: status.id, label: status.name }))]} />
          </FormField>
        </div>
        {level !== "corporate" ? (
          <fieldset aria-describedby={parentError ? "objective-parents-error" : undefined}>
            <legend>Supports {level === "team" ? `(at most ${MAX_TEAM_PARENTS})` : ""}</legend>
            <div className="choices" role="group" aria-label="Supports">
              {candidates.length === 0 ? <p className="muted">No higher-level objectives in this period.</p> : null}
              {candidates.map((candidate) => (
                <Checkbox
                  key={candidate.id}
                  label={`${candidate.title} (${LEVEL_LABEL[candidate.level]})`}
                  checked={parentIds.includes(candidate.id)}
                  onChange={(event) => setParentIds((current) => (event.target.checked ? [...current, candidate.id] : current.filter((id) => id !== candidate.id)))}
                />
              ))}
            </div>
            {parentError ? (
              <Alert tone="danger" id="objective-parents-error">
                {parentError}
              </Alert>
            ) : null}
          </fieldset>
        ) : null}
        <fieldset>
          <legend>Responsible ({responsibleIds.length})</legend>
          <TextInput type="search" placeholder="Filter people" aria-label="Filter people" value={peopleFilter} onChange={(event) => setPeopleFilter(event.target.value)} />
          <div className="choices" role="group" aria-label="Responsible people">
            {shownPeople.length === 0 ? <p className="muted">No one matches.</p> : null}
            {shownPeople.map((person) => (
              <Checkbox
                key={person.id}
                label={person.name}
                checked={responsibleIds.includes(person.id)}
                onChange={(event) => setResponsibleIds((current) => (event.target.checked ? [...current, person.id] : current.filter((id) => id !== person.id)))}
              />
            ))}
          </div>
          {errors["responsibleIds"] ? <Alert tone="danger">{errors["responsibleIds"].join(" ")}</Alert> : null}
        </fieldset>
      </Form>
    </ConfirmDialog>
  );
}

export const Form = styled(DialogForm)`
  max-height: 62vh;
  overflow: auto;
  padding-right: ${SPACE.xs};
  .row { display: grid; grid-template-columns: repeat(auto-fit, minmax(120px, 1fr)); gap: ${SPACE.md}; }
  .choices { display: grid; gap: ${SPACE.xs}; max-height: 180px; overflow: auto; padding: ${SPACE.xs} 0; }
  .muted { color: ${(p) => p.theme.textMuted}; }
  fieldset { border: 0; padding: 0; margin: 0; display: grid; gap: ${SPACE.xs}; }
  legend { font-weight: 500; margin-bottom: ${SPACE.xs}; }
`;
