import type { ManagedUser } from "../../../contracts/users";
import type { Command } from "../../../contracts/messages";
import type { ToastContent } from "../notifications/toast-rules";

/** The commands of user management that change something, each with a toast for its outcome. */
export type UserChange = Extract<Command, { _tag: "InviteUser" | "RenameUser" | "SetUserActive" | "DeleteUser" | "SetUserAccess" | "ResetUserTwoFactor" | "SendWelcomeEmail" }>;

/**
 * The toast for one change's outcome, named by the person's e-mail (what the table shows).
 * Worded from the command, not the event: a deactivation, an activation and an edit all answer
 * UserUpdated. A rename is half of an edit whose access change says "Saved", so it stays silent.
 */
export function userChangeToast(change: UserChange, outcome: { ok: true; detail?: string } | { ok: false; message: string }, users: readonly ManagedUser[]): ToastContent | null {
  const who = change._tag === "InviteUser" ? change.email.trim() || "the user" : (users.find((user) => user.id === change.userId)?.email ?? "the user");
  // The form shows its own failures next to its fields; a second copy in a toast would only repeat them.
  if (!outcome.ok) return FORM_CHANGES.has(change._tag) ? null : { tone: "error", text: `${FAILED[change._tag]} ${who}: ${outcome.message}`, action: null };
  switch (change._tag) {
    case "InviteUser":
      return { tone: "success", text: `Invited ${who}. The welcome e-mail is on its way.`, action: null };
    case "RenameUser":
      return null;
    case "SetUserAccess":
      return { tone: "success", text: `Saved ${who}`, action: null };
    case "SetUserActive":
      return { tone: "success", text: change.active ? `Activated ${who}` : `Deactivated ${who}: they can no longer sign in`, action: null };
    case "DeleteUser":
      return { tone: "success", text: `Deleted ${who}`, action: null };
    case "ResetUserTwoFactor":
      return { tone: "success", text: `Reset two-factor authentication of ${who}: they set it up again at their next sign-in`, action: null };
    case "SendWelcomeEmail":
      return { tone: "success", text: outcome.detail ?? `Sent a new invitation to ${who}`, action: null };
  }
}

/** The changes made through the invite / edit form, whose errors the form shows. */
const FORM_CHANGES: ReadonlySet<UserChange["_tag"]> = new Set(["InviteUser", "RenameUser", "SetUserAccess"]);

const FAILED: Record<UserChange["_tag"], string> = {
  InviteUser: "Could not invite",
  RenameUser: "Could not rename",
  SetUserAccess: "Could not change the access of",
  SetUserActive: "Could not change the status of",
  DeleteUser: "Could not delete",
  ResetUserTwoFactor: "Could not reset two-factor authentication of",
  SendWelcomeEmail: "Could not send the invitation to",
};
