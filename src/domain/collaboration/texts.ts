/** The collaboration texts the server answers with. */
export const KPI_NOT_READABLE = "This KPI does not exist or you may not read it.";
export const COMMENT_EDIT_FORBIDDEN = "Only its author may edit a comment.";
export const COMMENT_DELETE_FORBIDDEN = "Only its author or an administrator may delete a comment.";
export const ACTION_CHANGE_FORBIDDEN = "Only the person it is assigned to, its creator or an administrator may change this action.";
export const ACTION_COMMENT_DELETE_FORBIDDEN = "Only its author or an administrator may delete a comment.";
export const ALREADY_AN_ACTION = "This comment is already an action.";
export const ASSIGNEE_UNKNOWN = "Choose an active person of your company.";
export const ASSIGNEE_MAY_NOT_READ = "This person may not read this KPI, so the action cannot be theirs.";
export const ACTION_COMMENT_UNKNOWN = "This comment is not in this action's thread.";
export const NOTHING_TO_CHANGE = "Change the assignee, the status or the due date.";
