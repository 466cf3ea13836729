import { useState } from "react";
import { styled } from "styled-components";
import { UPLOAD_TYPE_LABELS, type ColumnMapping, type UploadCheck, type UploadState } from "../../../../contracts/uploads";
import { formatNumber } from "../../../../domain/kpi/number-format";
import { monthIndexOf, monthLabel } from "../../../../domain/months";
import { useDispatch } from "../../../bus/use-model";
import { Alert, type AlertTone } from "../../../ui/alert";
import { Badge, type BadgeTone } from "../../../ui/badge";
import { Button } from "../../../ui/button";
import { Card } from "../../../ui/card";
import { FormField } from "../../../ui/form-field";
import { Select } from "../../../ui/inputs";
import { Cluster, Stack } from "../../../ui/layout";
import { Table, TableFrame, Td, Th } from "../../../ui/table-parts";
import { Text } from "../../../ui/text";

/** The spec's words, as a title: "Partially successful with errors". */
export const stateTitle = (state: UploadState) => state.charAt(0).toUpperCase() + state.slice(1);
const ALERT_TONE: Readonly<Record<UploadState, AlertTone>> = { successful: "success", "contains warnings": "warning", "partially successful with errors": "danger" };
export const BADGE_TONE: Readonly<Record<UploadState, BadgeTone>> = { successful: "good", "contains warnings": "warning", "partially successful with errors": "bad" };

/** The API lists at most 1,000 problems (and counts all); all of those are shown. */
const PROBLEMS_SHOWN = 1_000;

const plural = (count: number, one: string, many = `${one}s`) => `${formatNumber(count, 0)} ${count === 1 ? one : many}`;

export interface CheckResultProps {
  readonly check: UploadCheck;
  /** The import runs. */
  readonly busy: boolean;
  /** Why the last step (import, cancel) did not happen. */
  readonly message: string | null;
  /** Checks the same file again with other columns; null when the file is no longer at hand. */
  readonly onCheckAgain: ((mapping: ColumnMapping) => void) | null;
}

/**
 * What the check found: the state in the spec's words, every problem by row and column, a preview
 * of what the rows write, and the choice: import all rows (all or nothing: only when no row has
 * an error), import only the valid rows, or cancel.
 */
export function CheckResult({ check, busy, message, onCheckAgain }: CheckResultProps) {
  const dispatch = useDispatch();
  const imported = check.status === "imported";
  return (
    <Card title={`${UPLOAD_TYPE_LABELS[check.type]}: ${check.fileName}`} data-testid="upload-result">
      <Stack $gap="md">
        {imported ? (
          <Alert tone="success" title="Imported" action={<Button onClick={() => dispatch({ _tag: "CloseUploadResult" })}>Upload another file</Button>}>
            {`${plural(check.importedValues ?? 0, "value")} written from ${check.importedRows === "valid" ? plural(check.validRows, "valid row") : plural(check.rows, "row")}. Result: ${check.state}.`}
          </Alert>
        ) : (
          <Alert tone={ALERT_TONE[check.state]} title={stateTitle(check.state)} role="status">
            {summary(check)}
          </Alert>
        )}
        {message ? (
          <Alert tone="danger" title={imported ? "Not done" : "Nothing was imported"}>
            {message}
          </Alert>
        ) : null}
        {!imported ? <NewRates check={check} /> : null}
        {!imported ? <ImportActions check={check} busy={busy} /> : null}
        {check.problems.length > 0 ? <Problems check={check} /> : null}
        {check.type !== "fx" && !imported ? <ColumnChooser check={check} onCheckAgain={onCheckAgain} /> : null}
        {check.preview.length > 0 ? <Preview check={check} /> : null}
      </Stack>
    </Card>
  );
}

/** An FX upload's rows for rates the company does not have yet: importing creates them. */
function NewRates({ check }: { check: UploadCheck }) {
  const created = check.preview.filter((row) => row.createsRate);
  if (created.length === 0) return null;
  const valid = created.filter((row) => row.valid);
  return (
    <Alert tone="info" title={valid.length === 1 ? "Importing creates 1 FX rate" : `Importing creates ${valid.length} FX rates`} data-testid="new-fx-rates">
      {valid.length > 0 ? `${valid.map((row) => `${row.createsRate!.name} (${row.createsRate!.currency}, row ${row.row})`).join(", ")}: the company has no FX rate of that name yet.` : "None: the rows that would create one have errors."}
      {created.length > valid.length ? ` Not created because their rows have errors: ${created.filter((row) => !row.valid).map((row) => row.createsRate!.name).join(", ")}.` : ""}
    </Alert>
  );
}

function summary(check: UploadCheck): string {
  const parts = [`${plural(check.rows, "row")} with data, ${formatNumber(check.validRows, 0)} of them without errors`, `${plural(check.values, "value")} to write`];
  if (check.unchanged > 0) parts.push(`${plural(check.unchanged, "value")} unchanged`);
  if (check.errors > 0) parts.push(plural(check.errors, "error"));
  if (check.warnings > 0) parts.push(plural(check.warnings, "warning"));
  return `${parts.join(", ")}. Nothing is written until you import.`;
}

function ImportActions({ check, busy }: { check: UploadCheck; busy: boolean }) {
  const dispatch = useDispatch();
  const hasErrors = check.errors > 0;
  return (
    <Stack $gap="xs">
      <Cluster $gap="sm">
        <Button variant="primary" busy={busy} disabled={hasErrors || check.validRows === 0} onClick={() => dispatch({ _tag: "ImportUpload", uploadId: check.id, rows: "all" })}>
          Import all rows
        </Button>
        {hasErrors ? (
          <Button busy={busy} disabled={check.validRows === 0} onClick={() => dispatch({ _tag: "ImportUpload", uploadId: check.id, rows: "valid" })}>
            {`Import ${plural(check.validRows, "valid row")}`}
          </Button>
        ) : null}
        <Button variant="quiet" disabled={busy} onClick={() => dispatch({ _tag: "CancelUpload", uploadId: check.id })}>
          Cancel upload
        </Button>
      </Cluster>
      {hasErrors ? (
        <Text $size="sm" $tone="muted">
          {check.validRows === 0
            ? "No row can be imported: correct the rows listed below and upload the file again."
            : "All or nothing: a file with errors is not imported as a whole. Import only the rows without errors, or correct the file and upload it again."}
        </Text>
      ) : null}
    </Stack>
  );
}

function Problems({ check }: { check: UploadCheck }) {
  const shown = check.problems.slice(0, PROBLEMS_SHOWN);
  return (
    <Stack $gap="xs">
      <TableFrame label="Problems by row and column, scrollable" maxHeight="40vh">
        <ProblemsTable aria-label="Problems by row and column">
          <thead>
            <tr>
              <Th scope="col">Where</Th>
              <Th scope="col">Problem</Th>
            </tr>
          </thead>
          <tbody>
            {shown.map((problem, index) => (
              <tr key={index}>
                <Td>{where(problem.row, problem.column)}</Td>
                <Td>
                  <Badge tone={problem.severity === "error" ? "bad" : "warning"}>{problem.severity === "error" ? "Error" : "Warning"}</Badge> {problem.message}
                </Td>
              </tr>
            ))}
          </tbody>
        </ProblemsTable>
      </TableFrame>
      {check.errors + check.warnings > shown.length ? (
        <Text $size="sm" $tone="muted">
          {`The first ${formatNumber(shown.length, 0)} of ${formatNumber(check.errors + check.warnings, 0)} problems are listed.`}
        </Text>
      ) : null}
    </Stack>
  );
}

/** "Row 4, column A"; the header is row 1; a problem of the whole file has no place. */
const where = (row: number | null, column: string | null) => (row === null ? "The file" : `Row ${row}${row === 1 ? " (header)" : ""}${column ? `, column ${column}` : ""}`);

/** Messages wrap (they are sentences); the place stays narrow. */
const ProblemsTable = styled(Table)`
  tbody td { white-space: normal; height: auto; }
  tbody td:first-child { width: 9rem; }
`;

const ROLES: readonly { readonly role: keyof ColumnMapping; readonly label: string }[] = [
  { role: "id", label: "KPI ID" },
  { role: "name", label: "KPI name" },
  { role: "date", label: "Date (a row per value)" },
  { role: "value", label: "Value (a row per value)" },
];

/**
 * Which column is which, for files whose headers are not the template's. The choice is
 * remembered for the person's next upload of this type.
 */
function ColumnChooser({ check, onCheckAgain }: { check: UploadCheck; onCheckAgain: ((mapping: ColumnMapping) => void) | null }) {
  const [mapping, setMapping] = useState<ColumnMapping>(check.mapping);
  const headers = [...new Set(check.columns.filter((header) => header !== ""))];
  return (
    <details>
      <summary>Columns: which header is which</summary>
      <Stack $gap="sm" style={{ marginTop: 8 }}>
        <Text $size="sm" $tone="muted">
          The template's headers are found by themselves. For a file of your own, choose its columns (Date and Value for a file with a row per value); your choice is used again for your next upload of this kind.
        </Text>
        <Cluster $gap="md">
          {ROLES.map(({ role, label }) => (
            <div key={role} style={{ minWidth: 180 }}>
              <FormField label={label}>
                <Select
                  value={mapping[role] ?? ""}
                  onChange={(event) => setMapping({ ...mapping, [role]: event.target.value === "" ? null : event.target.value })}
                  options={[{ value: "", label: "(the usual name)" }, ...headers.map((header) => ({ value: header, label: header }))]}
                />
              </FormField>
            </div>
          ))}
        </Cluster>
        {onCheckAgain ? (
          <div>
            <Button onClick={() => onCheckAgain(mapping)}>Check again with these columns</Button>
          </div>
        ) : (
          <Text $size="sm" $tone="muted">
            Upload the file again to check it with other columns.
          </Text>
        )}
      </Stack>
    </details>
  );
}

/** The first rows as they would be written (value removed: "–"). */
function Preview({ check }: { check: UploadCheck }) {
  const byMonth = check.layout === "months-as-columns";
  const months = [...new Set(check.preview.flatMap((row) => row.values.map((value) => value.date)))].sort();
  const shownMonths = months.slice(0, 24);
  const value = (number: number | null) => (number === null ? "removed" : formatNumber(number));
  const what = check.type === "fx" ? "FX rate" : "KPI";
  return (
    <Stack $gap="xs">
      <Text as="h3" $weight="semibold">
        Preview
      </Text>
      <TableFrame label="What the rows write, scrollable" maxHeight="50vh">
        <Table aria-label="What the rows write">
          <thead>
            <tr>
              <Th scope="col" numeric>
                Row
              </Th>
              <Th scope="col" sticky>
                {what}
              </Th>
              <Th scope="col">Imported</Th>
              {check.type === "dimensions" ? <Th scope="col">Dimensions</Th> : null}
              {byMonth ? (
                shownMonths.map((date) => (
                  <Th scope="col" numeric key={date}>
                    {monthLabel(monthIndexOf(date))}
                  </Th>
                ))
              ) : (
                <>
                  <Th scope="col">Month</Th>
                  <Th scope="col" numeric>
                    Value
                  </Th>
                </>
              )}
            </tr>
          </thead>
          <tbody>
            {check.preview.map((row) => (
              <tr key={row.row}>
                <Td numeric>{row.row}</Td>
                <Th scope="row" sticky>
                  {row.label || "–"}
                  {row.createsRate ? <> <Badge tone="accent">New rate</Badge></> : null}
                </Th>
                <Td>{row.valid ? "Yes" : <Badge tone="bad">Not imported</Badge>}</Td>
                {check.type === "dimensions" ? <Td>{row.dimension ?? "–"}</Td> : null}
                {byMonth ? (
                  shownMonths.map((date) => {
                    const cell = row.values.find((item) => item.date === date);
                    return (
                      <Td numeric key={date}>
                        {cell ? value(cell.value) : ""}
                      </Td>
                    );
                  })
                ) : (
                  <>
                    <Td>{row.values[0] ? monthLabel(monthIndexOf(row.values[0].date)) : "–"}</Td>
                    <Td numeric>{row.values[0] ? value(row.values[0].value) : "–"}</Td>
                  </>
                )}
              </tr>
            ))}
          </tbody>
        </Table>
      </TableFrame>
      <Text $size="sm" $tone="muted">
        {check.rows > check.preview.length ? `The first ${formatNumber(check.preview.length, 0)} of ${plural(check.rows, "row")}. ` : ""}
        Values equal to the stored ones are left out: they stay as they are.
      </Text>
    </Stack>
  );
}
