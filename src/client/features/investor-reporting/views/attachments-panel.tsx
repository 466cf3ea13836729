import { useState } from "react";
import { styled } from "styled-components";
import type { InvestorReport } from "../../../../contracts/investor-reporting";
import { ATTACHMENT_MAX_BYTES, fitsAttachmentBudget, REPORT_ATTACHMENTS_MAX_BYTES } from "../../../../domain/investor-reporting/attachments";
import { ATTACHMENT_TOO_LARGE } from "../../../../domain/investor-reporting/texts";
import { useDispatch } from "../../../bus/use-model";
import { Alert } from "../../../ui/alert";
import { Button } from "../../../ui/button";
import { useConfirm } from "../../../ui/confirm";
import { FileButton } from "../../../ui/file-button";
import { SPACE } from "../../../ui/tokens";
import { useAction } from "./common";

const ACCEPT = ".pdf,.png,.jpg,.jpeg,.xlsx,.docx,.pptx,.csv,.txt";

export const sizeText = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);

/**
 * The report's attachments (one budget for the whole report): listed and downloaded by everyone
 * who reads the report; uploaded and removed only on a draft. A file past the budget is refused
 * here with the spec's text before it is sent (the server checks again).
 */
export function AttachmentsPanel({ report, editable }: { report: InvestorReport; editable: boolean }) {
  const dispatch = useDispatch();
  const confirm = useConfirm();
  const upload = useAction("upload", report.id);
  const removing = useAction("remove-attachment", report.id);
  const [refused, setRefused] = useState<string | null>(null);
  const used = report.attachments.reduce((sum, file) => sum + file.size, 0);
  const pick = (file: File) => {
    if (file.size > ATTACHMENT_MAX_BYTES || !fitsAttachmentBudget(report.attachments.map((entry) => entry.size), file.size)) {
      setRefused(ATTACHMENT_TOO_LARGE);
      return;
    }
    setRefused(null);
    dispatch({ _tag: "UploadReportAttachment", reportId: report.id, file, fileName: file.name });
  };
  const remove = async (fileId: number, fileName: string) => {
    if (await confirm({ title: `Remove ${fileName}?`, message: "The file is removed from the report.", confirmLabel: "Remove", tone: "danger" })) dispatch({ _tag: "RemoveReportAttachment", reportId: report.id, fileId, fileName });
  };
  return (
    <Frame>
      {report.attachments.length === 0 ? (
        <p className="muted">No files attached.</p>
      ) : (
        <ul aria-label="Attachments">
          {report.attachments.map((file) => (
            <li key={file.id}>
              <span className="name">{file.fileName}</span>
              <span className="muted">{sizeText(file.size)}</span>
              <Button size="sm" variant="quiet" aria-label={`Download ${file.fileName}`} onClick={() => dispatch({ _tag: "DownloadReportAttachment", reportId: report.id, fileId: file.id, fileName: file.fileName })}>
                Download
              </Button>
              {editable ? (
                <Button size="sm" variant="quiet" aria-label={`Remove ${file.fileName}`} onClick={() => void remove(file.id, file.fileName)}>
                  Remove
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {editable ? (
        <div className="upload">
          <FileButton label="Attach a file" accept={ACCEPT} onFile={pick} busy={upload.busy} kind="report-attachment" />
          <span className="muted">
            {sizeText(used)} of {sizeText(REPORT_ATTACHMENTS_MAX_BYTES)} used; PDF, images, Office files, CSV or text, up to {sizeText(ATTACHMENT_MAX_BYTES)} each.
          </span>
        </div>
      ) : null}
      {refused ?? upload.message ? <Alert tone="danger">{refused ?? upload.message}</Alert> : null}
      {removing.message ? <Alert tone="danger">{removing.message}</Alert> : null}
    </Frame>
  );
}

const Frame = styled.div`
  display: grid;
  gap: ${SPACE.sm};
  .muted { margin: 0; color: ${(p) => p.theme.textMuted}; font-size: 13px; }
  ul { list-style: none; margin: 0; padding: 0; display: grid; gap: ${SPACE.xs}; }
  li { display: flex; gap: ${SPACE.sm}; align-items: center; flex-wrap: wrap; }
  .name { font-weight: 500; overflow-wrap: anywhere; }
  .upload { display: flex; gap: ${SPACE.sm}; align-items: center; flex-wrap: wrap; }
`;
