import type { IssueGroup } from "../../contracts/issues";

export type ActionState = "open" | "in_progress" | "done";

/** How each status is named on screen (spec section 3: open, in progress, done). */
export const ACTION_STATUS_LABELS: Readonly<Record<ActionState, string>> = { open: "Open", in_progress: "In progress", done: "Done" };

/** The facts of an action the rules below read. Dates are calendar dates, YYYY-MM-DD. */
export interface ActionFacts {
  readonly status: ActionState;
  readonly dueDate: string | null;
  /** The company's calendar date it was marked done, if it is. */
  readonly doneOn: string | null;
}

/** Overdue: not done, and its due date is before today (due today is still in time). */
export const isOverdue = (action: ActionFacts, today: string) => action.status !== "done" && action.dueDate !== null && action.dueDate < today;

/**
 * Where an action stands in the issues view: active while overdue, inactive once done after its
 * due date (settled, but late: worth seeing in a review), none otherwise.
 */
export function actionIssueGroup(action: ActionFacts, today: string): Extract<IssueGroup, "active" | "inactive"> | null {
  if (isOverdue(action, today)) return "active";
  if (action.status === "done" && action.dueDate !== null && action.doneOn !== null && action.doneOn > action.dueDate) return "inactive";
  return null;
}

/** Who may do what with comments and actions, beyond reading the KPI (which everything needs). */
export interface Participant {
  readonly userId: number;
  /** Staff or a holder of manage_company_settings: the company's administrators. */
  readonly administrator: boolean;
}

/** A comment is edited by its author only: nobody puts words in another's mouth. */
export const mayEditComment = (who: Participant, authorId: number) => who.userId === authorId;
/** A comment is deleted by its author or an administrator (moderation). */
export const mayDeleteComment = (who: Participant, authorId: number) => who.userId === authorId || who.administrator;
/** An action is changed (reassigned, moved on, re-dated) or deleted by its assignee, its creator or an administrator. */
export const mayChangeAction = (who: Participant, action: { readonly assignedUserId: number; readonly createdBy: number }) =>
  who.administrator || who.userId === action.assignedUserId || who.userId === action.createdBy;
