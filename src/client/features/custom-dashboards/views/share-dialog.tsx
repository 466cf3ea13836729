import { useEffect, useState } from "react";
import { styled } from "styled-components";
import type { DashboardSummary } from "../../../../contracts/custom-dashboards";
import type { AppState } from "../../../app/state";
import { useDispatch, useModel } from "../../../bus/use-model";
import { Alert } from "../../../ui/alert";
import { Button } from "../../../ui/button";
import { ConfirmDialog } from "../../../ui/confirm-dialog";
import { FormField } from "../../../ui/form-field";
import { Select } from "../../../ui/inputs";
import { LoadingState } from "../../../ui/states";
import { SPACE } from "../../../ui/tokens";
import { useFinished } from "./use-finished";

export const RESTRICTED_SHARING_TEXT = "Only administrators can see the list of the company's users. You can change or remove the shares below; to share with someone new, ask an administrator.";

interface Draft {
  readonly userId: number;
  readonly name: string;
  readonly canEdit: boolean;
}

/**
 * Who may see a dashboard (view) or change it too (edit): the owner or an administrator picks
 * users of the company. The whole list is saved at once; the owner always has access.
 */
export function ShareDialog({ dashboard, onClose }: { dashboard: DashboardSummary; onClose: () => void }) {
  const dispatch = useDispatch();
  const slot = useModel((state: AppState) => state.customDashboards.open[dashboard.id]);
  const candidates = useModel((state: AppState) => state.customDashboards.shareCandidates);
  const action = useModel((state: AppState) => state.customDashboards.action);
  const [shares, setShares] = useState<readonly Draft[] | null>(null);
  const [adding, setAdding] = useState<string>("");
  useEffect(() => {
    dispatch({ _tag: "LoadCustomDashboard", dashboardId: dashboard.id });
    dispatch({ _tag: "LoadShareCandidates" });
  }, [dispatch, dashboard.id]);
  const loaded = slot?.dashboard;
  useEffect(() => {
    if (loaded && shares === null) setShares(loaded.shares.map((share) => ({ userId: share.user.id, name: share.user.name, canEdit: share.canEdit })));
  }, [loaded, shares]);
  const mine = action.action === "share";
  useFinished(mine ? action.status : "idle", onClose);

  const listed = new Set((shares ?? []).map((share) => share.userId));
  const choices = candidates.users.filter((user) => !listed.has(user.id) && user.id !== dashboard.owner.id);
  const add = () => {
    const user = choices.find((candidate) => String(candidate.id) === adding);
    if (!user || !shares) return;
    setShares([...shares, { userId: user.id, name: user.name, canEdit: false }]);
    setAdding("");
  };
  const save = () => shares && dispatch({ _tag: "ShareCustomDashboard", dashboardId: dashboard.id, shares: shares.map(({ userId, canEdit }) => ({ userId, canEdit })) });

  return (
    <ConfirmDialog open title={`Share ${dashboard.name}`} confirmLabel="Save sharing" busy={mine && action.status === "busy"} onCancel={onClose} onConfirm={save}>
      <Body>
        <p>
          {dashboard.owner.name} owns this dashboard and always has access. People listed here see it in their custom dashboards; with “Can edit” they may also change its cards and layout.
        </p>
        {slot?.status === "error" ? <Alert tone="danger">{slot.message}</Alert> : null}
        {!shares ? (
          <LoadingState label="Loading who it is shared with…" />
        ) : shares.length === 0 ? (
          <p className="none">Not shared with anyone yet.</p>
        ) : (
          <ul aria-label="Shared with">
            {shares.map((share) => (
              <li key={share.userId}>
                <span className="name">{share.name}</span>
                <Select
                  controlSize="sm"
                  aria-label={`Access of ${share.name}`}
                  value={share.canEdit ? "edit" : "view"}
                  options={[
                    { value: "view", label: "Can view" },
                    { value: "edit", label: "Can edit" },
                  ]}
                  onChange={(event) => setShares(shares.map((entry) => (entry.userId === share.userId ? { ...entry, canEdit: event.target.value === "edit" } : entry)))}
                />
                <Button size="sm" variant="quiet" aria-label={`Stop sharing with ${share.name}`} onClick={() => setShares(shares.filter((entry) => entry.userId !== share.userId))}>
                  Remove
                </Button>
              </li>
            ))}
          </ul>
        )}
        {candidates.status === "error" ? <Alert tone="danger">{candidates.message}</Alert> : null}
        {candidates.status === "loaded" && candidates.restricted ? <Alert tone="info">{RESTRICTED_SHARING_TEXT}</Alert> : null}
        {candidates.status === "loaded" && !candidates.restricted && shares ? (
          <div className="add">
            <FormField label="Add a person">
              <Select value={adding} onChange={(event) => setAdding(event.target.value)} options={[{ value: "", label: choices.length ? "Choose a user…" : "Everyone has access already" }, ...choices.map((user) => ({ value: String(user.id), label: user.name }))]} />
            </FormField>
            <Button onClick={add} disabled={!adding}>
              Add
            </Button>
          </div>
        ) : null}
        {mine && action.status === "error" ? <Alert tone="danger">{action.message}</Alert> : null}
      </Body>
    </ConfirmDialog>
  );
}

const Body = styled.div`
  display: grid;
  gap: ${SPACE.md};
  color: ${(p) => p.theme.text};
  p { margin: 0; color: ${(p) => p.theme.textMuted}; }
  ul { list-style: none; margin: 0; padding: 0; display: grid; gap: ${SPACE.xs}; }
  li { display: grid; grid-template-columns: minmax(0, 1fr) auto auto; gap: ${SPACE.sm}; align-items: center; }
  .name { overflow-wrap: anywhere; }
  .add { display: grid; grid-template-columns: minmax(0, 1fr) auto; gap: ${SPACE.sm}; align-items: end; }
`;
