import { useCallback, useState } from "react";
import { Link } from "wouter";
import { styled } from "styled-components";
import type { KpiAction, KpiComment, MentionCandidate, Person } from "../../../../contracts/collaboration";
import { ACTION_STATUS_LABELS } from "../../../../domain/collaboration/actions";
import type { AppState } from "../../../app/state";
import { useDispatch, useModel } from "../../../bus/use-model";
import { Badge } from "../../../ui/badge";
import { Button } from "../../../ui/button";
import { useConfirm } from "../../../ui/confirm";
import { relativeTime } from "../../../ui/relative-time";
import { FONT_WEIGHT, RADIUS, SPACE, TYPE_SCALE } from "../../../ui/tokens";
import { useFinished } from "../../custom-dashboards/views/use-finished";
import { STATUS_TONE } from "./action-row";
import { MakeActionDialog } from "./make-action-dialog";
import { MentionTextArea } from "./mention-textarea";
import { MentionedText } from "./mentioned-text";

export interface CommentItemProps {
  readonly comment: KpiComment;
  readonly kpiId: number;
  readonly now: Date;
  readonly highlighted: boolean;
  readonly candidates: readonly MentionCandidate[];
  readonly assignees: readonly Person[];
  readonly action: KpiAction | null;
  readonly monthText: string | null;
}

/** One comment: who wrote it when, about which month, its words; pin, edit, delete, make an action. */
export function CommentItem({ comment, kpiId, now, highlighted, candidates, assignees, action, monthText }: CommentItemProps) {
  const dispatch = useDispatch();
  const confirm = useConfirm();
  const change = useModel((state: AppState) => state.collaboration.change);
  const [editing, setEditing] = useState<string | null>(null);
  const [making, setMaking] = useState(false);
  const stopEditing = useCallback(() => setEditing(null), []);
  useFinished(change.action === "edit" && editing !== null ? change.status : "idle", stopEditing);
  const created = new Date(comment.createdAt);
  const remove = async () => {
    const yes = await confirm({ title: "Delete this comment?", message: comment.actionId ? "The comment is deleted for everyone. The action made from it stays." : "The comment is deleted for everyone.", confirmLabel: "Delete", tone: "danger" });
    if (yes) dispatch({ _tag: "DeleteKpiComment", kpiId, commentId: comment.id });
  };
  return (
    <Item id={`comment-${comment.id}`} data-highlighted={highlighted || undefined} aria-current={highlighted ? "true" : undefined}>
      <header>
        <span className="author">{comment.author.name}</span>
        <time dateTime={comment.createdAt} title={created.toLocaleString("en-GB")}>
          {relativeTime(created, now)}
        </time>
        {comment.editedAt ? <span className="muted">(edited)</span> : null}
        {monthText ? <Badge>{monthText}</Badge> : null}
        {comment.pinned ? <Badge tone="accent">Pinned</Badge> : null}
      </header>
      {editing !== null ? (
        <form
          className="edit"
          onSubmit={(event) => {
            event.preventDefault();
            dispatch({ _tag: "EditKpiComment", kpiId, commentId: comment.id, text: editing });
          }}
        >
          <MentionTextArea label="Edit comment" value={editing} onChange={setEditing} candidates={candidates} autoFocus onSubmit={() => dispatch({ _tag: "EditKpiComment", kpiId, commentId: comment.id, text: editing })} />
          {change.action === "edit" && change.status === "error" ? <p className="error">{change.fields["text"]?.join(" ") ?? change.message}</p> : null}
          <div className="buttons">
            <Button size="sm" variant="primary" type="submit" busy={change.action === "edit" && change.status === "busy"} disabled={editing.trim() === ""}>
              Save
            </Button>
            <Button size="sm" variant="quiet" onClick={stopEditing}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <MentionedText className="text" text={comment.text} />
      )}
      <footer>
        {action ? (
          <Link href={`/reporting/actions/${action.id}`} className="action-link">
            Action for {action.assignedUser.name}: <Badge tone={STATUS_TONE[action.status]}>{ACTION_STATUS_LABELS[action.status]}</Badge>
          </Link>
        ) : comment.actionId ? (
          <Link href={`/reporting/actions/${comment.actionId}`} className="action-link">
            Open the action
          </Link>
        ) : (
          <Button size="sm" variant="quiet" onClick={() => setMaking(true)}>
            Make an action
          </Button>
        )}
        <Button size="sm" variant="quiet" aria-pressed={comment.pinned} onClick={() => dispatch({ _tag: "PinKpiComment", kpiId, commentId: comment.id, pinned: !comment.pinned })}>
          {comment.pinned ? "Unpin" : "Pin"}
        </Button>
        {comment.mayEdit && editing === null ? (
          <Button size="sm" variant="quiet" onClick={() => setEditing(comment.text)}>
            Edit
          </Button>
        ) : null}
        {comment.mayDelete ? (
          <Button size="sm" variant="quiet" onClick={() => void remove()}>
            Delete
          </Button>
        ) : null}
      </footer>
      {making ? <MakeActionDialog kpiId={kpiId} comment={comment} assignees={assignees} onClose={() => setMaking(false)} /> : null}
    </Item>
  );
}

const Item = styled.li`
  display: grid;
  gap: ${SPACE.xs};
  padding: ${SPACE.sm} ${SPACE.md};
  border: 1px solid ${(p) => p.theme.border};
  border-radius: ${RADIUS.md};
  background: ${(p) => p.theme.surface};
  &[data-highlighted] { border-color: ${(p) => p.theme.accent}; box-shadow: 0 0 0 1px ${(p) => p.theme.accent}; }
  header, footer { display: flex; flex-wrap: wrap; gap: ${SPACE.xs}; align-items: center; }
  .author { font-weight: ${FONT_WEIGHT.medium}; }
  time, .muted { color: ${(p) => p.theme.textMuted}; font-size: ${TYPE_SCALE.sm.size}; }
  .text { margin: 0; white-space: pre-wrap; overflow-wrap: anywhere; }
  footer { margin-left: -${SPACE.xs}; }
  .action-link { display: inline-flex; gap: ${SPACE.xs}; align-items: center; font-size: ${TYPE_SCALE.sm.size}; padding: 0 ${SPACE.xs}; }
  .edit { display: grid; gap: ${SPACE.xs}; }
  .buttons { display: flex; gap: ${SPACE.xs}; }
  .error { color: ${(p) => p.theme.danger}; margin: 0; }
`;
