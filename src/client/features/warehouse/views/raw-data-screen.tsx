import { useContext } from "react";
import { Link } from "wouter";
import type { RawDataAnswer } from "../../../../contracts/warehouse";
import { templateCsv } from "../../../../domain/warehouse/csv-export";
import { RAW_DATA_KIND_LABEL, type RawDataKind } from "../../../../domain/warehouse/records";
import { ClockContext } from "../../../app/clock";
import { browserSaveFile } from "../../../app/deps";
import type { AppState } from "../../../app/state";
import { useDispatch, useModel } from "../../../bus/use-model";
import { Alert } from "../../../ui/alert";
import { Button } from "../../../ui/button";
import { Card } from "../../../ui/card";
import { Cluster, Page, TileGrid } from "../../../ui/layout";
import { PageHeader } from "../../../ui/page-header";
import { PermissionDenied } from "../../../ui/states";
import { FileButton } from "../../../ui/file-button";
import { relativeTime } from "../../../ui/relative-time";
import { count } from "./format";
import { useCompanyFrame, useWarehouseAccess, useWarehouseView } from "./hooks";
import { ViewBody } from "./view-parts";

type Kind = RawDataAnswer["kinds"][number];

/**
 * /warehouse/raw-data: what raw data the company has loaded, one kind per CSV file (deals,
 * employees, products, sales targets), and the upload of a new file of a kind, which replaces
 * that kind whole, or writes nothing and lists every problem by row and column.
 */
export default function RawDataScreen() {
  const access = useWarehouseAccess();
  return access.rawData ? <RawData canUpload={access.upload} /> : <PermissionDenied />;
}

function RawData({ canUpload }: { canUpload: boolean }) {
  const view = useWarehouseView("raw-data", { view: "raw-data" });
  const frame = useCompanyFrame();
  const now = new Date(useContext(ClockContext)());
  return (
    <Page as="section" aria-labelledby="raw-data-title">
      <PageHeader
        headingId="raw-data-title"
        title="Raw data"
        description={`The business data behind the warehouse, one CSV file per kind: the first row names the columns, dates as 2026-04-30 or 30.04.2026, numbers with a decimal point, amounts in ${frame.currency}. A new file of a kind replaces its rows: all of them, or none if a cell cannot be read.`}
      />
      <UploadResult />
      <ViewBody view={view} label="the raw data">
        {(answer) => (
          <TileGrid $min="320px" $gap="lg">
            {answer.kinds.map((kind) => (
              <KindCard key={kind.kind} kind={kind} canUpload={canUpload} now={now} />
            ))}
          </TileGrid>
        )}
      </ViewBody>
    </Page>
  );
}

function KindCard({ kind, canUpload, now }: { kind: Kind; canUpload: boolean; now: Date }) {
  const dispatch = useDispatch();
  const upload = useModel((state: AppState) => state.warehouse.upload);
  const busy = upload.status === "uploading" && upload.kind === kind.kind;
  const label = `Upload ${RAW_DATA_KIND_LABEL[kind.kind].toLowerCase()} (CSV)`;
  return (
    <Card title={kind.label} headingLevel={2} data-kind={kind.kind}>
      <p style={{ margin: 0 }}>
        <strong>{count(kind.rows)}</strong> {kind.rows === 1 ? "row" : "rows"} loaded
        {kind.lastUpload ? (
          <>
            {" "}
            from <em>{kind.lastUpload.fileName}</em>, {relativeTime(new Date(kind.lastUpload.at), now)}
            {kind.lastUpload.by ? ` by ${kind.lastUpload.by}` : ""}.
          </>
        ) : (
          ". Nothing uploaded yet."
        )}
      </p>
      <details>
        <summary>Columns</summary>
        <ul>
          {kind.columns.map((column) => (
            <li key={column.name}>
              <strong>{column.name}</strong>
              {column.required ? " (required)" : ""}: {column.help}
            </li>
          ))}
        </ul>
      </details>
      <Cluster>
        {canUpload ? (
          <>
            <FileButton variant="primary" busy={busy} label={label} kind={kind.kind} accept=".csv,text/csv" onFile={(file) => dispatch({ _tag: "UploadRawData", kind: kind.kind, file, fileName: file.name })} />
          </>
        ) : null}
        <Button onClick={() => browserSaveFile(new Blob(["\uFEFF", templateCsv(kind.kind)], { type: "text/csv;charset=utf-8" }), `${kind.kind}-template.csv`)}>Download template</Button>
      </Cluster>
    </Card>
  );
}

/** How the last upload ended: rows in and data issues to look at, or every problem that kept the file out. */
function UploadResult() {
  const upload = useModel((state: AppState) => state.warehouse.upload);
  if (upload.status !== "done" && upload.status !== "error") return null;
  const what = upload.kind ? RAW_DATA_KIND_LABEL[upload.kind as RawDataKind].toLowerCase() : "data";
  if (upload.status === "done") {
    return (
      <Alert tone="success" title={`Uploaded ${what}${upload.fileName ? ` from ${upload.fileName}` : ""}`} data-testid="upload-result">
        {upload.message} {/data issue/.test(upload.message ?? "") ? <Link href="/warehouse/data-issues">See the data issues</Link> : null}
      </Alert>
    );
  }
  return (
    <Alert tone="danger" title={`Nothing was imported from ${upload.fileName ?? "the file"}`} data-testid="upload-result">
      <p style={{ margin: 0 }}>{upload.message}</p>
      {upload.problems.length > 0 ? (
        <ul>
          {upload.problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      ) : null}
    </Alert>
  );
}
