import dayjs from "dayjs";
import { useEffect, useState } from "react";
import { styled } from "styled-components";
import { Link, useParams } from "wouter";
import type { ExternalTask, KeyResult, Milestone, Objective, ObjectiveRef } from "../../../../contracts/okrs";
import type { AppState } from "../../../app/state";
import { useDispatch, useModel } from "../../../bus/use-model";
import { Badge } from "../../../ui/badge";
import { Button, ButtonLink } from "../../../ui/button";
import { Card } from "../../../ui/card";
import { useConfirm } from "../../../ui/confirm";
import { DataTable } from "../../../ui/data-table";
import { Checkbox } from "../../../ui/inputs";
import { Cluster, Page, Stack } from "../../../ui/layout";
import { PageHeader } from "../../../ui/page-header";
import { REORDER_HINT, useReorderable } from "../../../ui/reorderable";
import { EmptyState, ErrorState, LoadingState } from "../../../ui/states";
import { FONT_WEIGHT, SPACE, TYPE_SCALE } from "../../../ui/tokens";
import { VisuallyHidden } from "../../../ui/visually-hidden";
import { CheckInDialog, confidenceWord, DIRECTION_LABEL, ExternalTaskDialog, KeyResultDialog, KPI_FED_NOTE, MilestoneDialog } from "./key-result-dialogs";
import { useObjectiveCommands } from "./objective-actions";
import { formatFigure, LEVEL_LABEL } from "./objective-card";
import { ActionError, PeopleInitials, ProgressBar, StatusLabel, useOkrContext } from "./parts";

type Open = { kind: "key-result"; keyResult: KeyResult | null } | { kind: "check-in"; keyResult: KeyResult } | { kind: "milestone"; milestone: Milestone | null };

/**
 * /objectives/id/{id?}: one objective with its key results (check-in history each), milestones,
 * external tasks, the objectives it supports and those that support it, and its change actions.
 */
export default function ObjectiveScreen() {
  const params = useParams<{ id?: string }>();
  const id = params.id && /^\d+$/.test(params.id) ? Number(params.id) : null;
  if (id === null)
    return (
      <Page>
        <PageHeader title="Objective" />
        <EmptyState headingLevel={2} title="No objective chosen" text="Open an objective from the overview to see its key results, milestones and check-ins." action={<ButtonLink href="/objectives/overview">Go to the overview</ButtonLink>} />
      </Page>
    );
  return <ObjectiveDetail key={id} objectiveId={id} />;
}

function ObjectiveDetail({ objectiveId }: { objectiveId: number }) {
  const dispatch = useDispatch();
  const context = useOkrContext();
  const open = useModel((state: AppState) => state.okrs.open[objectiveId]);
  const announcement = useModel((state: AppState) => state.okrs.announcement);
  const [dialog, setDialog] = useState<Open | null>(null);
  const { dialog: objectiveDialog, run } = useObjectiveCommands();
  useEffect(() => {
    dispatch({ _tag: "LoadObjective", objectiveId });
    dispatch({ _tag: "LoadExternalTasks", objectiveId });
  }, [dispatch, objectiveId]);
  const objective = open?.objective ?? null;
  if (!objective) {
    return (
      <Page>
        <PageHeader title="Objective" breadcrumbs={[{ label: "Objectives", href: "/objectives/overview" }, { label: "Objective", href: `/objectives/id/${objectiveId}` }]} />
        {open?.status === "error" ? (
          open.notFound ? (
            <EmptyState title={open.message ?? "This objective does not exist."} action={<ButtonLink href="/objectives/overview">Go to the overview</ButtonLink>} />
          ) : (
            <ErrorState message={open.message ?? "The objective could not be loaded."} onRetry={() => dispatch({ _tag: "LoadObjective", objectiveId })} />
          )
        ) : (
          <LoadingState label="Loading the objective…" />
        )}
      </Page>
    );
  }
  const owner = objective.level === "team" ? objective.category : objective.level === "employee" ? objective.owner : null;
  return (
    <Page>
      <PageHeader
        title={objective.title}
        breadcrumbs={[{ label: "Objectives", href: "/objectives/overview" }, { label: objective.title, href: `/objectives/id/${objective.id}` }]}
        actions={
          objective.mayEdit ? (
            <Cluster $gap="xs">
              <Button onClick={() => run("edit", objective)}>Edit</Button>
              <Button onClick={() => run("copy", objective)}>Copy</Button>
              <Button onClick={() => run("move", objective)}>Move</Button>
              <Button variant="danger" onClick={() => run("delete", objective)}>
                Delete
              </Button>
            </Cluster>
          ) : null
        }
      />
      <ActionError actions={dialog === null ? ["delete", "reorder", "key-result-delete", "milestone", "milestone-delete", "external-task-delete"] : ["delete", "reorder", "key-result-delete", "milestone-delete", "external-task-delete"]} />
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>
      <Stack $gap="lg">
        <Card title="Details">
          <Facts>
            <div>
              <dt>Level</dt>
              <dd>
                {LEVEL_LABEL[objective.level]}
                {owner ? ` · ${owner.name}` : ""}
              </dd>
            </div>
            <div>
              <dt>Period</dt>
              <dd>
                {objective.startsOn} – {objective.endsOn}
              </dd>
            </div>
            <div>
              <dt>Status</dt>
              <dd>
                <StatusLabel statusId={objective.statusId} statuses={context.statuses} />
              </dd>
            </div>
            <div>
              <dt>Responsible</dt>
              <dd>{objective.responsibles.length === 0 ? "No one yet" : objective.responsibles.map((person) => person.name).join(", ")}</dd>
            </div>
            <div>
              <dt>Updated</dt>
              <dd>{dayjs(objective.updatedAt).format("YYYY-MM-DD HH:mm")}</dd>
            </div>
          </Facts>
          {objective.description ? <p className="description">{objective.description}</p> : null}
          <ProgressBar value={objective.progress} label={`Progress of “${objective.title}”`} />
          {!objective.mayEdit ? <p className="muted">You can read this objective; changing it needs the write permission of its level.</p> : null}
        </Card>
        <LinkCards>
          <LinksCard title="Supports" links={objective.parents} empty={objective.level === "corporate" ? "Corporate objectives support no other objective." : "It supports no higher-level objective yet."} />
          <LinksCard title="Supported by" links={objective.children} empty="No objective supports it yet." />
        </LinkCards>
        <Card
          title="Key results"
          actions={
            objective.mayEdit ? (
              <Button size="sm" variant="primary" onClick={() => setDialog({ kind: "key-result", keyResult: null })}>
                Add key result
              </Button>
            ) : null
          }
        >
          {objective.keyResults.length === 0 ? (
            <EmptyState headingLevel={3} title="No key results yet" text="Key results say how the objective is measured. Link one to a KPI and it moves with the KPI." />
          ) : (
            <Stack $gap="md">
              {objective.keyResults.map((keyResult, index) => (
                <KeyResultRow key={keyResult.id} objective={objective} keyResult={keyResult} index={index} statuses={context.statuses} onOpen={setDialog} />
              ))}
            </Stack>
          )}
        </Card>
        <MilestonesCard objective={objective} onOpen={setDialog} />
        <ExternalTasksCard objectiveId={objective.id} mayEdit={objective.mayEdit} />
      </Stack>
      {dialog?.kind === "key-result" ? <KeyResultDialog objective={objective} keyResult={dialog.keyResult} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === "check-in" ? <CheckInDialog objective={objective} keyResult={dialog.keyResult} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === "milestone" ? <MilestoneDialog objective={objective} milestone={dialog.milestone} onClose={() => setDialog(null)} /> : null}
      {objectiveDialog}
    </Page>
  );
}

function LinksCard({ title, links, empty }: { title: string; links: readonly ObjectiveRef[]; empty: string }) {
  return (
    <Card title={title}>
      {links.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <ul className="links">
          {links.map((link) => (
            <li key={link.id}>
              <Link href={`/objectives/id/${link.id}`}>{link.title}</Link> <Badge>{LEVEL_LABEL[link.level]}</Badge>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function KeyResultRow({ objective, keyResult, index, statuses, onOpen }: { objective: Objective; keyResult: KeyResult; index: number; statuses: AppState["okrs"]["context"]["statuses"]; onOpen: (open: Open) => void }) {
  const dispatch = useDispatch();
  const confirm = useConfirm();
  const [showHistory, setShowHistory] = useState(false);
  const count = objective.keyResults.length;
  const move = (to: number) => {
    const target = Math.max(0, Math.min(count - 1, to));
    if (target === index) return;
    const ids = objective.keyResults.map((candidate) => candidate.id).filter((id) => id !== keyResult.id);
    ids.splice(target, 0, keyResult.id);
    dispatch({ _tag: "ReorderKeyResults", objectiveId: objective.id, ids, announcement: `“${keyResult.title}” moved to position ${target + 1} of ${count}.` });
  };
  const { itemProps, handleProps } = useReorderable({
    dragType: `application/x-okr-key-results-${objective.id}`,
    id: keyResult.id,
    index,
    count,
    enabled: objective.mayEdit,
    onMove: move,
    onDropOn: (draggedId) => {
      const dragged = objective.keyResults.find((candidate) => candidate.id === draggedId);
      if (!dragged) return;
      const ids = objective.keyResults.map((candidate) => candidate.id).filter((id) => id !== draggedId);
      ids.splice(index, 0, draggedId);
      dispatch({ _tag: "ReorderKeyResults", objectiveId: objective.id, ids, announcement: `“${dragged.title}” moved to position ${index + 1} of ${count}.` });
    },
  });
  const remove = async () => {
    const yes = await confirm({ title: `Delete the key result “${keyResult.title}”?`, message: "Its check-ins are deleted too.", confirmLabel: "Delete key result", tone: "danger" });
    if (yes) dispatch({ _tag: "DeleteKeyResult", objectiveId: objective.id, keyResultId: keyResult.id });
  };
  const toggleHistory = () => {
    if (!showHistory) dispatch({ _tag: "LoadCheckIns", keyResultId: keyResult.id });
    setShowHistory(!showHistory);
  };
  return (
    <KrFrame {...itemProps} data-testid={`key-result-${keyResult.title}`} aria-labelledby={`kr-${keyResult.id}`}>
      <div className="kr-head">
        {objective.mayEdit && count > 1 ? (
          <button {...handleProps} className="handle" aria-label={`Reorder “${keyResult.title}”, position ${index + 1} of ${count}`} title={REORDER_HINT}>
            <span aria-hidden="true">⋮⋮</span>
          </button>
        ) : null}
        <h3 id={`kr-${keyResult.id}`}>{keyResult.title}</h3>
        <StatusLabel statusId={keyResult.statusId} statuses={statuses} />
        {keyResult.responsible ? <PeopleInitials people={[keyResult.responsible]} /> : null}
      </div>
      <div className="kr-figures">
        <span>{DIRECTION_LABEL[keyResult.direction]}</span>
        <span>
          Start {formatFigure(keyResult.start)} → target {formatFigure(keyResult.target)} {keyResult.unit}
        </span>
        <span data-testid="kr-actual">
          Actual {keyResult.actual === null ? "–" : formatFigure(keyResult.actual)} {keyResult.unit}
        </span>
        <span>Confidence {keyResult.confidence === null ? "–" : `${keyResult.confidence}/10 (${confidenceWord(keyResult.confidence)})`}</span>
      </div>
      <ProgressBar value={keyResult.progress} label={`Progress of key result “${keyResult.title}”`} />
      {keyResult.kpi ? (
        <p className="muted">
          Fed by the KPI <Link href={`/reporting/kpi-detail/${keyResult.kpi.id}`}>{keyResult.kpi.name}</Link>. {KPI_FED_NOTE}
        </p>
      ) : null}
      <Cluster $gap="xs">
        {objective.mayEdit ? (
          <>
            <Button size="sm" variant="primary" onClick={() => onOpen({ kind: "check-in", keyResult })} aria-label={`Check in on “${keyResult.title}”`}>
              Check in
            </Button>
            <Button size="sm" onClick={() => onOpen({ kind: "key-result", keyResult })} aria-label={`Edit “${keyResult.title}”`}>
              Edit
            </Button>
            <Button size="sm" variant="quiet" onClick={() => void remove()} aria-label={`Delete “${keyResult.title}”`}>
              Delete
            </Button>
            {count > 1 ? (
              <>
                <Button size="sm" variant="quiet" disabled={index === 0} onClick={() => move(index - 1)} aria-label={`Move up “${keyResult.title}”`}>
                  Move up
                </Button>
                <Button size="sm" variant="quiet" disabled={index === count - 1} onClick={() => move(index + 1)} aria-label={`Move down “${keyResult.title}”`}>
                  Move down
                </Button>
              </>
            ) : null}
          </>
        ) : null}
        <Button size="sm" variant="quiet" aria-expanded={showHistory} onClick={toggleHistory} aria-label={`Check-in history of “${keyResult.title}”`}>
          Check-in history
        </Button>
      </Cluster>
      {showHistory ? <CheckInHistory keyResult={keyResult} /> : null}
    </KrFrame>
  );
}

function CheckInHistory({ keyResult }: { keyResult: KeyResult }) {
  const dispatch = useDispatch();
  const history = useModel((state: AppState) => state.okrs.checkIns[keyResult.id]);
  if (!history || history.status === "loading") return <LoadingState label="Loading check-ins…" />;
  if (history.status === "error") return <ErrorState message={history.message ?? "The check-ins could not be loaded."} onRetry={() => dispatch({ _tag: "LoadCheckIns", keyResultId: keyResult.id })} />;
  return (
    <DataTable
      label={`Check-ins of “${keyResult.title}”`}
      rows={history.checkIns}
      rowKey={(checkIn) => checkIn.id}
      maxHeight="320px"
      empty="No check-ins yet."
      columns={[
        { key: "when", header: "When", rowHeader: true, cell: (checkIn) => dayjs(checkIn.createdAt).format("YYYY-MM-DD HH:mm") },
        { key: "who", header: "By", cell: (checkIn) => checkIn.author?.name ?? "–" },
        { key: "value", header: "Value", numeric: true, cell: (checkIn) => (checkIn.value === null ? "–" : `${formatFigure(checkIn.value)} ${keyResult.unit}`) },
        { key: "confidence", header: "Confidence", numeric: true, cell: (checkIn) => `${checkIn.confidence}/10` },
        { key: "comment", header: "Comment", cell: (checkIn) => checkIn.comment || "–" },
      ]}
    />
  );
}

function MilestonesCard({ objective, onOpen }: { objective: Objective; onOpen: (open: Open) => void }) {
  const dispatch = useDispatch();
  const confirm = useConfirm();
  const remove = async (milestone: Milestone) => {
    if (await confirm({ title: `Delete the milestone “${milestone.title}”?`, confirmLabel: "Delete milestone", tone: "danger" })) dispatch({ _tag: "DeleteMilestone", objectiveId: objective.id, milestoneId: milestone.id });
  };
  return (
    <Card
      title="Milestones"
      actions={
        objective.mayEdit ? (
          <Button size="sm" onClick={() => onOpen({ kind: "milestone", milestone: null })}>
            Add milestone
          </Button>
        ) : null
      }
    >
      {objective.milestones.length === 0 ? (
        <p className="muted">No milestones yet.</p>
      ) : (
        <MilestoneList>
          {objective.milestones.map((milestone) => (
            <li key={milestone.id}>
              <Checkbox
                label={milestone.title}
                checked={milestone.doneAt !== null}
                disabled={!objective.mayEdit}
                onChange={(event) => dispatch({ _tag: "ChangeMilestone", objectiveId: objective.id, milestoneId: milestone.id, change: { done: event.target.checked } })}
              />
              <span className="muted">{milestone.dueOn ? `due ${milestone.dueOn}` : "no due date"}</span>
              <span className="muted">{milestone.responsible?.name ?? ""}</span>
              {objective.mayEdit ? (
                <Cluster $gap="xs">
                  <Button size="sm" variant="quiet" onClick={() => onOpen({ kind: "milestone", milestone })} aria-label={`Edit milestone “${milestone.title}”`}>
                    Edit
                  </Button>
                  <Button size="sm" variant="quiet" onClick={() => void remove(milestone)} aria-label={`Delete milestone “${milestone.title}”`}>
                    Delete
                  </Button>
                </Cluster>
              ) : null}
            </li>
          ))}
        </MilestoneList>
      )}
    </Card>
  );
}

function ExternalTasksCard({ objectiveId, mayEdit }: { objectiveId: number; mayEdit: boolean }) {
  const dispatch = useDispatch();
  const confirm = useConfirm();
  const tasks = useModel((state: AppState) => state.okrs.externalTasks[objectiveId]);
  const [attaching, setAttaching] = useState(false);
  const detach = async (task: ExternalTask) => {
    if (await confirm({ title: `Detach “${task.title}”?`, message: "The task stays in its tool; it is no longer linked to this objective.", confirmLabel: "Detach task", tone: "danger" })) dispatch({ _tag: "DetachExternalTask", objectiveId, taskId: task.id });
  };
  return (
    <Card
      title="External tasks"
      actions={
        mayEdit ? (
          <Button size="sm" onClick={() => setAttaching(true)}>
            Attach a task
          </Button>
        ) : null
      }
    >
      {!tasks || tasks.status === "loading" ? (
        <LoadingState label="Loading external tasks…" />
      ) : tasks.status === "error" ? (
        <ErrorState message={tasks.message ?? "The external tasks could not be loaded."} onRetry={() => dispatch({ _tag: "LoadExternalTasks", objectiveId })} />
      ) : (
        <DataTable<ExternalTask>
          label="External tasks"
          rows={tasks.tasks}
          rowKey={(task) => task.id}
          maxHeight="none"
          empty="No external tasks are linked to this objective. Attach the tasks of a project tool by origin and project."
          columns={[
            { key: "origin", header: "Origin", cell: (task) => task.origin, sortValue: (task) => task.origin },
            { key: "project", header: "Project", cell: (task) => task.project, sortValue: (task) => task.project },
            { key: "id", header: "ID", cell: (task) => task.externalId },
            { key: "title", header: "Title", rowHeader: true, cell: (task) => (task.url ? <a href={task.url} target="_blank" rel="noreferrer">{task.title}</a> : task.title) },
            { key: "status", header: "Status", cell: (task) => task.status || "–" },
            ...(mayEdit
              ? [
                  {
                    key: "actions",
                    header: "Actions",
                    cell: (task: ExternalTask) => (
                      <Button size="sm" variant="quiet" onClick={() => void detach(task)} aria-label={`Detach “${task.title}”`}>
                        Detach
                      </Button>
                    ),
                  },
                ]
              : []),
          ]}
        />
      )}
      {attaching ? <ExternalTaskDialog objectiveId={objectiveId} onClose={() => setAttaching(false)} /> : null}
    </Card>
  );
}

const LinkCards = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(260px, 1fr));
  gap: ${SPACE.lg};
`;

const Facts = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(160px, 1fr));
  gap: ${SPACE.md};
  margin: 0;
  dt { font-size: ${TYPE_SCALE.sm.size}; color: ${(p) => p.theme.textMuted}; }
  dd { margin: 0; font-weight: ${FONT_WEIGHT.medium}; }
`;

const KrFrame = styled.article`
  display: grid;
  gap: ${SPACE.sm};
  padding: ${SPACE.md};
  border: 1px solid ${(p) => p.theme.border};
  border-radius: 8px;
  &.drop-target { outline: 2px dashed ${(p) => p.theme.accent}; }
  .kr-head { display: flex; align-items: center; gap: ${SPACE.md}; flex-wrap: wrap; }
  h3 { flex: 1; font-size: ${TYPE_SCALE.md.size}; font-weight: ${FONT_WEIGHT.semibold}; }
  .kr-figures { display: flex; gap: ${SPACE.lg}; flex-wrap: wrap; font-size: ${TYPE_SCALE.sm.size}; color: ${(p) => p.theme.textMuted}; font-variant-numeric: tabular-nums; }
  .muted { font-size: ${TYPE_SCALE.sm.size}; color: ${(p) => p.theme.textMuted}; }
  .handle { cursor: grab; border: 1px solid ${(p) => p.theme.border}; border-radius: 4px; background: transparent; color: ${(p) => p.theme.textMuted}; min-width: 24px; min-height: 24px; }
`;

const MilestoneList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${SPACE.xs};
  li { display: grid; grid-template-columns: minmax(0, 2fr) auto auto auto; gap: ${SPACE.md}; align-items: center; }
  .muted { font-size: ${TYPE_SCALE.sm.size}; color: ${(p) => p.theme.textMuted}; }
`;
