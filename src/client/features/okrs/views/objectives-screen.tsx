import { useEffect, useMemo } from "react";
import { styled } from "styled-components";
import { useLocation, useParams } from "wouter";
import type { ObjectivesQuery } from "../../../../contracts/messages/okrs";
import type { Objective, OkrCategory } from "../../../../contracts/okrs";
import type { AppState } from "../../../app/state";
import { useDispatch, useModel } from "../../../bus/use-model";
import { Button } from "../../../ui/button";
import { FilterSelect } from "../../../ui/compact-controls";
import { Cluster, Page, Stack } from "../../../ui/layout";
import { LinkTabs } from "../../../ui/link-tabs";
import { PageHeader } from "../../../ui/page-header";
import { EmptyState, ErrorState, LoadingState } from "../../../ui/states";
import { FONT_WEIGHT, SPACE, TYPE_SCALE } from "../../../ui/tokens";
import { VisuallyHidden } from "../../../ui/visually-hidden";
import { selectMe, selectReadableViews, selectWritableLevels } from "../permissions";
import { periodDates, periodLabel } from "../period";
import { useObjectiveCommands } from "./objective-actions";
import { groupKey, ObjectiveCard } from "./objective-card";
import { ActionError, PeriodPicker, useOkrContext, useOkrPeriod } from "./parts";

export type ObjectivesMode = "overview" | "corporate" | "teams" | "users" | "user-teams";

interface Group {
  readonly key: string;
  readonly title: string;
  readonly objectives: readonly Objective[];
}

/** /objectives/overview/{categoryId?}: corporate, then teams by unit, then employees, for a period; a unit narrows it. */
export default function OverviewScreen() {
  return <ObjectivesScreen mode="overview" />;
}
export const CorporateObjectivesScreen = () => <ObjectivesScreen mode="corporate" />;
export const TeamObjectivesScreen = () => <ObjectivesScreen mode="teams" />;
export const UserObjectivesScreen = () => <ObjectivesScreen mode="users" />;
export const UserTeamObjectivesScreen = () => <ObjectivesScreen mode="user-teams" />;

/**
 * The objective lists. One request per screen and period (the server orders by level, then
 * position); the unit of the overview and the teams tabs narrow it here, so switching units is
 * instant and every list stays live on OkrChanged.
 */
export function ObjectivesScreen({ mode }: { mode: ObjectivesMode }) {
  const dispatch = useDispatch();
  const [, navigate] = useLocation();
  const params = useParams<{ categoryId?: string; category?: string; user?: string }>();
  const context = useOkrContext();
  const { period, fiscalYearOffset } = useOkrPeriod();
  const me = useModel(selectMe);
  const writable = useModel(selectWritableLevels);
  const readable = useModel(selectReadableViews);
  const announcement = useModel((state: AppState) => state.okrs.announcement);
  const unitId = toId(mode === "overview" ? params.categoryId : mode === "teams" ? params.category : undefined);
  const userId = toId(params.user);
  const { from, to } = periodDates(period);
  const query: ObjectivesQuery = useMemo(
    () => ({
      level: mode === "corporate" ? "corporate" : mode === "teams" || mode === "user-teams" ? "team" : mode === "users" ? "employee" : null,
      categoryId: null,
      ownerUserId: mode === "users" ? userId : null,
      from,
      to,
    }),
    [mode, userId, from, to],
  );
  const listKey = mode;
  const queryText = JSON.stringify(query);
  useEffect(() => {
    dispatch({ _tag: "LoadObjectives", listKey, query: JSON.parse(queryText) as ObjectivesQuery });
  }, [dispatch, listKey, queryText]);
  const list = useModel((state: AppState) => state.okrs.lists[listKey]);
  const { dialog, create, run } = useObjectiveCommands();

  const person = userId === null ? null : (context.people.find((candidate) => candidate.id === userId) ?? (me?.id === userId ? me : null));
  const unit = unitId === null ? null : (context.categories.find((candidate) => candidate.id === unitId) ?? null);
  const shown = list && JSON.stringify(list.query) === queryText ? list.objectives : [];
  const groups = useMemo(() => groupsOf(mode, shown, { unitId, userId, categories: context.categories, memberships: context.memberships }), [mode, shown, unitId, userId, context.categories, context.memberships]);

  const title = TITLES[mode](person?.name ?? "this person", unit?.name ?? null);
  const reorder = (group: Group, objective: Objective, to: number) => {
    const ids = group.objectives.map((candidate) => candidate.id).filter((id) => id !== objective.id);
    ids.splice(to, 0, objective.id);
    if (ids.every((id, index) => id === group.objectives[index]?.id)) return;
    dispatch({ _tag: "ReorderObjectives", ids, announcement: `“${objective.title}” moved to position ${to + 1} of ${ids.length}.` });
  };
  const draftLevel = mode === "corporate" ? "corporate" : mode === "teams" || mode === "user-teams" ? "team" : mode === "users" ? "employee" : (writable[0] ?? "employee");
  const mayCreate = writable.length > 0 && (mode === "overview" || writable.includes(draftLevel));

  return (
    <Page>
      <PageHeader
        title={title}
        description="Objectives with their key results and progress. Team objectives support corporate ones; employee objectives support both."
        actions={
          mayCreate ? (
            <Button variant="primary" onClick={() => create({ level: draftLevel, categoryId: mode === "teams" ? unitId : null, ownerUserId: mode === "users" ? userId : null, startsOn: from, endsOn: to })}>
              New objective
            </Button>
          ) : null
        }
      />
      <LinkTabs
        label="Objective views"
        current={mode === "overview" ? "/objectives/overview" : mode === "corporate" ? "/objectives/corporate" : mode === "teams" ? "/objectives/teams" : mode === "users" && userId === me?.id ? `/objectives/users/${me?.id}` : mode === "user-teams" && userId === me?.id ? `/objectives/users/teams/${me?.id}` : ""}
        tabs={[
          { href: "/objectives/overview", label: "Overview" },
          ...(readable.corporate ? [{ href: "/objectives/corporate", label: "Corporate" }] : []),
          ...(readable.teams ? [{ href: "/objectives/teams", label: "Teams" }] : []),
          ...(me ? [{ href: `/objectives/users/${me.id}`, label: "My objectives" }, { href: `/objectives/users/teams/${me.id}`, label: "My teams" }] : []),
        ]}
      />
      <Cluster $gap="md">
        <PeriodPicker period={period} fiscalYearOffset={fiscalYearOffset} />
        {mode === "overview" ? (
          <FilterSelect<number>
            label="Unit"
            value={unitId ?? 0}
            options={[{ value: 0, label: "All units" }, ...context.categories.map((category) => ({ value: category.id, label: category.kind === "team" ? `— ${category.name}` : category.name }))]}
            onChange={(id) => navigate(id === 0 ? "/objectives/overview" : `/objectives/overview/${id}`)}
          />
        ) : null}
      </Cluster>
      {mode === "teams" ? (
        <LinkTabs
          label="Units"
          current={unitId === null ? "/objectives/teams" : `/objectives/teams/${unitId}`}
          tabs={[{ href: "/objectives/teams", label: "All units" }, ...context.categories.map((category) => ({ href: `/objectives/teams/${category.id}`, label: category.name }))]}
        />
      ) : null}
      <ActionError actions={["delete", "reorder"]} />
      <VisuallyHidden role="status" aria-live="polite" data-testid="reorder-announcement">
        {announcement}
      </VisuallyHidden>
      {!list || (list.status === "loading" && shown.length === 0) ? (
        <LoadingState label="Loading the objectives…" />
      ) : list.status === "error" && shown.length === 0 ? (
        <ErrorState message={list.message ?? "The objectives could not be loaded."} onRetry={() => dispatch({ _tag: "LoadObjectives", listKey, query })} />
      ) : groups.length === 0 ? (
        <EmptyState
          title={`No objectives in ${periodLabel(period, fiscalYearOffset)}`}
          text={mayCreate ? "Set the first objective for this period, then add its key results." : "Objectives set for this period show here."}
          action={
            mayCreate ? (
              <Button variant="primary" onClick={() => create({ level: draftLevel, categoryId: mode === "teams" ? unitId : null, ownerUserId: mode === "users" ? userId : null, startsOn: from, endsOn: to })}>
                New objective
              </Button>
            ) : null
          }
        />
      ) : (
        <Stack $gap="xl">
          {groups.map((group) => (
            <GroupSection key={group.key} aria-labelledby={`group-${group.key}`}>
              <h2 id={`group-${group.key}`}>
                {group.title} <span className="count">({group.objectives.length})</span>
              </h2>
              <Stack $gap="md">
                {group.objectives.map((objective, index) => (
                  <ObjectiveCard
                    key={objective.id}
                    objective={objective}
                    statuses={context.statuses}
                    index={index}
                    count={group.objectives.length}
                    onCommand={run}
                    onMove={(moved, position) => reorder(group, moved, position)}
                    onDropOn={(draggedId, target) => {
                      const dragged = group.objectives.find((candidate) => candidate.id === draggedId);
                      if (dragged) reorder(group, dragged, group.objectives.indexOf(target));
                    }}
                  />
                ))}
              </Stack>
            </GroupSection>
          ))}
        </Stack>
      )}
      {dialog}
    </Page>
  );
}

const TITLES: Record<ObjectivesMode, (person: string, unit: string | null) => string> = {
  overview: (_, unit) => (unit ? `Objectives · ${unit}` : "Objectives"),
  corporate: () => "Corporate objectives",
  teams: (_, unit) => (unit ? `Team objectives · ${unit}` : "Team objectives"),
  users: (person) => `Objectives of ${person}`,
  "user-teams": (person) => `Team objectives of ${person}`,
};

const toId = (text: string | undefined): number | null => (text && /^\d+$/.test(text) ? Number(text) : null);

/** A unit and, for a department, its teams. */
const unitAndTeams = (unitId: number, categories: readonly OkrCategory[]) => new Set([unitId, ...categories.filter((category) => category.departmentId === unitId).map((category) => category.id)]);

/** The screen's groups: corporate, then each unit's team objectives (in the structure's order), then each person's, by name. */
export function groupsOf(
  mode: ObjectivesMode,
  objectives: readonly Objective[],
  scope: { unitId: number | null; userId: number | null; categories: readonly OkrCategory[]; memberships: Readonly<Record<number, readonly number[]>> },
): Group[] {
  let shown = objectives;
  if ((mode === "overview" || mode === "teams") && scope.unitId !== null) {
    const units = unitAndTeams(scope.unitId, scope.categories);
    shown = shown.filter((objective) =>
      objective.level === "corporate" ? mode === "overview" : objective.level === "team" ? units.has(objective.category?.id ?? -1) : (scope.memberships[objective.owner?.id ?? -1] ?? []).some((id) => units.has(id)),
    );
  }
  if (mode === "user-teams") {
    const mine = new Set((scope.memberships[scope.userId ?? -1] ?? []).flatMap((id) => [...unitAndTeams(id, scope.categories)]));
    shown = shown.filter((objective) => mine.has(objective.category?.id ?? -1));
  }
  const groups: Group[] = [];
  const corporate = shown.filter((objective) => objective.level === "corporate");
  if (corporate.length > 0) groups.push({ key: "corporate", title: "Corporate", objectives: corporate });
  const order = new Map(scope.categories.map((category, index) => [category.id, index]));
  const teams = new Map<string, Objective[]>();
  for (const objective of shown.filter((candidate) => candidate.level === "team")) teams.set(groupKey(objective), [...(teams.get(groupKey(objective)) ?? []), objective]);
  for (const members of [...teams.values()].sort((a, b) => (order.get(a[0]!.category?.id ?? -1) ?? 999) - (order.get(b[0]!.category?.id ?? -1) ?? 999)))
    groups.push({ key: groupKey(members[0]!), title: `Team · ${members[0]!.category?.name ?? "No unit"}`, objectives: members });
  const people = new Map<string, Objective[]>();
  for (const objective of shown.filter((candidate) => candidate.level === "employee")) people.set(groupKey(objective), [...(people.get(groupKey(objective)) ?? []), objective]);
  for (const members of [...people.values()].sort((a, b) => (a[0]!.owner?.name ?? "").localeCompare(b[0]!.owner?.name ?? "")))
    groups.push({ key: groupKey(members[0]!), title: members[0]!.owner?.name ?? "No owner", objectives: members });
  return groups;
}

const GroupSection = styled.section`
  display: grid;
  gap: ${SPACE.md};
  h2 { font-size: ${TYPE_SCALE.lg.size}; line-height: ${TYPE_SCALE.lg.lineHeight}; font-weight: ${FONT_WEIGHT.semibold}; }
  .count { color: ${(p) => p.theme.textMuted}; font-weight: ${FONT_WEIGHT.regular}; }
`;
