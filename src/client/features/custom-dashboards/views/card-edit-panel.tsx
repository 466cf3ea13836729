import { useEffect, useMemo, useState } from "react";
import { styled } from "styled-components";
import type { CustomDashboard, DashboardCard } from "../../../../contracts/custom-dashboards";
import { useDispatch } from "../../../bus/use-model";
import { Alert } from "../../../ui/alert";
import { Button } from "../../../ui/button";
import { Card } from "../../../ui/card";
import { useConfirm } from "../../../ui/confirm";
import { useUnsavedChangesGuard } from "../../../ui/navigation-guard";
import { SPACE } from "../../../ui/tokens";
import { contentOf, draftOf, isDraftDirty, type CardDraft } from "../card-draft";
import { useCardRequest } from "./card-dialogs";
import { CardEditor } from "./card-editor";

export const UNSAVED_CARD_TEXT = "Your changes to this card are not saved. If you leave, they are lost.";

/** What leaving the card edit mode with unsaved changes asks. */
export const LEAVE_CARD_EDIT = { title: "Leave the card edit mode?", message: UNSAVED_CARD_TEXT, confirmLabel: "Discard changes", cancelLabel: "Keep editing", tone: "danger" } as const;

export interface CardEditPanelProps {
  readonly dashboard: CustomDashboard;
  readonly card: DashboardCard;
  readonly onClose: () => void;
  /** Told whenever the form starts or stops holding unsaved changes. */
  readonly onDirtyChange: (dirty: boolean) => void;
}

/**
 * The card edit mode: the card's title and content in a form above the board (the card itself
 * is marked). Save sends them; Cancel, Escape or leaving the page with unsaved changes asks first.
 */
export function CardEditPanel({ dashboard, card, onClose, onDirtyChange }: CardEditPanelProps) {
  const dispatch = useDispatch();
  const confirm = useConfirm();
  const original = useMemo(() => draftOf(card), [card.id]);
  const [draft, setDraft] = useState<CardDraft>(original);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const request = useCardRequest(dashboard.id, onClose);
  const dirty = isDraftDirty(draft, original);
  useUnsavedChangesGuard(dirty, UNSAVED_CARD_TEXT);
  useEffect(() => {
    onDirtyChange(dirty);
    return () => onDirtyChange(false);
  }, [dirty, onDirtyChange]);

  const save = () => {
    const made = contentOf(draft);
    if ("errors" in made) return setErrors(Object.fromEntries(Object.entries(made.errors).map(([field, message]) => [field, [message]])));
    setErrors({});
    request.sent();
    dispatch({ _tag: "EditDashboardCard", dashboardId: dashboard.id, cardId: card.id, title: draft.title, content: made.content });
  };
  const cancel = async () => {
    if (!dirty || (await confirm(LEAVE_CARD_EDIT))) onClose();
  };
  return (
    <Card
      title={`Edit card: ${card.title || "untitled"}`}
      onKeyDown={(event) => {
        if (event.key === "Escape") void cancel();
      }}
    >
      <Form
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        <CardEditor dashboardId={dashboard.id} draft={draft} onChange={setDraft} errors={{ ...request.fields, ...errors }} />
        {request.error && Object.keys(request.fields).length === 0 ? <Alert tone="danger">{request.error}</Alert> : null}
        <div className="buttons">
          <Button onClick={() => void cancel()}>Cancel</Button>
          <Button type="submit" variant="primary" busy={request.busy} disabled={!dirty}>
            Save card
          </Button>
        </div>
      </Form>
    </Card>
  );
}

const Form = styled.form`
  display: grid;
  gap: ${SPACE.md};
  max-width: 720px;
  .buttons { display: flex; gap: ${SPACE.sm}; justify-content: flex-end; }
`;
