import { useState } from "react";
import { UPLOAD_TYPE_LABELS, type ColumnMapping, type UploadType } from "../../../../contracts/uploads";
import type { AppState } from "../../../app/state";
import { useDispatch, useModel } from "../../../bus/use-model";
import { Alert } from "../../../ui/alert";
import { Button } from "../../../ui/button";
import { Card } from "../../../ui/card";
import { FormField } from "../../../ui/form-field";
import { Select } from "../../../ui/inputs";
import { Cluster, Page, Stack } from "../../../ui/layout";
import { PageHeader } from "../../../ui/page-header";
import { LoadingState, PermissionDenied } from "../../../ui/states";
import { Text } from "../../../ui/text";
import { FileButton } from "../../../ui/file-button";
import { selectCanUpload, selectUploadTypes } from "../permissions";
import { CheckResult } from "./check-result";
import { UploadHistoryCard } from "./upload-history";

/** What each type's file holds, in a sentence under the type. */
const TYPE_HELP: Readonly<Record<UploadType, string>> = {
  reporting: "Monthly actuals: a row per KPI, a column per month.",
  planning: "Monthly planning values: a row per KPI, a column per month.",
  forecasting: "Values of the active forecast: a row per KPI, a column per month.",
  dimensions: "Actuals by dimension for deep drills: a row per value with ID, Date, Value and a column per dimension (Region, Product, …).",
  fx: "Dated FX rates: a row per named rate, a column per date (dd.mm.yyyy); a single column applies to all dates.",
};

/**
 * /data-management: upload Excel or CSV files. Choose what the file holds, download its template,
 * upload it: the check lists every problem by row and column with the result's state, and nothing
 * is written until the person imports all rows or only the valid ones (or cancels). The person's
 * upload history is below.
 */
export default function UploadsScreen() {
  const allowed = useModel(selectCanUpload);
  return allowed ? <Uploads /> : <PermissionDenied />;
}

function Uploads() {
  const dispatch = useDispatch();
  const types = useModel(selectUploadTypes);
  const current = useModel((state: AppState) => state.uploads.current);
  const templateError = useModel((state: AppState) => state.uploads.templateError);
  const [type, setType] = useState<UploadType>(types[0] ?? "reporting");
  // The chosen file stays here so it can be checked again with other columns.
  const [file, setFile] = useState<File | null>(null);
  const check = (uploadType: UploadType, chosen: File, mapping: ColumnMapping | null) => dispatch({ _tag: "CheckUpload", uploadType, file: chosen, fileName: chosen.name, mapping });

  return (
    <Page>
      <PageHeader title="Uploads" description="Bring actuals, planning, forecasts, values by dimension and FX rates in from Excel (.xlsx) or CSV files. Every file is checked first; nothing is written until you import it." />
      <Stack $gap="lg">
        <Card title="Upload a file">
          <Stack $gap="md">
            <div style={{ maxWidth: 420 }}>
              <FormField label="What the file holds" help={TYPE_HELP[type]}>
                <Select value={type} onChange={(event) => setType(event.target.value as UploadType)} options={types.map((value) => ({ value, label: UPLOAD_TYPE_LABELS[value] }))} />
              </FormField>
            </div>
            <Cluster $gap="sm">
              <Button onClick={() => dispatch({ _tag: "DownloadUploadTemplate", uploadType: type, format: "xlsx" })}>Download template (Excel)</Button>
              <Button onClick={() => dispatch({ _tag: "DownloadUploadTemplate", uploadType: type, format: "csv" })}>Download template (CSV)</Button>
              <FileButton
                variant="primary"
                busy={current.status === "checking"}
                label="Upload and check a file"
                accept=".xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv"
                onFile={(chosen) => {
                  setFile(chosen);
                  check(type, chosen, null);
                }}
              />
            </Cluster>
            <Text $size="sm" $tone="muted">
              .xlsx or .csv, at most 5 MB. The template holds the KPIs you may write with their stored values of this fiscal year; change what you need and upload it again.
            </Text>
            {templateError ? (
              <Alert tone="danger" title="The template could not be downloaded">
                {templateError}
              </Alert>
            ) : null}
          </Stack>
        </Card>
        {current.status === "checking" ? <LoadingState label={`Checking ${current.fileName ?? "the file"}…`} /> : null}
        {current.status === "error" ? (
          <Alert tone="danger" title={`${current.fileName ?? "The file"} could not be checked`} onDismiss={() => dispatch({ _tag: "CloseUploadResult" })} data-testid="upload-error">
            {current.message}
          </Alert>
        ) : null}
        {current.check ? <CheckResult check={current.check} busy={current.status === "importing"} message={current.message} onCheckAgain={file && file.name === current.check.fileName && current.check.status === "checked" ? (mapping) => check(current.check!.type, file, mapping) : null} /> : null}
        <UploadHistoryCard />
      </Stack>
    </Page>
  );
}
