import { useState } from "react";
import { styled } from "styled-components";
import type { CustomDashboard } from "../../../../contracts/custom-dashboards";
import type { AppState } from "../../../app/state";
import { useDispatch, useModel } from "../../../bus/use-model";
import { Alert } from "../../../ui/alert";
import { ConfirmDialog } from "../../../ui/confirm-dialog";
import { FormField } from "../../../ui/form-field";
import { Select } from "../../../ui/inputs";
import { SPACE } from "../../../ui/tokens";
import { useKpiMeta } from "../../kpis/views/hooks";
import { contentOf, emptyDraft, type CardDraft } from "../card-draft";
import { CardEditor } from "./card-editor";
import { useFinished } from "./use-finished";

/**
 * The card requests this view sent: their busy and failed states, and `onDone` once the last
 * one succeeded (the dashboard's other card requests do not close it).
 */
export function useCardRequest(dashboardId: number, onDone: () => void) {
  const action = useModel((state: AppState) => state.customDashboards.open[dashboardId]?.cardAction);
  const [sent, setSent] = useState(false);
  const status = sent && action ? action.status : "idle";
  useFinished(status, onDone);
  return {
    busy: status === "busy",
    error: status === "error" ? action!.message : null,
    fields: status === "error" ? action!.fields : {},
    sent: () => setSent(true),
  };
}

/** Add card: its type, then its content. */
export function AddCardDialog({ dashboard, onClose }: { dashboard: CustomDashboard; onClose: () => void }) {
  const dispatch = useDispatch();
  const [draft, setDraft] = useState<CardDraft>(emptyDraft());
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const request = useCardRequest(dashboard.id, onClose);
  const add = () => {
    const made = contentOf(draft);
    if ("errors" in made) return setErrors(Object.fromEntries(Object.entries(made.errors).map(([field, message]) => [field, [message]])));
    setErrors({});
    request.sent();
    dispatch({ _tag: "AddDashboardCard", dashboardId: dashboard.id, title: draft.title, content: made.content });
  };
  return (
    <ConfirmDialog open title="Add a card" confirmLabel="Add card" busy={request.busy} onCancel={onClose} onConfirm={add}>
      <Stack>
        <CardEditor dashboardId={dashboard.id} draft={draft} onChange={setDraft} errors={{ ...request.fields, ...errors }} />
        {request.error && Object.keys(request.fields).length === 0 ? <Alert tone="danger">{request.error}</Alert> : null}
      </Stack>
    </ConfirmDialog>
  );
}

/** The spec's "add KPI": a KPI card at the end, named after the KPI. */
export function AddKpiDialog({ dashboard, onClose }: { dashboard: CustomDashboard; onClose: () => void }) {
  const dispatch = useDispatch();
  const meta = useKpiMeta();
  const [kpiId, setKpiId] = useState("");
  const [error, setError] = useState<string | null>(null);
  const request = useCardRequest(dashboard.id, onClose);
  const onDashboard = new Set(dashboard.cards.flatMap((card) => (card.content.type === "kpi" ? [card.content.kpiId] : [])));
  const add = () => {
    if (!kpiId) return setError("Choose a KPI.");
    setError(null);
    request.sent();
    dispatch({ _tag: "AddKpiToDashboard", dashboardId: dashboard.id, kpiId: Number(kpiId) });
  };
  return (
    <ConfirmDialog open title="Add a KPI" confirmLabel="Add KPI" busy={request.busy} onCancel={onClose} onConfirm={add}>
      <Stack>
        <FormField label="KPI" required error={error ?? request.fields["kpiId"] ?? request.error}>
          <Select
            value={kpiId}
            onChange={(event) => setKpiId(event.target.value)}
            options={[
              { value: "", label: meta.status === "loaded" ? "Choose a KPI…" : "Loading KPIs…" },
              ...meta.kpis.filter((kpi) => !onDashboard.has(kpi.id)).map((kpi) => ({ value: String(kpi.id), label: `${kpi.name} (${kpi.category.name})` })),
            ]}
          />
        </FormField>
      </Stack>
    </ConfirmDialog>
  );
}

/** Export PDF: the page's orientation and theme; the print pipeline renders the dashboard's paper view. */
export function ExportPdfDialog({ dashboard, onClose }: { dashboard: CustomDashboard; onClose: () => void }) {
  const dispatch = useDispatch();
  const [orientation, setOrientation] = useState<"landscape" | "portrait">(dashboard.kind === "canvas" ? "landscape" : "portrait");
  const [theme, setTheme] = useState<"light" | "dark">("light");
  return (
    <ConfirmDialog
      open
      title={`Export ${dashboard.name} as PDF`}
      confirmLabel="Export PDF"
      onCancel={onClose}
      onConfirm={() => {
        dispatch({ _tag: "ExportCustomDashboard", dashboardId: dashboard.id, name: dashboard.name, format: "pdf", orientation, theme });
        onClose();
      }}
    >
      <Stack>
        <FormField label="Orientation">
          <Select value={orientation} onChange={(event) => setOrientation(event.target.value as typeof orientation)} options={[{ value: "landscape", label: "Landscape" }, { value: "portrait", label: "Portrait" }]} />
        </FormField>
        <FormField label="Theme">
          <Select value={theme} onChange={(event) => setTheme(event.target.value as typeof theme)} options={[{ value: "light", label: "Light (for printing)" }, { value: "dark", label: "Dark" }]} />
        </FormField>
      </Stack>
    </ConfirmDialog>
  );
}


const Stack = styled.div`
  display: grid;
  gap: ${SPACE.md};
  color: ${(p) => p.theme.text};
`;
