import { useCallback, useEffect, useState } from "react";
import { Link } from "wouter";
import { CheckInRequest, CONFIDENCE_MAX, ExternalTaskCreateRequest, CONFIDENCE_MIN, KeyResultChangeRequest, KeyResultCreateRequest, KR_DIRECTIONS, MilestoneChangeRequest, MilestoneCreateRequest, type KeyResult, type KrDirection, type Objective } from "../../../../contracts/okrs";
import { parseNumberInput } from "../../../../domain/kpi/number-input";
import { keyResultProgress } from "../../../../domain/okrs/progress";
import type { AppState } from "../../../app/state";
import { useDispatch, useModel } from "../../../bus/use-model";
import { Alert } from "../../../ui/alert";
import { SegmentedControl } from "../../../ui/compact-controls";
import { ConfirmDialog } from "../../../ui/confirm-dialog";
import { FormField } from "../../../ui/form-field";
import { NumberInput, Select, TextArea, TextInput } from "../../../ui/inputs";
import { useFinished } from "../../custom-dashboards/views/use-finished";
import { contractErrors, mergedErrors, type FieldErrors } from "../validate";
import { formatFigure } from "./objective-card";
import { Form } from "./objective-dialog";
import { ProgressBar } from "./parts";

export const DIRECTION_LABEL: Record<KrDirection, string> = { increasing: "Increase to the target", decreasing: "Decrease to the target", binary: "Done or not done" };
export const KPI_FED_NOTE = "Actual and progress follow the KPI: they change when the KPI's values do and cannot be edited here.";

/** Confidence words for the check-in scale (0 will not make it, 10 certain). */
export function confidenceWord(confidence: number): string {
  if (confidence <= 3) return "Low";
  if (confidence <= 6) return "Medium";
  return "High";
}

function useOkrAction(names: readonly string[], onClose: () => void) {
  const action = useModel((state: AppState) => state.okrs.action);
  const mine = action.action !== null && names.includes(action.action);
  const close = useCallback(() => onClose(), [onClose]);
  useFinished(mine ? action.status : "idle", close);
  return { busy: mine && action.status === "busy", errors: mine && action.status === "error" ? action.fields : {}, message: mine && action.status === "error" ? action.message : null };
}

const numberOrNull = (text: string): number | null | "invalid" => {
  if (text.trim() === "") return null;
  const parsed = parseNumberInput(text, "");
  return parsed.kind === "value" ? parsed.value : "invalid";
};
const INVALID = "Enter a number such as 1234.56.";
const flatten = (errors: FieldErrors): Record<string, string> => Object.fromEntries(Object.entries(errors).map(([field, messages]) => [field, messages.join(" ")]));

/**
 * Adds or edits a key result. "Link to a KPI" fills start and target from the server's suggestion
 * for the objective's period (spec section 9); a KPI-fed key result takes its actual from the KPI.
 */
export function KeyResultDialog({ objective, keyResult, onClose }: { objective: Objective; keyResult: KeyResult | null; onClose: () => void }) {
  const dispatch = useDispatch();
  const { busy, errors, message } = useOkrAction(["key-result"], onClose);
  const context = useModel((state: AppState) => state.okrs.context);
  const kpis = useModel((state: AppState) => state.kpis.meta);
  const suggestion = useModel((state: AppState) => state.okrs.suggestion);
  const [title, setTitle] = useState(keyResult?.title ?? "");
  const [direction, setDirection] = useState<KrDirection>(keyResult?.direction ?? "increasing");
  const [unit, setUnit] = useState(keyResult?.unit ?? "");
  const [start, setStart] = useState(keyResult ? String(keyResult.start) : "0");
  const [target, setTarget] = useState(keyResult ? String(keyResult.target) : "");
  const [actual, setActual] = useState(keyResult?.actual === null || keyResult === null ? "" : String(keyResult.actual));
  const [kpiId, setKpiId] = useState<number | null>(keyResult?.kpi?.id ?? null);
  const [responsibleUserId, setResponsibleUserId] = useState<number | null>(keyResult?.responsible?.id ?? null);
  const [statusId, setStatusId] = useState<number | null>(keyResult?.statusId ?? null);
  const [local, setLocal] = useState<Record<string, string>>({});
  const [applied, setApplied] = useState<number | null>(keyResult?.kpi?.id ?? null);

  useEffect(() => {
    if (kpis.status === "idle") dispatch({ _tag: "LoadKpiMeta" });
  }, [dispatch, kpis.status]);
  // A newly linked KPI's suggestion fills start, target and direction once.
  useEffect(() => {
    if (kpiId === null || applied === kpiId || suggestion.kpiId !== kpiId || suggestion.status !== "loaded" || !suggestion.value) return;
    setStart(String(suggestion.value.start));
    if (suggestion.value.target !== null) setTarget(String(suggestion.value.target));
    setDirection(suggestion.value.direction);
    if (suggestion.value.kpi.unit) setUnit(suggestion.value.kpi.unit);
    setApplied(kpiId);
  }, [kpiId, applied, suggestion]);

  const linkKpi = (id: number | null) => {
    setKpiId(id);
    if (id !== null) {
      if (!title.trim()) setTitle(kpis.kpis.find((kpi) => kpi.id === id)?.name ?? "");
      dispatch({ _tag: "SuggestKeyResult", kpiId: id, startsOn: objective.startsOn, endsOn: objective.endsOn });
    }
  };
  const submit = () => {
    const numbers = { start: numberOrNull(start), target: numberOrNull(target), actual: kpiId === null ? numberOrNull(actual) : null };
    const problems: Record<string, string> = {};
    for (const [field, value] of Object.entries(numbers)) if (value === "invalid") problems[field] = INVALID;
    if (numbers.target === null && direction !== "binary") problems["target"] = "Enter a target.";
    setLocal(problems);
    if (Object.keys(problems).length > 0) return;
    const startValue = (numbers.start as number | null) ?? 0;
    const targetValue = direction === "binary" ? 1 : (numbers.target as number);
    const fields = { title, direction, unit, start: direction === "binary" ? 0 : startValue, target: targetValue, kpiId, responsibleUserId, statusId };
    if (keyResult === null) {
      const request = { ...fields, actual: kpiId === null ? (numbers.actual as number | null) : null };
      const found = contractErrors(KeyResultCreateRequest, request);
      if (found) return setLocal(flatten(found));
      dispatch({ _tag: "CreateKeyResult", objectiveId: objective.id, request });
    } else {
      const change = { ...fields, ...(kpiId === null ? { actual: numbers.actual as number | null } : {}) };
      const found = contractErrors(KeyResultChangeRequest, change);
      if (found) return setLocal(flatten(found));
      dispatch({ _tag: "ChangeKeyResult", objectiveId: objective.id, keyResultId: keyResult.id, change });
    }
  };
  const fieldError = (field: string) => local[field] ?? errors[field];
  const linkedKpi = kpiId === null ? null : (kpis.kpis.find((kpi) => kpi.id === kpiId) ?? keyResult?.kpi ?? null);

  return (
    <ConfirmDialog open title={keyResult ? `Edit “${keyResult.title}”` : "New key result"} confirmLabel={keyResult ? "Save" : "Add key result"} busy={busy} onCancel={onClose} onConfirm={submit}>
      <Form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        {message ? <Alert tone="danger">{message}</Alert> : null}
        <FormField label="Link to a KPI" error={errors["kpiId"]} help={kpiId === null ? "Optional: a linked KPI feeds the actual value and progress." : suggestion.kpiId === kpiId && suggestion.status === "error" ? suggestion.message : "Start and target come from the KPI's plan for the period; adjust them if you like."}>
          <Select
            value={kpiId ?? ""}
            onChange={(event) => linkKpi(event.target.value === "" ? null : Number(event.target.value))}
            options={[{ value: "", label: kpis.status === "loaded" ? "No KPI (enter values by hand)" : "Loading KPIs…" }, ...kpis.kpis.map((kpi) => ({ value: kpi.id, label: kpi.name }))]}
          />
        </FormField>
        <FormField label="Title" required error={errors["title"]}>
          <TextInput value={title} maxLength={200} autoFocus onChange={(event) => setTitle(event.target.value)} />
        </FormField>
        <div className="row">
          <FormField label="Direction" error={errors["direction"]}>
            <Select value={direction} onChange={(event) => setDirection(event.target.value as KrDirection)} options={KR_DIRECTIONS.map((candidate) => ({ value: candidate, label: DIRECTION_LABEL[candidate] }))} />
          </FormField>
          <FormField label="Unit" error={errors["unit"]}>
            <TextInput value={unit} maxLength={30} onChange={(event) => setUnit(event.target.value)} />
          </FormField>
        </div>
        {direction !== "binary" ? (
          <div className="row">
            <FormField label="Start" error={fieldError("start")}>
              <NumberInput value={start} onChange={(event) => setStart(event.target.value)} />
            </FormField>
            <FormField label="Target" required error={fieldError("target")}>
              <NumberInput value={target} onChange={(event) => setTarget(event.target.value)} />
            </FormField>
          </div>
        ) : null}
        {kpiId === null ? (
          <FormField label={direction === "binary" ? "Actual (1 done, 0 not done)" : "Actual"} error={fieldError("actual")}>
            <NumberInput value={actual} onChange={(event) => setActual(event.target.value)} />
          </FormField>
        ) : (
          <Alert tone="info">
            {KPI_FED_NOTE} {linkedKpi ? <Link href={`/reporting/kpi-detail/${linkedKpi.id}`}>Open {linkedKpi.name}</Link> : null}
          </Alert>
        )}
        <div className="row">
          <FormField label="Responsible" error={errors["responsibleUserId"]}>
            <Select value={responsibleUserId ?? ""} onChange={(event) => setResponsibleUserId(event.target.value === "" ? null : Number(event.target.value))} options={[{ value: "", label: "No one" }, ...context.people.map((person) => ({ value: person.id, label: person.name }))]} />
          </FormField>
          <FormField label="Status" error={errors["statusId"]}>
            <Select value={statusId ?? ""} onChange={(event) => setStatusId(event.target.value === "" ? null : Number(event.target.value))} options={[{ value: "", label: "No status" }, ...context.statuses.map((status) => ({ value: status.id, label: status.name }))]} />
          </FormField>
        </div>
        {errors["progress"] ? <Alert tone="danger">{errors["progress"].join(" ")}</Alert> : null}
      </Form>
    </ConfirmDialog>
  );
}

const CONFIDENCE_OPTIONS = Array.from({ length: CONFIDENCE_MAX - CONFIDENCE_MIN + 1 }, (_, index) => {
  const value = CONFIDENCE_MIN + index;
  return { value: String(value), label: String(value), title: `${value}: ${confidenceWord(value)} confidence` };
});

/** A check-in: how confident the person is (0–10), the value now for a key result kept by hand, and why. */
export function CheckInDialog({ objective, keyResult, onClose }: { objective: Objective; keyResult: KeyResult; onClose: () => void }) {
  const dispatch = useDispatch();
  const { busy, errors, message } = useOkrAction(["check-in"], onClose);
  const [confidence, setConfidence] = useState(String(keyResult.confidence ?? 5));
  const [value, setValue] = useState(keyResult.actual === null ? "" : String(keyResult.actual));
  const [comment, setComment] = useState("");
  const [local, setLocal] = useState<string | null>(null);
  const manual = keyResult.kpi === null;
  const parsed = numberOrNull(value);
  const preview = manual && parsed !== "invalid" ? keyResultProgress({ direction: keyResult.direction, start: keyResult.start, target: keyResult.target, actual: parsed }) : keyResult.progress;
  const submit = () => {
    if (manual && parsed === "invalid") return setLocal(INVALID);
    setLocal(null);
    const request = { value: manual ? (parsed as number | null) : null, confidence: Number(confidence), comment };
    const found = contractErrors(CheckInRequest, request);
    if (found) return setLocal(Object.values(found).flat().join(" "));
    dispatch({ _tag: "CheckInKeyResult", objectiveId: objective.id, keyResultId: keyResult.id, request });
  };
  return (
    <ConfirmDialog open title={`Check in on “${keyResult.title}”`} confirmLabel="Save check-in" busy={busy} onCancel={onClose} onConfirm={submit}>
      <Form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        {message ? <Alert tone="danger">{message}</Alert> : null}
        <SegmentedControl label={`Confidence: ${confidence} of 10 (${confidenceWord(Number(confidence))})`} options={CONFIDENCE_OPTIONS} value={confidence} onChange={setConfidence} />
        <p className="muted">0 means it will not be reached, 10 that it certainly will.</p>
        {errors["confidence"] ? <Alert tone="danger">{errors["confidence"].join(" ")}</Alert> : null}
        {manual ? (
          <FormField label={`Value now${keyResult.unit ? ` (${keyResult.unit})` : ""}`} error={local ?? errors["value"]} help={`Start ${formatFigure(keyResult.start)}, target ${formatFigure(keyResult.target)}.`}>
            <NumberInput value={value} onChange={(event) => setValue(event.target.value)} />
          </FormField>
        ) : (
          <p className="muted">
            Value now: {keyResult.actual === null ? "no value yet" : `${formatFigure(keyResult.actual)} ${keyResult.unit}`} (from the KPI {keyResult.kpi?.name}).
          </p>
        )}
        <ProgressBar value={preview} label="Progress with this value" />
        <FormField label="Comment" error={errors["comment"]}>
          <TextArea rows={3} maxLength={2000} value={comment} onChange={(event) => setComment(event.target.value)} />
        </FormField>
      </Form>
    </ConfirmDialog>
  );
}

/** A milestone: title, due date, responsible. */
export function MilestoneDialog({ objective, milestone, onClose }: { objective: Objective; milestone: Objective["milestones"][number] | null; onClose: () => void }) {
  const dispatch = useDispatch();
  const { busy, errors: serverErrors, message } = useOkrAction(["milestone"], onClose);
  const [local, setLocal] = useState<FieldErrors>({});
  const errors = mergedErrors(local, serverErrors);
  const people = useModel((state: AppState) => state.okrs.context.people);
  const [title, setTitle] = useState(milestone?.title ?? "");
  const [dueOn, setDueOn] = useState(milestone?.dueOn ?? "");
  const [responsibleUserId, setResponsibleUserId] = useState<number | null>(milestone?.responsible?.id ?? null);
  const submit = () => {
    const fields = { title, dueOn: dueOn === "" ? null : dueOn, responsibleUserId };
    const found = milestone === null ? contractErrors(MilestoneCreateRequest, fields) : contractErrors(MilestoneChangeRequest, fields);
    setLocal(found ?? {});
    if (found) return;
    if (milestone === null) dispatch({ _tag: "CreateMilestone", objectiveId: objective.id, request: fields });
    else dispatch({ _tag: "ChangeMilestone", objectiveId: objective.id, milestoneId: milestone.id, change: fields });
  };
  return (
    <ConfirmDialog open title={milestone ? `Edit “${milestone.title}”` : "New milestone"} confirmLabel={milestone ? "Save" : "Add milestone"} busy={busy} onCancel={onClose} onConfirm={submit}>
      <Form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        {message ? <Alert tone="danger">{message}</Alert> : null}
        <FormField label="Title" required error={errors["title"]}>
          <TextInput value={title} maxLength={200} autoFocus onChange={(event) => setTitle(event.target.value)} />
        </FormField>
        <div className="row">
          <FormField label="Due on" error={errors["dueOn"]}>
            <TextInput type="date" value={dueOn} onChange={(event) => setDueOn(event.target.value)} />
          </FormField>
          <FormField label="Responsible" error={errors["responsibleUserId"]}>
            <Select value={responsibleUserId ?? ""} onChange={(event) => setResponsibleUserId(event.target.value === "" ? null : Number(event.target.value))} options={[{ value: "", label: "No one" }, ...people.map((person) => ({ value: person.id, label: person.name }))]} />
          </FormField>
        </div>
      </Form>
    </ConfirmDialog>
  );
}

/** Attaches a task of a project tool: where it lives (origin, project, its id there), its title, link and status. */
export function ExternalTaskDialog({ objectiveId, onClose }: { objectiveId: number; onClose: () => void }) {
  const dispatch = useDispatch();
  const { busy, errors: serverErrors, message } = useOkrAction(["external-task"], onClose);
  const [local, setLocal] = useState<FieldErrors>({});
  const errors = mergedErrors(local, serverErrors);
  const [values, setValues] = useState({ origin: "", project: "", externalId: "", title: "", url: "", status: "" });
  const set = (field: keyof typeof values) => (event: { target: { value: string } }) => setValues((current) => ({ ...current, [field]: event.target.value }));
  const submit = () => {
    const request = { ...values, url: values.url.trim() === "" ? null : values.url.trim(), meta: {}, objectiveId, keyResultId: null };
    const found = contractErrors(ExternalTaskCreateRequest, request);
    setLocal(found ?? {});
    if (!found) dispatch({ _tag: "AttachExternalTask", objectiveId, request });
  };
  return (
    <ConfirmDialog open title="Attach a task" confirmLabel="Attach task" busy={busy} onCancel={onClose} onConfirm={submit}>
      <Form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        {message ? <Alert tone="danger">{message}</Alert> : null}
        <div className="row">
          <FormField label="Origin" required error={errors["origin"]} help="The tool, e.g. Jira or Asana.">
            <TextInput value={values.origin} maxLength={40} autoFocus onChange={set("origin")} />
          </FormField>
          <FormField label="Project" required error={errors["project"]}>
            <TextInput value={values.project} maxLength={120} onChange={set("project")} />
          </FormField>
          <FormField label="ID" required error={errors["externalId"]} help="The task's id in its tool.">
            <TextInput value={values.externalId} maxLength={120} onChange={set("externalId")} />
          </FormField>
        </div>
        <FormField label="Title" required error={errors["title"]}>
          <TextInput value={values.title} maxLength={300} onChange={set("title")} />
        </FormField>
        <div className="row">
          <FormField label="Link" error={errors["url"]}>
            <TextInput type="url" value={values.url} placeholder="https://" onChange={set("url")} />
          </FormField>
          <FormField label="Status" error={errors["status"]}>
            <TextInput value={values.status} maxLength={60} onChange={set("status")} />
          </FormField>
        </div>
      </Form>
    </ConfirmDialog>
  );
}
