import type { AccountingSetup } from "../../../../contracts/accounting";
import { ACCOUNTING_FILES, MISSING_FILES_TEXT, SAMPLE_ARCHIVE_NAME } from "../../../../domain/integrations/accounting";
import type { AppState } from "../../../app/state";
import { useDispatch, useModel } from "../../../bus/use-model";
import { Alert } from "../../../ui/alert";
import { Button } from "../../../ui/button";
import { Card } from "../../../ui/card";
import { CollapsibleSection } from "../../../ui/collapsible-section";
import { useConfirm } from "../../../ui/confirm";
import { DataTable } from "../../../ui/data-table";
import { Cluster, Stack } from "../../../ui/layout";
import { Spinner } from "../../../ui/spinner";
import { Text } from "../../../ui/text";
import { FileButton } from "../../../ui/file-button";
import { count, instantText, monthsText } from "./format";

/**
 * Step 2, the raw data: the ZIP archive's required files and their columns, the upload (or the
 * demo's sample archive), the archive "being checked", what was refused and why, and the current
 * import with its delete ("being deleted").
 */
export function UploadStep({ setup }: { setup: AccountingSetup }) {
  const dispatch = useDispatch();
  const busy = useModel((state: AppState) => state.accounting.busy);
  const failure = useModel((state: AppState) => (state.accounting.failure?.change === "upload" || state.accounting.failure?.change === "delete" ? state.accounting.failure : null));
  const uploading = busy?.change === "upload";
  const deleting = busy?.change === "delete";

  return (
    <Stack $gap="lg">
      <Card
        title="Raw data upload"
        actions={
          <Cluster>
            {setup.sampleAvailable ? (
              <>
                <Button onClick={() => dispatch({ _tag: "DownloadSampleArchive" })}>Download the sample archive</Button>
                <Button disabled={deleting} busy={uploading && busy?.fileName === SAMPLE_ARCHIVE_NAME} onClick={() => dispatch({ _tag: "UseSampleArchive" })}>
                  Use the sample archive
                </Button>
              </>
            ) : null}
            <FileButton
              variant="primary"
              disabled={deleting}
              busy={uploading}
              label="Upload ZIP archive"
              accept=".zip,application/zip,application/x-zip-compressed"
              onFile={(file) => dispatch({ _tag: "UploadAccountingArchive", file, fileName: file.name })}
            />
          </Cluster>
        }
      >
        <Text $tone="muted">
          Export your bookkeeping as one ZIP archive with the four CSV files below (in any folder of the archive). Each file starts with a header row; fields are separated by commas, semicolons or tabs;
          text is UTF-8 or Windows-1252. A new archive replaces the current import.
          {setup.sampleAvailable ? " The sample archive holds a year of the demo company's bookings in this format." : ""}
        </Text>
        <div role="status" aria-live="polite">
          {uploading ? (
            <Alert tone="info" role="none" title={`The ZIP file ${busy?.fileName ?? ""} is being checked…`}>
              <Cluster>
                <Spinner /> Every file and row is checked before anything is stored.
              </Cluster>
            </Alert>
          ) : null}
          {deleting ? (
            <Alert tone="info" role="none" title="The import is being deleted…">
              <Cluster>
                <Spinner /> Its bookings, open positions and the P&L values written from it are removed.
              </Cluster>
            </Alert>
          ) : null}
        </div>
        {failure ? <Refusal failure={failure} /> : null}
        <Stack $gap="sm">
          {ACCOUNTING_FILES.map((file) => (
            <CollapsibleSection key={file.name} title={file.name} summary={file.description} headingLevel={3} defaultOpen={false}>
              <DataTable
                label={`Columns of ${file.name}`}
                maxHeight="none"
                rows={file.columns}
                rowKey={(column) => column.name}
                columns={[
                  { key: "name", header: "Column", rowHeader: true, cell: (column) => <code>{column.name}</code> },
                  { key: "required", header: "Required", cell: (column) => (column.required ? "Yes" : "No") },
                  { key: "description", header: "What it holds", cell: (column) => column.description },
                ]}
              />
            </CollapsibleSection>
          ))}
        </Stack>
      </Card>
      {setup.import ? <CurrentImport summary={setup.import} busy={busy !== null} /> : null}
    </Stack>
  );
}

function Refusal({ failure }: { failure: NonNullable<AppState["accounting"]["failure"]> }) {
  if (failure.change === "delete") return <Alert tone="danger" title="The import was not deleted">{failure.message}</Alert>;
  const missing = failure.missing.length > 0;
  return (
    <Alert tone="danger" title={missing ? MISSING_FILES_TEXT : "Nothing was imported"} data-testid="upload-refusal">
      {missing ? `Missing: ${failure.missing.join(", ")}. The archive needs all of ${ACCOUNTING_FILES.map((file) => file.name).join(", ")}.` : [failure.message, ...failure.rows].join("\n")}
    </Alert>
  );
}

function CurrentImport({ summary, busy }: { summary: NonNullable<AccountingSetup["import"]>; busy: boolean }) {
  const dispatch = useDispatch();
  const confirm = useConfirm();
  const remove = async () => {
    const yes = await confirm({
      title: `Delete the import ${summary.fileName}?`,
      message: "Its bookings and open positions are deleted, and so are the P&L values written from it. The categories of the accounts are kept for the next upload.",
      confirmLabel: "Delete",
      tone: "danger",
    });
    if (yes) dispatch({ _tag: "DeleteAccountingImport", importId: summary.id });
  };
  return (
    <Card title="Current import" headingLevel={2} actions={<Button variant="danger" disabled={busy} onClick={() => void remove()}>Delete import</Button>}>
      <dl className="import-facts" style={{ display: "grid", gridTemplateColumns: "max-content 1fr", gap: "4px 16px", margin: 0 }}>
        <dt>File</dt>
        <dd style={{ margin: 0 }}>{summary.fileName}</dd>
        <dt>Uploaded</dt>
        <dd style={{ margin: 0 }}>
          {instantText(summary.uploadedAt)}
          {summary.uploadedBy ? ` by ${summary.uploadedBy}` : ""}
        </dd>
        <dt>Months</dt>
        <dd style={{ margin: 0 }}>{monthsText(summary.firstMonth, summary.lastMonth)}</dd>
        <dt>Contents</dt>
        <dd style={{ margin: 0 }}>
          {[count(summary.accounts, "account"), count(summary.bookings, "booking"), `${count(summary.debtors, "open position")} of debtors`, `${count(summary.creditors, "open position")} of creditors`].join(", ")}
        </dd>
      </dl>
    </Card>
  );
}
