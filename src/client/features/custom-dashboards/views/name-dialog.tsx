import { useState } from "react";
import { styled } from "styled-components";
import type { DashboardKind } from "../../../../contracts/custom-dashboards";
import type { OverviewAction } from "../../../../contracts/messages/custom-dashboards";
import type { AppState } from "../../../app/state";
import { useModel } from "../../../bus/use-model";
import { Alert } from "../../../ui/alert";
import { ConfirmDialog } from "../../../ui/confirm-dialog";
import { FormField } from "../../../ui/form-field";
import { TextInput } from "../../../ui/inputs";
import { SPACE } from "../../../ui/tokens";
import { useFinished } from "./use-finished";
import { DialogForm } from "../../../ui/dialog-form";

export interface NameDialogProps {
  readonly action: Extract<OverviewAction, "create" | "rename" | "duplicate">;
  readonly title: string;
  readonly confirmLabel: string;
  readonly initialName: string;
  /** Creating asks for the kind too: a grid, or a canvas (Beta). */
  readonly askKind?: boolean;
  readonly onSubmit: (name: string, kind: DashboardKind) => void;
  readonly onClose: () => void;
}

/**
 * Names a dashboard: create (with its kind), rename, duplicate. The dialog stays open while the
 * request runs and shows the server's messages next to the name; it closes once it succeeded.
 */
export function NameDialog({ action, title, confirmLabel, initialName, askKind = false, onSubmit, onClose }: NameDialogProps) {
  const [name, setName] = useState(initialName);
  const [kind, setKind] = useState<DashboardKind>("grid");
  const state = useModel((app: AppState) => app.customDashboards.action);
  const mine = state.action === action;
  useFinished(mine ? state.status : "idle", onClose);
  const fieldErrors = mine && state.status === "error" ? (state.fields["name"] ?? []) : [];
  const otherError = mine && state.status === "error" && fieldErrors.length === 0 ? state.message : null;
  return (
    <ConfirmDialog open title={title} confirmLabel={confirmLabel} busy={mine && state.status === "busy"} onCancel={onClose} onConfirm={() => onSubmit(name, kind)}>
      <Form
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit(name, kind);
        }}
      >
        <FormField label="Name" required error={fieldErrors}>
          <TextInput value={name} maxLength={150} autoFocus onChange={(event) => setName(event.target.value)} />
        </FormField>
        {askKind ? (
          <fieldset>
            <legend>Kind</legend>
            <label>
              <input type="radio" name="dashboard-kind" checked={kind === "grid"} onChange={() => setKind("grid")} /> Grid: cards flow in order
            </label>
            <label>
              <input type="radio" name="dashboard-kind" checked={kind === "canvas"} onChange={() => setKind("canvas")} /> Canvas (Beta): place and size cards freely
            </label>
          </fieldset>
        ) : null}
        {otherError ? <Alert tone="danger">{otherError}</Alert> : null}
      </Form>
    </ConfirmDialog>
  );
}

const Form = styled(DialogForm)`
  label { display: flex; gap: ${SPACE.sm}; align-items: center; cursor: pointer; }
  input[type="radio"] { accent-color: ${(p) => p.theme.accent}; }
`;
