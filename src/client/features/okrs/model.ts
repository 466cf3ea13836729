import { castDraft, produce, type Draft as ImmerDraft } from "immer";
import type { OkrAction, ObjectivesQuery, OkrPeriod } from "../../../contracts/messages/okrs";
import type { CheckIn, ExternalTask, KeyResultSuggestion, Objective, OkrCategory, OkrLevel, OkrPerson, StatusOption } from "../../../contracts/okrs";
import type { Reducer } from "../../bus/store";

type LoadStatus = "idle" | "loading" | "loaded" | "error";
interface Load {
  readonly status: LoadStatus;
  readonly message: string | null;
}

export interface ObjectiveList extends Load {
  readonly query: ObjectivesQuery;
  readonly objectives: readonly Objective[];
}

export interface OpenObjective extends Load {
  readonly objective: Objective | null;
  readonly notFound: boolean;
}

/** Objectives, key results, milestones and check-ins (issue 16): the /objectives screens. */
export interface OkrsModel {
  /** Statuses, units, people (and their units): what the screens and forms choose from. */
  readonly context: Load & {
    readonly statuses: readonly StatusOption[];
    readonly categories: readonly OkrCategory[];
    readonly people: readonly OkrPerson[];
    readonly memberships: Readonly<Record<number, readonly number[]>>;
  };
  /** The period the lists show; null until the person (or the screen's default) chooses. */
  readonly period: OkrPeriod | null;
  /** Each screen's list, by its key. */
  readonly lists: Readonly<Record<string, ObjectiveList>>;
  /** Objectives open on their own screen. */
  readonly open: Readonly<Record<number, OpenObjective>>;
  readonly checkIns: Readonly<Record<number, Load & { readonly checkIns: readonly CheckIn[] }>>;
  readonly externalTasks: Readonly<Record<number, Load & { readonly tasks: readonly ExternalTask[] }>>;
  readonly suggestion: { readonly status: LoadStatus; readonly kpiId: number | null; readonly value: KeyResultSuggestion | null; readonly message: string | null };
  /** The change running or failed last: its form shows busy, or the server's messages. */
  readonly action: { readonly status: "idle" | "busy" | "error"; readonly action: OkrAction | null; readonly message: string | null; readonly fields: Readonly<Record<string, readonly string[]>> };
  /** What the live region reads after a reorder ("… moved to position 2 of 4."). */
  readonly announcement: string;
}

const IDLE_ACTION: OkrsModel["action"] = { status: "idle", action: null, message: null, fields: {} };

export const initialOkrs: OkrsModel = {
  context: { status: "idle", message: null, statuses: [], categories: [], people: [], memberships: {} },
  period: null,
  lists: {},
  open: {},
  checkIns: {},
  externalTasks: {},
  suggestion: { status: "idle", kpiId: null, value: null, message: null },
  action: IDLE_ACTION,
  announcement: "",
};

const LEVEL_ORDER: Record<OkrLevel, number> = { corporate: 0, team: 1, employee: 2 };

/** The server's order: by level, then position (then id, so equal positions stay put). */
export const inObjectiveOrder = (objectives: readonly Objective[]): Objective[] =>
  [...objectives].sort((a, b) => LEVEL_ORDER[a.level] - LEVEL_ORDER[b.level] || a.position - b.position || a.id - b.id);

/** Whether an objective belongs in a list: its level, unit, owner, and a period that overlaps the list's. */
export function matchesQuery(objective: Objective, query: ObjectivesQuery): boolean {
  if (query.level !== null && objective.level !== query.level) return false;
  if (query.categoryId !== null && objective.category?.id !== query.categoryId) return false;
  if (query.ownerUserId !== null && objective.owner?.id !== query.ownerUserId) return false;
  return objective.startsOn <= query.to && objective.endsOn >= query.from;
}

/** The objectives of a list whose key results follow one of these KPIs (all KPI-fed ones when `kpiIds` is null). */
export const followsKpis = (objectives: readonly Objective[], kpiIds: ReadonlySet<number> | null): boolean =>
  objectives.some((objective) => objective.keyResults.some((keyResult) => keyResult.kpi !== null && (kpiIds === null || kpiIds.has(keyResult.kpi.id))));

export const okrsReducer: Reducer<OkrsModel> = (model, event) => {
  switch (event._tag) {
    case "OkrContextLoadStarted":
      return produce(model, (draft) => {
        draft.context.status = draft.context.status === "loaded" ? "loaded" : "loading";
        draft.context.message = null;
      });
    case "OkrContextLoaded":
      return produce(model, (draft) => {
        draft.context = castDraft({
          status: "loaded" as const,
          message: null,
          statuses: [...event.statuses].sort((a, b) => a.position - b.position),
          categories: event.categories,
          people: [...event.people].sort((a, b) => a.name.localeCompare(b.name)),
          memberships: Object.fromEntries(event.memberships.map((membership) => [membership.userId, membership.unitIds])),
        });
      });
    case "OkrContextLoadFailed":
      return produce(model, (draft) => {
        draft.context.status = "error";
        draft.context.message = event.message;
      });
    case "OkrPeriodChosen":
      return produce(model, (draft) => {
        draft.period = event.period;
      });
    case "ObjectivesLoadStarted":
      return produce(model, (draft) => {
        const known = draft.lists[event.listKey];
        const sameQuery = known && JSON.stringify(known.query) === JSON.stringify(event.query);
        // A reload of the same list keeps showing it; another query shows loading.
        draft.lists[event.listKey] = castDraft(
          sameQuery && known.status === "loaded" ? { ...known, message: null } : { status: "loading" as const, message: null, query: event.query, objectives: sameQuery ? known.objectives : [] },
        );
      });
    case "ObjectivesLoaded":
      return produce(model, (draft) => {
        draft.lists[event.listKey] = castDraft({ status: "loaded" as const, message: null, query: event.query, objectives: inObjectiveOrder(event.objectives) });
      });
    case "ObjectivesLoadFailed":
      return produce(model, (draft) => {
        const known = draft.lists[event.listKey];
        if (!known) return;
        known.status = "error";
        known.message = event.message;
      });
    case "ObjectiveLoadStarted":
      return produce(model, (draft) => {
        const known = draft.open[event.objectiveId];
        draft.open[event.objectiveId] = castDraft(known?.status === "loaded" ? known : { status: "loading" as const, message: null, objective: null, notFound: false });
      });
    case "ObjectiveLoaded":
      return produce(model, (draft) => {
        draft.open[event.objective.id] = castDraft({ status: "loaded" as const, message: null, objective: event.objective, notFound: false });
        replaceInLists(draft, event.objective, false);
      });
    case "ObjectiveLoadFailed":
      return produce(model, (draft) => {
        draft.open[event.objectiveId] = { status: "error", message: event.message, objective: null, notFound: event.notFound };
        if (event.notFound) removeFromLists(draft, event.objectiveId);
      });
    case "CheckInsLoaded":
      return produce(model, (draft) => {
        draft.checkIns[event.keyResultId] = castDraft({ status: "loaded" as const, message: null, checkIns: event.checkIns });
      });
    case "CheckInsLoadFailed":
      return produce(model, (draft) => {
        draft.checkIns[event.keyResultId] = { status: "error", message: event.message, checkIns: draft.checkIns[event.keyResultId]?.checkIns ?? [] };
      });
    case "ExternalTasksLoaded":
      return produce(model, (draft) => {
        draft.externalTasks[event.objectiveId] = castDraft({ status: "loaded" as const, message: null, tasks: event.tasks });
      });
    case "ExternalTasksLoadFailed":
      return produce(model, (draft) => {
        draft.externalTasks[event.objectiveId] = { status: "error", message: event.message, tasks: [] };
      });
    case "OkrActionStarted":
      return produce(model, (draft) => {
        draft.action = { status: "busy", action: event.action, message: null, fields: {} };
      });
    case "OkrActionFailed":
      return produce(model, (draft) => {
        draft.action = castDraft({ status: "error" as const, action: event.action, message: event.message, fields: event.fields });
      });
    case "OkrActionSucceeded":
      return produce(model, (draft) => {
        draft.action = castDraft(IDLE_ACTION);
      });
    case "ObjectiveSaved":
      return produce(model, (draft) => {
        draft.action = castDraft(IDLE_ACTION);
        const open = draft.open[event.objective.id];
        if (open || event.created) draft.open[event.objective.id] = castDraft({ status: "loaded" as const, message: null, objective: event.objective, notFound: false });
        replaceInLists(draft, event.objective, true);
      });
    case "ObjectiveRemoved":
      return produce(model, (draft) => {
        draft.action = castDraft(IDLE_ACTION);
        removeFromLists(draft, event.objectiveId);
        if (draft.open[event.objectiveId]) draft.open[event.objectiveId] = { status: "error", message: "This objective was deleted.", objective: null, notFound: true };
        // Parents and children that are open lose their link to it.
        for (const open of Object.values(draft.open)) {
          if (!open.objective) continue;
          open.objective.parents = open.objective.parents.filter((parent) => parent.id !== event.objectiveId);
          open.objective.children = open.objective.children.filter((child) => child.id !== event.objectiveId);
        }
      });
    case "ObjectivesReordered":
      return produce(model, (draft) => {
        draft.action = castDraft(IDLE_ACTION);
        draft.announcement = event.announcement;
        const positions = new Map(event.ids.map((id, index) => [id, index]));
        for (const list of Object.values(draft.lists)) {
          for (const objective of list.objectives) {
            const position = positions.get(objective.id);
            if (position !== undefined) objective.position = position;
          }
          list.objectives = castDraft(inObjectiveOrder(list.objectives as Objective[]));
        }
        for (const open of Object.values(draft.open)) {
          const position = open.objective ? positions.get(open.objective.id) : undefined;
          if (open.objective && position !== undefined) open.objective.position = position;
        }
      });
    case "KeyResultsReordered":
      return produce(model, (draft) => {
        draft.action = castDraft(IDLE_ACTION);
        draft.announcement = event.announcement;
        const positions = new Map(event.ids.map((id, index) => [id, index]));
        const reorder = (objective: { keyResults: { id: number; position: number }[] }) => {
          for (const keyResult of objective.keyResults) keyResult.position = positions.get(keyResult.id) ?? keyResult.position;
          objective.keyResults.sort((a, b) => a.position - b.position || a.id - b.id);
        };
        const open = draft.open[event.objectiveId]?.objective;
        if (open) reorder(open);
        for (const list of Object.values(draft.lists)) for (const objective of list.objectives) if (objective.id === event.objectiveId) reorder(objective);
      });
    case "KeyResultSuggested":
      return produce(model, (draft) => {
        draft.suggestion = castDraft({ status: "loaded" as const, kpiId: event.kpiId, value: event.suggestion, message: null });
      });
    case "KeyResultSuggestionFailed":
      return produce(model, (draft) => {
        draft.suggestion = { status: "error", kpiId: event.kpiId, value: null, message: event.message };
      });
    case "KeyResultCheckedIn":
      return produce(model, (draft) => {
        const known = draft.checkIns[event.keyResultId];
        if (known) known.checkIns = castDraft([event.checkIn, ...known.checkIns.filter((checkIn) => checkIn.id !== event.checkIn.id)]);
      });
    case "SignedOut":
      return initialOkrs;
    default:
      return model;
  }
};

type Draft = ImmerDraft<OkrsModel>;

/** An objective as it now is, in every list that shows it; a change of level, unit, owner or period moves it in or out. */
function replaceInLists(draft: Draft, objective: Objective, mayEnter: boolean) {
  for (const list of Object.values(draft.lists)) {
    const others = list.objectives.filter((candidate) => candidate.id !== objective.id) as Objective[];
    const present = others.length !== list.objectives.length;
    const belongs = matchesQuery(objective, list.query);
    if (belongs && (present || mayEnter)) list.objectives = castDraft(inObjectiveOrder([...others, objective]));
    else if (present && !belongs) list.objectives = castDraft(others);
    // Links to it elsewhere follow its title.
    for (const other of list.objectives) {
      for (const link of [...other.parents, ...other.children]) if (link.id === objective.id) link.title = objective.title;
    }
  }
}

function removeFromLists(draft: Draft, objectiveId: number) {
  for (const list of Object.values(draft.lists)) {
    list.objectives = list.objectives.filter((objective) => objective.id !== objectiveId);
    for (const objective of list.objectives) {
      objective.parents = objective.parents.filter((parent) => parent.id !== objectiveId);
      objective.children = objective.children.filter((child) => child.id !== objectiveId);
    }
  }
}
