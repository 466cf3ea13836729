import { useEffect, useState } from "react";
import { styled } from "styled-components";
import { REPORT_NAME_TAKEN_CLIENT } from "../../../../contracts/investor-reporting";
import type { ReportAction } from "../../../../contracts/messages/investor-reporting";
import type { AppState } from "../../../app/state";
import { useDispatch, useModel } from "../../../bus/use-model";
import { Alert } from "../../../ui/alert";
import { ConfirmDialog } from "../../../ui/confirm-dialog";
import { FormField } from "../../../ui/form-field";
import { Select, TextInput } from "../../../ui/inputs";
import { SPACE } from "../../../ui/tokens";
import { useFinished } from "../../custom-dashboards/views/use-finished";
import { lastMonth, monthDate, useAction } from "./common";
import { DialogForm } from "../../../ui/dialog-form";

/** A report name another report in the list has already (case aside): the client's own text, before asking the server. */
export function nameTaken(name: string, names: readonly string[], own: string | null = null): boolean {
  const wanted = name.trim().toLowerCase();
  return wanted !== "" && wanted !== own?.trim().toLowerCase() && names.some((other) => other.trim().toLowerCase() === wanted);
}

/**
 * Creates a report: its name (unique: the list's names are checked here, the server checks again),
 * the month it runs to, and a template to start from or nothing. Closes once it is created; the
 * new report then opens.
 */
export function CreateReportDialog({ names, onClose }: { names: readonly string[]; onClose: () => void }) {
  const dispatch = useDispatch();
  const templates = useModel((state: AppState) => state.investorReporting.templates);
  const [name, setName] = useState("");
  const [end, setEnd] = useState(() => lastMonth(new Date()));
  const [templateId, setTemplateId] = useState("");
  const [tried, setTried] = useState(false);
  const state = useAction("create");
  useFinished(state.status, onClose);
  useEffect(() => {
    dispatch({ _tag: "LoadReportTemplates" });
  }, [dispatch]);
  const taken = nameTaken(name, names);
  const endDate = monthDate(end);
  const submit = () => {
    setTried(true);
    if (taken || !endDate) return;
    dispatch({ _tag: "CreateInvestorReport", name, endDate, templateId: templateId ? Number(templateId) : null });
  };
  const nameErrors = taken ? [REPORT_NAME_TAKEN_CLIENT] : [...(state.fields["name"] ?? [])];
  const endErrors = tried && !endDate ? ["Choose the month the report runs to."] : [...(state.fields["endDate"] ?? [])];
  const other = state.message && nameErrors.length === 0 && endErrors.length === 0 ? state.message : null;
  return (
    <ConfirmDialog open title="New investor report" confirmLabel="Create" busy={state.busy} onCancel={onClose} onConfirm={submit}>
      <DialogForm
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <FormField label="Name" required error={nameErrors}>
          <TextInput value={name} maxLength={150} autoFocus onChange={(event) => setName(event.target.value)} />
        </FormField>
        <FormField label="End date" required error={endErrors} help="The last month the report covers.">
          <TextInput type="month" value={end} onChange={(event) => setEnd(event.target.value)} />
        </FormField>
        <FormField label="Start from" error={state.fields["templateId"]}>
          <Select
            value={templateId}
            onChange={(event) => setTemplateId(event.target.value)}
            options={[{ value: "", label: "An empty report" }, ...templates.templates.map((template) => ({ value: String(template.id), label: `Template: ${template.name}` }))]}
          />
        </FormField>
        {templates.status === "error" ? <Alert tone="warning">The templates could not be loaded: {templates.message}</Alert> : null}
        {other ? <Alert tone="danger">{other}</Alert> : null}
      </DialogForm>
    </ConfirmDialog>
  );
}

/** One name: duplicating a report, renaming a section, saving a template. */
export function NameDialog({
  title,
  label = "Name",
  confirmLabel,
  initialName,
  action,
  reportId,
  taken = [],
  onSubmit,
  onClose,
}: {
  title: string;
  label?: string;
  confirmLabel: string;
  initialName: string;
  action: ReportAction;
  reportId: number | null;
  /** Names the client refuses at once (other reports' names). */
  taken?: readonly string[];
  onSubmit: (name: string) => void;
  onClose: () => void;
}) {
  const [name, setName] = useState(initialName);
  const state = useAction(action, reportId);
  useFinished(state.status, onClose);
  const clash = nameTaken(name, taken);
  const errors = clash ? [REPORT_NAME_TAKEN_CLIENT] : [...(state.fields["name"] ?? [])];
  const submit = () => {
    if (!clash) onSubmit(name);
  };
  return (
    <ConfirmDialog open title={title} confirmLabel={confirmLabel} busy={state.busy} onCancel={onClose} onConfirm={submit}>
      <DialogForm
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <FormField label={label} required error={errors}>
          <TextInput value={name} maxLength={150} autoFocus onChange={(event) => setName(event.target.value)} />
        </FormField>
        {state.message && errors.length === 0 ? <Alert tone="danger">{state.message}</Alert> : null}
      </DialogForm>
    </ConfirmDialog>
  );
}

