import { useCallback, useEffect, useState } from "react";
import { Link, useSearch } from "wouter";
import { styled } from "styled-components";
import { monthDateOf, monthIndexOf, monthLabel } from "../../../../domain/months";
import { useNow } from "../../../app/clock";
import type { AppState } from "../../../app/state";
import { useDispatch, useModel } from "../../../bus/use-model";
import { Alert } from "../../../ui/alert";
import { Button } from "../../../ui/button";
import { Card } from "../../../ui/card";
import { FormField } from "../../../ui/form-field";
import { Select } from "../../../ui/inputs";
import { Cluster, Stack } from "../../../ui/layout";
import { ErrorState, LoadingState } from "../../../ui/states";
import { SPACE } from "../../../ui/tokens";
import type { DetailTabProps } from "../../kpis/views/detail/detail-tabs";
import { useReportingFrame } from "../../kpis/views/hooks";
import { useFinished } from "../../custom-dashboards/views/use-finished";
import { ActionRow } from "./action-row";
import { CommentItem } from "./comment-item";
import { MentionReportNote } from "./mention-report";
import { MentionTextArea } from "./mention-textarea";

/** Months a comment can be about: the reporting period's end and the two years before it. */
const MONTH_CHOICES = 24;

/**
 * The KPI's discussion (/reporting/kpi-detail/{id}/comments): write a comment on the KPI or one
 * of its months, mentioning people with "@"; the comments, pinned first, each with what the
 * reader may do (pin, edit, delete, make it an action); and the KPI's actions. `?comment=` (a
 * notification's link) scrolls to that comment and marks it.
 */
export function KpiCommentsTab({ kpi }: DetailTabProps) {
  const dispatch = useDispatch();
  const kpiId = kpi.id;
  useEffect(() => {
    dispatch({ _tag: "LoadKpiDiscussion", kpiId });
  }, [dispatch, kpiId]);
  const discussion = useModel((state: AppState) => state.collaboration.discussions[kpiId]);
  const change = useModel((state: AppState) => state.collaboration.change);
  const report = useModel((state: AppState) => state.collaboration.mentionReport);
  const frame = useReportingFrame();
  const now = new Date(useNow(60_000));
  const target = Number(new URLSearchParams(useSearch()).get("comment")) || null;
  const [text, setText] = useState("");
  const [month, setMonth] = useState<string>("");
  const posting = change.action === "comment" && change.status === "busy";
  const clearText = useCallback(() => setText(""), []);
  useFinished(change.action === "comment" ? change.status : "idle", clearText);
  useEffect(() => {
    if (!target || discussion?.status !== "loaded") return;
    document.getElementById(`comment-${target}`)?.scrollIntoView({ block: "center" });
  }, [target, discussion?.status]);

  if (!discussion || (discussion.status === "loading" && discussion.comments.length === 0)) return <LoadingState label="Loading the discussion…" />;
  if (discussion.status === "error" && discussion.comments.length === 0) return <ErrorState title="The discussion could not be loaded" message={discussion.message} onRetry={() => dispatch({ _tag: "LoadKpiDiscussion", kpiId })} />;

  const months = Array.from({ length: MONTH_CHOICES }, (_, index) => frame.end - index);
  const post = () => {
    if (text.trim() === "" || posting) return;
    dispatch({ _tag: "AddKpiComment", kpiId, text, month: month === "" ? null : month });
  };
  const fieldError = change.action === "comment" && change.status === "error" ? (change.fields["text"] ?? []) : [];
  const otherError = change.action === "comment" && change.status === "error" && fieldError.length === 0 ? change.message : null;
  return (
    <Columns>
      <Card title="Discussion" aria-busy={discussion.status === "loading"}>
        <Stack $gap="md">
          <Composer
            onSubmit={(event) => {
              event.preventDefault();
              post();
            }}
          >
            <FormField label="Comment" error={fieldError} help="Type @ to mention someone; people who may read this KPI are told. Ctrl+Enter posts.">
              <MentionTextArea label="Comment" value={text} onChange={setText} candidates={discussion.candidates} placeholder={`What do you see in ${kpi.name}?`} onSubmit={post} />
            </FormField>
            <Cluster $justify="space-between">
              <FormField label="About">
                <Select value={month} onChange={(event) => setMonth(event.target.value)} options={[{ value: "", label: `${kpi.name} as a whole` }, ...months.map((index) => ({ value: monthDateOf(index), label: monthLabel(index) }))]} />
              </FormField>
              <Button type="submit" variant="primary" busy={posting} disabled={text.trim() === ""}>
                Post comment
              </Button>
            </Cluster>
            {otherError ? <Alert tone="danger">{otherError}</Alert> : null}
            {report && report.kpiId === kpiId ? <MentionReportNote report={report} /> : null}
          </Composer>
          {discussion.comments.length === 0 ? (
            <p className="empty">No comments yet. Start the discussion: what moved, and who should look at it?</p>
          ) : (
            <CommentList aria-label={`Comments on ${kpi.name}`}>
              {discussion.comments.map((comment) => (
                <CommentItem key={comment.id} comment={comment} kpiId={kpiId} now={now} highlighted={comment.id === target} candidates={discussion.candidates} assignees={discussion.assignees} action={discussion.actions.find((action) => action.id === comment.actionId) ?? null} monthText={comment.month ? monthLabel(monthIndexOf(comment.month)) : null} />
              ))}
            </CommentList>
          )}
        </Stack>
      </Card>
      <Card title="Actions" actions={<Link href={`/reporting/actions?kpi=${kpiId}`}>All actions on {kpi.name}</Link>}>
        {discussion.actions.length === 0 ? (
          <p className="empty">No actions yet. Make one from a comment: whom it is for, and by when.</p>
        ) : (
          <ActionList aria-label={`Actions on ${kpi.name}`}>
            {discussion.actions.map((action) => (
              <ActionRow key={action.id} action={action} showKpi={false} />
            ))}
          </ActionList>
        )}
      </Card>
    </Columns>
  );
}

const Columns = styled.div`
  display: grid;
  gap: ${SPACE.lg};
  grid-template-columns: minmax(0, 2fr) minmax(260px, 1fr);
  align-items: start;
  @media (max-width: 900px) { grid-template-columns: minmax(0, 1fr); }
  .empty { color: ${(p) => p.theme.textMuted}; margin: 0; }
`;

const Composer = styled.form`
  display: grid;
  gap: ${SPACE.sm};
`;

const CommentList = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${SPACE.sm};
`;

const ActionList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${SPACE.xs};
`;
