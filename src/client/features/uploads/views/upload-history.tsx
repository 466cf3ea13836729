import { useEffect } from "react";
import { UPLOAD_TYPE_LABELS, type UploadSummary } from "../../../../contracts/uploads";
import { formatNumber } from "../../../../domain/kpi/number-format";
import type { AppState } from "../../../app/state";
import { useDispatch, useModel } from "../../../bus/use-model";
import { Badge } from "../../../ui/badge";
import { Button } from "../../../ui/button";
import { Card } from "../../../ui/card";
import { FilterSelect } from "../../../ui/compact-controls";
import { DataTable, type DataTableColumn } from "../../../ui/data-table";
import { Cluster, Stack } from "../../../ui/layout";
import { ErrorState } from "../../../ui/states";
import { Text } from "../../../ui/text";
import { BADGE_TONE, stateTitle } from "./check-result";

const WHEN = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit" });

/** The person's uploads, newest first, a page at a time, by year (spec section 3, "Upload list"). */
export function UploadHistoryCard() {
  const dispatch = useDispatch();
  const history = useModel((state: AppState) => state.uploads.history);
  const openId = useModel((state: AppState) => state.uploads.current.check?.id ?? null);
  useEffect(() => {
    if (history.status === "idle") dispatch({ _tag: "LoadUploadHistory", year: null, offset: 0 });
  }, [dispatch, history.status]);
  const data = history.data;
  const load = (year: number | null, offset: number) => dispatch({ _tag: "LoadUploadHistory", year, offset });

  const columns: DataTableColumn<UploadSummary>[] = [
    { key: "when", header: "Uploaded", cell: (upload) => WHEN.format(new Date(upload.createdAt)) },
    { key: "file", header: "File", rowHeader: true, cell: (upload) => upload.fileName },
    { key: "type", header: "Type", cell: (upload) => UPLOAD_TYPE_LABELS[upload.type] },
    { key: "state", header: "Result", cell: (upload) => <Badge tone={BADGE_TONE[upload.state]}>{stateTitle(upload.state)}</Badge> },
    { key: "rows", header: "Rows (valid)", numeric: true, cell: (upload) => `${formatNumber(upload.rows, 0)} (${formatNumber(upload.validRows, 0)})` },
    { key: "status", header: "Status", cell: (upload) => (upload.status === "imported" ? `Imported: ${formatNumber(upload.importedValues ?? 0, 0)} values, ${upload.importedRows === "valid" ? "valid rows" : "all rows"}` : "Checked, not imported") },
    {
      key: "open",
      header: "Details",
      cell: (upload) => (
        <Button size="sm" variant="quiet" disabled={upload.id === openId} onClick={() => dispatch({ _tag: "OpenUpload", uploadId: upload.id })} aria-label={`${upload.id === openId ? "Shown above" : "Open"}: the check of ${upload.fileName}, ${WHEN.format(new Date(upload.createdAt))}`}>
          {upload.id === openId ? "Shown above" : "Open"}
        </Button>
      ),
    },
  ];

  return (
    <Card title="Your uploads">
      <Stack $gap="md">
        <Cluster $gap="md" $justify="space-between">
          <FilterSelect
            label="Year"
            value={history.year === null ? "all" : String(history.year)}
            options={[{ value: "all", label: "All years" }, ...(data?.yearsAvailable ?? []).map((year) => ({ value: String(year), label: String(year) }))]}
            onChange={(value) => load(value === "all" ? null : Number(value), 0)}
          />
          {data && data.count > data.limit ? (
            <Cluster $gap="sm">
              <Text $size="sm" $tone="muted">{`${formatNumber(data.offset + 1, 0)}–${formatNumber(Math.min(data.offset + data.limit, data.count), 0)} of ${formatNumber(data.count, 0)}`}</Text>
              <Button size="sm" disabled={data.offset === 0} onClick={() => load(history.year, Math.max(0, data.offset - data.limit))}>
                Newer
              </Button>
              <Button size="sm" disabled={data.offset + data.limit >= data.count} onClick={() => load(history.year, data.offset + data.limit)}>
                Older
              </Button>
            </Cluster>
          ) : null}
        </Cluster>
        {history.status === "error" ? (
          <ErrorState message={history.message ?? "The uploads could not be loaded."} onRetry={() => load(history.year, history.offset)} />
        ) : (
          <DataTable label="Your uploads" columns={columns} rows={data?.results ?? []} rowKey={(upload) => upload.id} empty={history.status === "loaded" ? "No uploads yet." : "Loading…"} maxHeight="none" />
        )}
      </Stack>
    </Card>
  );
}
