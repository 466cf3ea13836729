import { useEffect, useRef, useState } from "react";
import { styled } from "styled-components";
import type { KpiAlert } from "../../../../contracts/alerts";
import type { KpiMeta } from "../../../../contracts/kpis";
import { ALERT_FREQUENCIES, nextSendTime } from "../../../../domain/alerts/send-times";
import type { AppState } from "../../../app/state";
import { useNow } from "../../../app/clock";
import { useDispatch, useModel } from "../../../bus/use-model";
import { Alert } from "../../../ui/alert";
import { ConfirmDialog } from "../../../ui/confirm-dialog";
import { DialogForm } from "../../../ui/dialog-form";
import { FormField } from "../../../ui/form-field";
import { NumberInput, Select } from "../../../ui/inputs";
import { SPACE, TYPE_SCALE } from "../../../ui/tokens";
import { conditionOfDraft, draftFieldsOf, draftOf, type AlertDraft } from "../alert-draft";
import { FREQUENCY_HINTS, FREQUENCY_LABELS, MONTH_OFFSET_LABELS, sendTimeText } from "../alert-texts";

export interface AlertDialogProps {
  readonly kpi: Pick<KpiMeta, "id" | "name" | "unit">;
  /** The alert being changed; null sets a new one. */
  readonly alert: KpiAlert | null;
  readonly onClose: () => void;
}

/**
 * The alert dialog in two stages (spec: "KPI alert dialog in two stages"). Stage 1, the
 * condition: boundaries (an empty box is no boundary) or a percentage change against the month
 * before or plan with a minimum baseline, and the month it watches. Stage 2, the delivery: how
 * often it is checked, with the next send time in the company's time zone. The dialog stays open
 * while saving and shows the server's messages by field (a condition's on stage 1).
 */
export function AlertDialog({ kpi, alert, onClose }: AlertDialogProps) {
  const dispatch = useDispatch();
  const [draft, setDraft] = useState<AlertDraft>(() => draftOf(alert));
  const [stage, setStage] = useState<1 | 2>(1);
  const [problems, setProblems] = useState<Readonly<Record<string, readonly string[]>>>({});
  const save = useModel((state: AppState) => state.alerts.save);
  const timeZone = useModel((state: AppState) => state.alerts.timeZone) ?? "UTC";
  const now = useNow(30_000);
  // Only this dialog's save counts: an earlier dialog's outcome may still be in the model when it opens.
  const submitted = useRef(false);
  useEffect(() => {
    dispatch({ _tag: "ResetAlertSave" });
  }, [dispatch]);
  useEffect(() => {
    if (!submitted.current) return;
    if (save.status === "saved") onClose();
    if (save.status === "error") {
      const fields = draftFieldsOf(save.fields);
      setProblems(fields);
      if (["lower", "upper", "percent", "minimumBaseline", "kpiId"].some((field) => fields[field])) setStage(1);
    }
  }, [save.status, save.fields, onClose]);

  const set = <K extends keyof AlertDraft>(key: K, value: AlertDraft[K]) => setDraft((current) => ({ ...current, [key]: value }));
  const checked = conditionOfDraft(draft, kpi.unit);
  const next = () => {
    if ("problems" in checked) return setProblems(checked.problems);
    setProblems({});
    setStage(2);
  };
  const submit = () => {
    if ("problems" in checked) {
      setProblems(checked.problems);
      return setStage(1);
    }
    submitted.current = true;
    dispatch({ _tag: "SaveAlert", alertId: alert?.id ?? null, kpiId: kpi.id, kpiName: kpi.name, condition: checked.condition, monthOffset: draft.monthOffset, frequency: draft.frequency });
  };
  const title = `${alert ? "Edit alert" : "Set alert"} on ${kpi.name}`;
  const serverMessage = submitted.current && save.status === "error" && Object.keys(save.fields).length === 0 ? save.message : (problems["non_field_errors"]?.join(" ") ?? null);
  const unit = kpi.unit === "percentage" ? { unit: "%" } : {};

  return (
    <ConfirmDialog
      open
      title={title}
      confirmLabel={stage === 1 ? "Next" : alert ? "Save alert" : "Set alert"}
      cancelLabel={stage === 1 ? "Cancel" : "Back"}
      busy={save.status === "saving"}
      onCancel={stage === 1 ? onClose : () => setStage(1)}
      onConfirm={stage === 1 ? next : submit}
    >
      <Form
        onSubmit={(event) => {
          event.preventDefault();
          if (stage === 1) next();
          else submit();
        }}
      >
        <p className="stage" aria-live="polite">
          Step {stage} of 2: {stage === 1 ? "Condition" : "Delivery"}
        </p>
        {stage === 1 ? (
          <>
            <fieldset>
              <legend>Alert me when the value</legend>
              <label>
                <input type="radio" name="alert-kind" checked={draft.kind === "boundary"} onChange={() => set("kind", "boundary")} /> leaves boundaries
              </label>
              <label>
                <input type="radio" name="alert-kind" checked={draft.kind === "change"} onChange={() => set("kind", "change")} /> changes by a percentage
              </label>
            </fieldset>
            {draft.kind === "boundary" ? (
              <div className="pair">
                <FormField label="Lower boundary" help="Alerts below this; empty for none." error={problems["lower"]}>
                  <NumberInput {...unit} value={draft.lower} autoFocus onChange={(event) => set("lower", event.target.value)} />
                </FormField>
                <FormField label="Upper boundary" help="Alerts above this; empty for none." error={problems["upper"]}>
                  <NumberInput {...unit} value={draft.upper} onChange={(event) => set("upper", event.target.value)} />
                </FormField>
              </div>
            ) : (
              <>
                <div className="pair">
                  <FormField label="Direction">
                    <Select value={draft.direction} onChange={(event) => set("direction", event.target.value as AlertDraft["direction"])} options={[{ value: "either", label: "Rises or falls" }, { value: "up", label: "Rises" }, { value: "down", label: "Falls" }]} />
                  </FormField>
                  <FormField label="By at least" error={problems["percent"]}>
                    <NumberInput unit="%" value={draft.percent} onChange={(event) => set("percent", event.target.value)} />
                  </FormField>
                </div>
                <div className="pair">
                  <FormField label="Compared with">
                    <Select value={draft.basis} onChange={(event) => set("basis", event.target.value as AlertDraft["basis"])} options={[{ value: "previous_period", label: "The month before" }, { value: "plan", label: "Plan" }]} />
                  </FormField>
                  <FormField label="Minimum baseline" help="Smaller baselines are not compared; empty for any." error={problems["minimumBaseline"]}>
                    <NumberInput {...unit} value={draft.minimumBaseline} onChange={(event) => set("minimumBaseline", event.target.value)} />
                  </FormField>
                </div>
              </>
            )}
            <FormField label="Month" error={problems["kpiId"]}>
              <Select value={String(draft.monthOffset)} onChange={(event) => set("monthOffset", Number(event.target.value) === -1 ? -1 : 0)} options={[{ value: "0", label: MONTH_OFFSET_LABELS[0] }, { value: "-1", label: MONTH_OFFSET_LABELS[-1] }]} />
            </FormField>
          </>
        ) : (
          <fieldset>
            <legend>Check and send</legend>
            {ALERT_FREQUENCIES.map((frequency) => (
              <label key={frequency}>
                <input type="radio" name="alert-frequency" checked={draft.frequency === frequency} onChange={() => set("frequency", frequency)} />
                <span>
                  {FREQUENCY_LABELS[frequency]} <span className="hint">· {FREQUENCY_HINTS[frequency]}</span>
                </span>
              </label>
            ))}
            <p className="next">
              Next check: <strong>{sendTimeText(nextSendTime(draft.frequency, new Date(now), timeZone).toISOString(), timeZone)}</strong> ({timeZone}). A triggered alert sends you an e-mail and a notification, at most once per {draft.frequency === "daily" ? "day" : draft.frequency === "weekly" ? "week" : "month"}.
            </p>
          </fieldset>
        )}
        {serverMessage ? <Alert tone="danger">{serverMessage}</Alert> : null}
      </Form>
    </ConfirmDialog>
  );
}

const Form = styled(DialogForm)`
  label { display: flex; gap: ${SPACE.sm}; align-items: center; cursor: pointer; }
  input[type="radio"] { accent-color: ${(p) => p.theme.accent}; }
  .stage { font-size: ${TYPE_SCALE.sm.size}; color: ${(p) => p.theme.textMuted}; margin: 0; }
  .pair { display: grid; grid-template-columns: 1fr 1fr; gap: ${SPACE.sm}; align-items: start; }
  .hint { color: ${(p) => p.theme.textMuted}; }
  .next { margin: ${SPACE.sm} 0 0; color: ${(p) => p.theme.textMuted}; }
  .next strong { color: ${(p) => p.theme.text}; }
`;
