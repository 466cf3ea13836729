import { useState } from "react";
import { DEFAULT_EXPORT_THEME, type InvestorReport } from "../../../../contracts/investor-reporting";
import { SUBJECT_REQUIRED } from "../../../../domain/investor-reporting/texts";
import { useDispatch } from "../../../bus/use-model";
import { Alert } from "../../../ui/alert";
import { ConfirmDialog } from "../../../ui/confirm-dialog";
import { FormField } from "../../../ui/form-field";
import { Checkbox, Select, TextArea, TextInput } from "../../../ui/inputs";
import { useFinished } from "../../custom-dashboards/views/use-finished";
import { useAction } from "./common";
import { DialogForm } from "../../../ui/dialog-form";

/**
 * Sends an approved report (or approves and sends a draft): a subject (required), a message, the
 * PDF board pack attached or not, and its theme (dark by default, spec section 9). Each recipient
 * gets a mail with a personal link. Closes once sent; the answer shows on the report.
 */
export function SendDialog({ report, approveFirst, onClose }: { report: InvestorReport; approveFirst: boolean; onClose: () => void }) {
  const dispatch = useDispatch();
  const [subject, setSubject] = useState(report.name);
  const [message, setMessage] = useState("");
  const [attachPdf, setAttachPdf] = useState(false);
  const [theme, setTheme] = useState<"light" | "dark">(DEFAULT_EXPORT_THEME);
  const [tried, setTried] = useState(false);
  const approving = useAction("approve", report.id);
  const sending = useAction("send", report.id);
  useFinished(sending.status, onClose);
  const blank = subject.trim() === "";
  const submit = () => {
    setTried(true);
    if (blank) return;
    if (approveFirst) dispatch({ _tag: "ApproveInvestorReport", reportId: report.id });
    dispatch({ _tag: "SendInvestorReport", reportId: report.id, subject, message, attachPdf, theme });
  };
  const subjectErrors = tried && blank ? [SUBJECT_REQUIRED] : [...(sending.fields["subject"] ?? [])];
  const failure = approving.message ?? (sending.message && subjectErrors.length === 0 ? sending.message : null);
  const count = report.recipients.length;
  return (
    <ConfirmDialog open title={approveFirst ? `Approve and send ${report.name}` : `Send ${report.name}`} confirmLabel={approveFirst ? "Approve and send" : "Send"} busy={approving.busy || sending.busy} onCancel={onClose} onConfirm={submit}>
      <DialogForm
        aria-label="Send the report"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <p>
          {count === 0
            ? "The report has no recipients yet: add them on the Recipients tab first."
            : count === 1
              ? "The recipient gets a mail with a personal link to the report."
              : `Each of the ${count} recipients gets a mail with a personal link to the report.`}
          {approveFirst ? " Approving freezes the report's figures first: they no longer change when data changes." : ""}
        </p>
        <FormField label="Subject" required error={subjectErrors}>
          <TextInput value={subject} maxLength={200} autoFocus onChange={(event) => setSubject(event.target.value)} />
        </FormField>
        <FormField label="Message" error={sending.fields["message"]}>
          <TextArea rows={5} value={message} maxLength={10_000} onChange={(event) => setMessage(event.target.value)} />
        </FormField>
        <Checkbox label="Attach the board pack as a PDF" checked={attachPdf} onChange={(event) => setAttachPdf(event.target.checked)} />
        <FormField label="PDF theme">
          <Select
            value={theme}
            disabled={!attachPdf}
            onChange={(event) => setTheme(event.target.value === "light" ? "light" : "dark")}
            options={[
              { value: "dark", label: "Dark" },
              { value: "light", label: "Light" },
            ]}
          />
        </FormField>
        {failure ? <Alert tone="danger">{failure}</Alert> : null}
      </DialogForm>
    </ConfirmDialog>
  );
}
