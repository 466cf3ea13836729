import { useCallback, useEffect, useState } from "react";
import { Link } from "wouter";
import { styled } from "styled-components";
import type { ActionStatus } from "../../../../contracts/collaboration";
import { ACTION_STATUS_LABELS } from "../../../../domain/collaboration/actions";
import { useNow } from "../../../app/clock";
import type { AppState } from "../../../app/state";
import { useDispatch, useModel } from "../../../bus/use-model";
import { Alert } from "../../../ui/alert";
import { Badge } from "../../../ui/badge";
import { Button } from "../../../ui/button";
import { Card } from "../../../ui/card";
import { useConfirm } from "../../../ui/confirm";
import { FormField } from "../../../ui/form-field";
import { Select, TextArea, TextInput } from "../../../ui/inputs";
import { Cluster } from "../../../ui/layout";
import { relativeTime } from "../../../ui/relative-time";
import { ErrorState, LoadingState } from "../../../ui/states";
import { FONT_WEIGHT, SPACE, TYPE_SCALE } from "../../../ui/tokens";
import { useFinished } from "../../custom-dashboards/views/use-finished";
import { STATUS_TONE } from "./action-row";

/**
 * One action: what, on which KPI (and the comment it came from), whom it is for, its status and
 * due date (changeable by its assignee, its creator and administrators), and its thread.
 */
export function ActionPanel({ actionId, onClose }: { actionId: number; onClose: () => void }) {
  const dispatch = useDispatch();
  const confirm = useConfirm();
  useEffect(() => {
    dispatch({ _tag: "LoadAction", actionId });
  }, [dispatch, actionId]);
  const open = useModel((state: AppState) => state.collaboration.open[actionId]);
  const change = useModel((state: AppState) => state.collaboration.change);
  const now = new Date(useNow(60_000));
  const [reply, setReply] = useState("");
  const clearReply = useCallback(() => setReply(""), []);
  useFinished(change.action === "actionComment" ? change.status : "idle", clearReply);

  if (!open || (open.status === "loading" && !open.action)) return <LoadingState label="Loading the action…" />;
  if (!open.action) return <ErrorState title={open.notFound ? "Action not found" : "The action could not be loaded"} message={open.message} onRetry={() => dispatch({ _tag: "LoadAction", actionId })} />;
  const action = open.action;
  const failed = change.status === "error" && (change.action === "changeAction" || change.action === "deleteAction") ? change.message : null;
  const remove = async () => {
    if (await confirm({ title: `Delete the action “${action.title}”?`, message: "The action and its thread are deleted for everyone. The comment it came from stays.", confirmLabel: "Delete", tone: "danger" })) {
      dispatch({ _tag: "DeleteAction", actionId });
      onClose();
    }
  };
  const post = () => {
    if (reply.trim() !== "") dispatch({ _tag: "AddActionComment", actionId, text: reply });
  };
  return (
    <Card title={action.title} headingLevel={2} actions={<Button size="sm" variant="quiet" onClick={onClose}>Close</Button>} aria-label={`Action: ${action.title}`}>
      <Body>
        <p className="facts">
          <Badge tone={STATUS_TONE[action.status]}>{ACTION_STATUS_LABELS[action.status]}</Badge>
          {action.overdue ? <Badge tone="bad">Overdue</Badge> : null}
          <span>
            On <Link href={`/reporting/kpi-detail/${action.kpiId}/comments${action.commentId ? `?comment=${action.commentId}` : ""}`} state={{ from: "/reporting/actions" }}>{action.kpiName}</Link>
            {action.commentId ? " (from a comment)" : ""}, made by {action.createdBy.name} {relativeTime(new Date(action.createdAt), now)}
          </span>
        </p>
        {action.mayChange ? (
          <Cluster $gap="md" className="controls">
            <FormField label="Status">
              <Select value={action.status} onChange={(event) => dispatch({ _tag: "ChangeAction", actionId, status: event.target.value as ActionStatus })} options={(["open", "in_progress", "done"] as const).map((status) => ({ value: status, label: ACTION_STATUS_LABELS[status] }))} />
            </FormField>
            <FormField label="Assigned to">
              <Select value={String(action.assignedUser.id)} onChange={(event) => dispatch({ _tag: "ChangeAction", actionId, assignedUser: Number(event.target.value) })} options={[...(open.assignees.some((person) => person.id === action.assignedUser.id) ? [] : [action.assignedUser]), ...open.assignees].map((person) => ({ value: String(person.id), label: person.name }))} />
            </FormField>
            <DueDateField key={action.dueDate ?? ""} saved={action.dueDate} onCommit={(dueDate) => dispatch({ _tag: "ChangeAction", actionId, dueDate })} />
            <Button variant="danger" size="sm" onClick={() => void remove()}>
              Delete action
            </Button>
          </Cluster>
        ) : (
          <p className="muted">
            Assigned to {action.assignedUser.name}
            {action.dueDate ? `, due ${action.dueDate}` : ""}. Its assignee, its creator or an administrator may change it.
          </p>
        )}
        {failed ? <Alert tone="danger">{failed}</Alert> : null}
        <section aria-label="Thread">
          <h3>Thread</h3>
          {open.comments.length === 0 ? <p className="muted">No comments yet: ask about progress, or say what was done.</p> : null}
          <ol className="thread">
            {open.comments.map((comment) => (
              <li key={comment.id}>
                <span className="author">{comment.author.name}</span> <time dateTime={comment.createdAt}>{relativeTime(new Date(comment.createdAt), now)}</time>
                <p>{comment.text}</p>
                {comment.mayDelete ? (
                  <Button size="sm" variant="quiet" onClick={() => dispatch({ _tag: "DeleteActionComment", actionId, commentId: comment.id })}>
                    Delete
                  </Button>
                ) : null}
              </li>
            ))}
          </ol>
          <form
            className="reply"
            onSubmit={(event) => {
              event.preventDefault();
              post();
            }}
          >
            <FormField label="Add to the thread" error={change.action === "actionComment" && change.status === "error" ? [change.message ?? ""] : []}>
              <TextArea rows={2} value={reply} maxLength={5000} onChange={(event) => setReply(event.target.value)} />
            </FormField>
            <Button type="submit" variant="primary" size="sm" busy={change.action === "actionComment" && change.status === "busy"} disabled={reply.trim() === ""}>
              Post to thread
            </Button>
          </form>
        </section>
      </Body>
    </Card>
  );
}

/** The due date is saved when the person leaves the field or presses Enter, not at every digit typed. */
function DueDateField({ saved, onCommit }: { saved: string | null; onCommit: (dueDate: string | null) => void }) {
  const [draft, setDraft] = useState(saved ?? "");
  const commit = () => {
    const next = draft === "" ? null : draft;
    if (next !== saved) onCommit(next);
  };
  return (
    <FormField label="Due date">
      <TextInput
        type="date"
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === "Enter") commit();
        }}
      />
    </FormField>
  );
}

const Body = styled.div`
  display: grid;
  gap: ${SPACE.md};
  .facts { display: flex; flex-wrap: wrap; gap: ${SPACE.xs}; align-items: center; margin: 0; }
  .muted, time { color: ${(p) => p.theme.textMuted}; }
  time { font-size: ${TYPE_SCALE.sm.size}; }
  h3 { margin: 0 0 ${SPACE.xs}; font-size: ${TYPE_SCALE.md.size}; }
  .thread { list-style: none; margin: 0 0 ${SPACE.sm}; padding: 0; display: grid; gap: ${SPACE.sm}; }
  .thread p { margin: ${SPACE.xxs} 0 0; white-space: pre-wrap; }
  .author { font-weight: ${FONT_WEIGHT.medium}; }
  .reply { display: grid; gap: ${SPACE.xs}; justify-items: start; }
  .reply > * { width: 100%; }
  .reply button { width: auto; }
  .controls { align-items: end; }
`;
