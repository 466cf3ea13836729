import { useEffect, useState } from "react";
import { useLocation } from "wouter";
import { styled } from "styled-components";
import { DEFAULT_EXPORT_THEME, type InvestorReport } from "../../../../contracts/investor-reporting";
import type { AppState } from "../../../app/state";
import { useDispatch, useModel } from "../../../bus/use-model";
import { Alert } from "../../../ui/alert";
import { Button } from "../../../ui/button";
import { Card } from "../../../ui/card";
import { useConfirm } from "../../../ui/confirm";
import { FormField } from "../../../ui/form-field";
import { Checkbox, Select, TextInput } from "../../../ui/inputs";
import { SPACE } from "../../../ui/tokens";
import { LIST_PATH, monthDate, monthInput, selectCanWriteReports, useAction } from "./common";
import { nameTaken, NameDialog } from "./report-dialogs";
import { REPORT_NAME_TAKEN_CLIENT } from "../../../../contracts/investor-reporting";

/**
 * The report's settings: its name and end date, whether readers see it and with whom it is
 * shared, its schema saved as a template (and templates deleted), the exports, and deleting it.
 * Readers see the exports only.
 */
export function SettingsTab({ report }: { report: InvestorReport }) {
  return (
    <Grid>
      {report.canEdit ? <DetailsCard report={report} /> : null}
      {report.canEdit ? <SharingCard report={report} /> : null}
      <ExportsCard report={report} />
      {report.canEdit ? <TemplatesCard report={report} /> : null}
      {report.canEdit ? <DeleteCard report={report} /> : null}
    </Grid>
  );
}

function DetailsCard({ report }: { report: InvestorReport }) {
  const dispatch = useDispatch();
  const names = useModel((state: AppState) => state.investorReporting.list.reports.map((entry) => entry.name));
  const state = useAction("edit", report.id);
  const [name, setName] = useState(report.name);
  const [end, setEnd] = useState(monthInput(report.endDate));
  useEffect(() => {
    setName(report.name);
    setEnd(monthInput(report.endDate));
  }, [report.name, report.endDate]);
  const clash = nameTaken(name, names, report.name);
  const endDate = monthDate(end);
  const changed = name.trim() !== report.name || (endDate !== null && endDate !== report.endDate.slice(0, 10));
  const save = () => {
    if (clash || !endDate) return;
    dispatch({ _tag: "EditInvestorReport", reportId: report.id, ...(name.trim() !== report.name ? { name } : {}), ...(endDate !== report.endDate.slice(0, 10) ? { endDate } : {}) });
  };
  return (
    <Card title="Report" headingLevel={2}>
      <form
        className="form"
        aria-label="Report details"
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        <FormField label="Name" required error={clash ? [REPORT_NAME_TAKEN_CLIENT] : state.fields["name"]}>
          <TextInput value={name} maxLength={150} onChange={(event) => setName(event.target.value)} />
        </FormField>
        <FormField label="End date" required error={state.fields["endDate"]} help="The last month the report covers; a draft's default ranges end here.">
          <TextInput type="month" value={end} onChange={(event) => setEnd(event.target.value)} />
        </FormField>
        <div className="row">
          <Button type="submit" variant="primary" disabled={!changed || clash || !endDate} busy={state.busy}>
            Save
          </Button>
        </div>
        <Checkbox
          label="Visible to readers"
          help="Readers it is shared with see the report only while it is visible."
          checked={report.isVisible}
          onChange={(event) => dispatch({ _tag: "EditInvestorReport", reportId: report.id, isVisible: event.target.checked })}
        />
        {state.message && Object.keys(state.fields).length === 0 ? <Alert tone="danger">{state.message}</Alert> : null}
      </form>
    </Card>
  );
}

/** The readers the report is shared with, by name; saved as the whole list (PUT shares). */
function SharingCard({ report }: { report: InvestorReport }) {
  const dispatch = useDispatch();
  const candidates = useModel((state: AppState) => state.investorReporting.shareCandidates);
  const state = useAction("share", report.id);
  const [adding, setAdding] = useState("");
  useEffect(() => {
    dispatch({ _tag: "LoadReportShareCandidates" });
  }, [dispatch]);
  const listed = new Set(report.shares.map((user) => user.id));
  const choices = candidates.users.filter((user) => !listed.has(user.id) && user.id !== report.owner.id);
  const share = (userIds: number[]) => dispatch({ _tag: "ShareInvestorReport", reportId: report.id, userIds });
  return (
    <Card title="Sharing" headingLevel={2}>
      <div className="form">
        <p className="muted">{report.isVisible ? "People listed here read the report (with read access to investor reporting)." : "The report is hidden: people listed here see it once it is visible."}</p>
        {report.shares.length === 0 ? (
          <p>Not shared with anyone yet.</p>
        ) : (
          <ul aria-label="Shared with" className="people">
            {report.shares.map((user) => (
              <li key={user.id}>
                <span>{user.name}</span>
                <Button size="sm" variant="quiet" aria-label={`Remove ${user.name} from sharing`} busy={state.busy} onClick={() => share(report.shares.filter((entry) => entry.id !== user.id).map((entry) => entry.id))}>
                  Remove
                </Button>
              </li>
            ))}
          </ul>
        )}
        {candidates.status === "error" ? <Alert tone="warning">The people to share with could not be loaded: {candidates.message}</Alert> : null}
        {candidates.status === "loaded" ? (
          <div className="row end">
            <FormField label="Share with">
              <Select value={adding} onChange={(event) => setAdding(event.target.value)} options={[{ value: "", label: choices.length ? "Choose a person…" : "Everyone has access already" }, ...choices.map((user) => ({ value: String(user.id), label: user.name }))]} />
            </FormField>
            <Button
              disabled={!adding}
              busy={state.busy}
              onClick={() => {
                share([...report.shares.map((entry) => entry.id), Number(adding)]);
                setAdding("");
              }}
            >
              Share
            </Button>
          </div>
        ) : null}
        {state.message ? <Alert tone="danger">{state.message}</Alert> : null}
      </div>
    </Card>
  );
}

/** The board pack as a PDF (themed, dark by default) and the workbook. */
function ExportsCard({ report }: { report: InvestorReport }) {
  const dispatch = useDispatch();
  const exporting = useModel((state: AppState) => state.investorReporting.exporting);
  const [theme, setTheme] = useState<"light" | "dark">(DEFAULT_EXPORT_THEME);
  const busy = (format: "pdf" | "xlsx") => exporting?.reportId === report.id && exporting.format === format;
  return (
    <Card title="Exports" headingLevel={2}>
      <div className="form">
        <div className="row end">
          <FormField label="PDF theme">
            <Select
              value={theme}
              onChange={(event) => setTheme(event.target.value === "light" ? "light" : "dark")}
              options={[
                { value: "dark", label: "Dark" },
                { value: "light", label: "Light" },
              ]}
            />
          </FormField>
          <Button busy={busy("pdf")} onClick={() => dispatch({ _tag: "ExportInvestorReport", reportId: report.id, name: report.name, format: "pdf", theme })}>
            Export PDF
          </Button>
          <Button busy={busy("xlsx")} onClick={() => dispatch({ _tag: "ExportInvestorReport", reportId: report.id, name: report.name, format: "xlsx", theme })}>
            Export Excel
          </Button>
        </div>
        <p className="muted">The PDF is the board pack: a cover, the contents and every section. The Excel workbook has a sheet per section.</p>
      </div>
    </Card>
  );
}

/** The report's sections saved as a template for new reports; templates deleted. */
function TemplatesCard({ report }: { report: InvestorReport }) {
  const dispatch = useDispatch();
  const confirm = useConfirm();
  const templates = useModel((state: AppState) => state.investorReporting.templates);
  const canWrite = useModel(selectCanWriteReports);
  const deleting = useAction("delete-template");
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    dispatch({ _tag: "LoadReportTemplates" });
  }, [dispatch]);
  const remove = async (templateId: number, name: string) => {
    if (await confirm({ title: `Delete the template ${name}?`, message: "Reports made from it keep their sections.", confirmLabel: "Delete", tone: "danger" })) dispatch({ _tag: "DeleteReportTemplate", templateId, name });
  };
  return (
    <Card title="Templates" headingLevel={2}>
      <div className="form">
        <p className="muted">A template keeps the sections (names, types, views and settings), never figures, texts or attachments.</p>
        {canWrite ? (
          <div className="row">
            <Button onClick={() => setSaving(true)}>Save as template</Button>
          </div>
        ) : null}
        {templates.status === "error" ? <Alert tone="danger">{templates.message}</Alert> : null}
        {templates.templates.length > 0 ? (
          <ul aria-label="Templates" className="people">
            {templates.templates.map((template) => (
              <li key={template.id}>
                <span>
                  {template.name} <span className="muted">({template.sections.length === 1 ? "1 section" : `${template.sections.length} sections`})</span>
                </span>
                <Button size="sm" variant="quiet" aria-label={`Delete the template ${template.name}`} onClick={() => void remove(template.id, template.name)}>
                  Delete
                </Button>
              </li>
            ))}
          </ul>
        ) : null}
        {deleting.message ? <Alert tone="danger">{deleting.message}</Alert> : null}
      </div>
      {saving ? (
        <NameDialog
          title="Save as template"
          label="Template name"
          confirmLabel="Save template"
          initialName={report.name}
          action="save-template"
          reportId={report.id}
          onClose={() => setSaving(false)}
          onSubmit={(name) => dispatch({ _tag: "SaveReportTemplate", reportId: report.id, name })}
        />
      ) : null}
    </Card>
  );
}

function DeleteCard({ report }: { report: InvestorReport }) {
  const dispatch = useDispatch();
  const confirm = useConfirm();
  const [, navigate] = useLocation();
  const remove = async () => {
    const yes = await confirm({
      title: `Delete ${report.name}?`,
      message: "The report, its sections, texts, attachments and recipients are deleted. Mails already sent keep their content, but their links stop working.",
      confirmLabel: "Delete",
      tone: "danger",
    });
    if (!yes) return;
    dispatch({ _tag: "DeleteInvestorReport", reportId: report.id, name: report.name });
    navigate(LIST_PATH);
  };
  return (
    <Card title="Delete" headingLevel={2}>
      <div className="form">
        <p className="muted">Deleting cannot be undone.</p>
        <div className="row">
          <Button variant="danger" onClick={() => void remove()}>
            Delete report
          </Button>
        </div>
      </div>
    </Card>
  );
}

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(340px, 1fr));
  gap: ${SPACE.md};
  align-items: start;
  .form { display: grid; gap: ${SPACE.md}; }
  .row { display: flex; gap: ${SPACE.sm}; flex-wrap: wrap; }
  .row.end { align-items: end; }
  .muted { margin: 0; color: ${(p) => p.theme.textMuted}; }
  p { margin: 0; }
  .people { list-style: none; margin: 0; padding: 0; display: grid; gap: ${SPACE.xs}; }
  .people li { display: flex; justify-content: space-between; gap: ${SPACE.sm}; align-items: center; }
`;
