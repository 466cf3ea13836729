import { useEffect, useRef, useState } from "react";
import type { AppState } from "../../../app/state";
import { useDispatch, useModel } from "../../../bus/use-model";
import { Button } from "../../../ui/button";
import { Card } from "../../../ui/card";
import { useConfirm } from "../../../ui/confirm";
import { FormField } from "../../../ui/form-field";
import { TextInput } from "../../../ui/inputs";
import { Cluster, Stack } from "../../../ui/layout";
import { ErrorState } from "../../../ui/states";
import { Table, TableFrame, Td, Th } from "../../../ui/table-parts";
import { Text } from "../../../ui/text";

export interface VersionsCardProps {
  readonly fiscalYear: number;
  readonly fiscalYearLabel: string;
  readonly viewing: { readonly id: number; readonly mode: "view" | "compare" } | null;
  /** Unsaved changes: a version keeps what is saved, so saving one waits for them. */
  readonly unsaved: boolean;
  readonly onView: (viewing: { id: number; mode: "view" | "compare" } | null) => void;
  /** "FY 2026/27" for a fiscal year's start year. */
  readonly yearLabel: (fiscalYear: number) => string;
}

/** Planning versions: keep the saved plan of the year under a name, view or compare one, delete one. */
export function VersionsCard({ fiscalYear, fiscalYearLabel, viewing, unsaved, onView, yearLabel }: VersionsCardProps) {
  const dispatch = useDispatch();
  const confirm = useConfirm();
  const versions = useModel((state: AppState) => state.planning.versions);
  const action = useModel((state: AppState) => state.planning.versionAction);
  const [name, setName] = useState("");
  // A kept version empties the name field for the next one; a refused name stays to be corrected.
  const saving = useRef(false);
  useEffect(() => {
    if (action.status === "busy" && action.action === "save") saving.current = true;
    else if (saving.current) {
      saving.current = false;
      if (action.status === "idle") setName("");
    }
  }, [action.status, action.action]);
  const nameErrors = action.action === "save" ? [...(action.fields["name"] ?? []), ...(action.fields["fiscalYear"] ?? [])] : [];
  const saveError = action.status === "error" && action.action === "save" && nameErrors.length === 0 ? action.message : null;
  const remove = async (id: number, versionName: string) => {
    if (await confirm({ title: `Delete the version “${versionName}”?`, message: "Its values go with it; the working plan stays as it is.", confirmLabel: "Delete version", tone: "danger" })) {
      if (viewing?.id === id) onView(null);
      dispatch({ _tag: "DeletePlanningVersion", versionId: id, name: versionName });
    }
  };
  return (
    <Card title="Planning versions" headingLevel={2} padding="md">
      <Stack $gap="md">
        <form
          onSubmit={(event) => {
            event.preventDefault();
            dispatch({ _tag: "SavePlanningVersion", name, fiscalYear });
          }}
        >
          <Cluster $gap="md" style={{ alignItems: "end" }}>
            <FormField label={`Save the ${fiscalYearLabel} plan as a version`} error={nameErrors.length > 0 ? nameErrors : undefined} help={unsaved ? "Save or discard your changes first: a version keeps the saved plan." : "A copy of every planning value of the year, such as “Budget 2026” or “Reforecast Q2”."}>
              <TextInput value={name} onChange={(event) => setName(event.target.value)} maxLength={100} />
            </FormField>
            <Button type="submit" disabled={unsaved || name.trim() === ""} busy={action.status === "busy" && action.action === "save"}>
              Save version
            </Button>
          </Cluster>
        </form>
        {saveError ? <Text $tone="danger">{saveError}</Text> : null}
        {versions.status === "error" ? <ErrorState message={versions.message ?? "The versions could not be loaded."} onRetry={() => dispatch({ _tag: "LoadPlanningVersions" })} /> : null}
        {versions.list.length === 0 ? (
          <Text $tone="muted">No versions yet.</Text>
        ) : (
          <TableFrame label="Planning versions, scrollable" maxHeight="none">
            <Table aria-label="Planning versions">
              <thead>
                <tr>
                  <Th scope="col">Name</Th>
                  <Th scope="col">Fiscal year</Th>
                  <Th scope="col" numeric>
                    Values
                  </Th>
                  <Th scope="col">Saved</Th>
                  <Th scope="col">Actions</Th>
                </tr>
              </thead>
              <tbody>
                {versions.list.map((version) => (
                  <tr key={version.id}>
                    <Th scope="row">{version.name}</Th>
                    <Td>{yearLabel(version.fiscalYear)}</Td>
                    <Td numeric>{version.valueCount}</Td>
                    <Td>
                      {new Date(version.createdAt).toLocaleDateString("en-GB", { day: "numeric", month: "short", year: "numeric" })}
                      {version.createdBy ? ` by ${version.createdBy}` : ""}
                    </Td>
                    <Td>
                      <Cluster $gap="xs">
                        <Button size="sm" disabled={unsaved || version.fiscalYear !== fiscalYear} aria-pressed={viewing?.id === version.id && viewing.mode === "view"} onClick={() => onView({ id: version.id, mode: "view" })} aria-label={`View ${version.name}`}>
                          View
                        </Button>
                        <Button size="sm" disabled={version.fiscalYear !== fiscalYear} aria-pressed={viewing?.id === version.id && viewing.mode === "compare"} onClick={() => onView({ id: version.id, mode: "compare" })} aria-label={`Compare with ${version.name}`}>
                          Compare
                        </Button>
                        <Button size="sm" variant="danger" busy={action.status === "busy" && action.action === "delete"} onClick={() => void remove(version.id, version.name)} aria-label={`Delete ${version.name}`}>
                          Delete
                        </Button>
                      </Cluster>
                    </Td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </TableFrame>
        )}
      </Stack>
    </Card>
  );
}
