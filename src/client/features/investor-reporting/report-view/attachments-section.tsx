import { styled } from "styled-components";
import type { ReportAttachment } from "../../../../contracts/investor-reporting";
import { SPACE } from "../../../ui/tokens";

/** An attachments section: the files with their type and size (in the PDF board pack, the readable PDF files follow the sections). */
export function AttachmentsSection({ files }: { files: readonly ReportAttachment[] }) {
  if (files.length === 0) return <Muted>No files attached.</Muted>;
  return (
    <List>
      {files.map((file) => (
        <li key={file.id}>
          <span>{file.fileName}</span>
          <Muted as="span">
            {kindOf(file.mediaType)} · {sizeText(file.size)}
          </Muted>
        </li>
      ))}
    </List>
  );
}

export function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

const KINDS: Readonly<Record<string, string>> = { "application/pdf": "PDF", "image/png": "PNG image", "image/jpeg": "JPEG image", "text/csv": "CSV", "text/plain": "Text" };
const kindOf = (mediaType: string) => KINDS[mediaType] ?? (mediaType.includes("spreadsheet") ? "Excel" : mediaType.includes("word") ? "Word" : mediaType.includes("presentation") ? "PowerPoint" : "File");

const List = styled.ul`
  list-style: none;
  padding: 0;
  margin: 0;
  li {
    display: flex;
    justify-content: space-between;
    gap: ${SPACE.md};
    padding: ${SPACE.sm} 0;
    border-bottom: 1px solid ${(p) => p.theme.border};
  }
`;

const Muted = styled.p`
  color: ${(p) => p.theme.textMuted};
`;
