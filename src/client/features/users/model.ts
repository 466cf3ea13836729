import { castDraft, produce } from "immer";
import type { PermissionGroup } from "../../../contracts/auth";
import type { ManagedUser } from "../../../contracts/users";
import type { Reducer } from "../../bus/store";

/** How one change (an invitation, an edit, a deactivation) ended: the form that sent it reads its errors here. */
export interface ChangeOutcome {
  readonly ok: boolean;
  readonly message: string | null;
  readonly fields: Readonly<Record<string, readonly string[]>>;
}

/** Outcomes kept, newest last: enough for the forms open at once, without growing over a session. */
const OUTCOMES_KEPT = 20;

/** The user list of settings/user-management and how the latest changes ended (their toasts say it to the person). */
export interface UsersModel {
  readonly load: { readonly status: "idle" | "loading" | "loaded" | "error"; readonly message: string | null; readonly search: string };
  readonly users: readonly ManagedUser[];
  readonly groups: readonly (typeof PermissionGroup.Type)[];
  /** By the id of the command that made the change. */
  readonly outcomes: Readonly<Record<string, ChangeOutcome>>;
  readonly outbox: readonly { readonly id: number; readonly to: string; readonly subject: string; readonly status: string; readonly error: string | null; readonly at: string }[];
  readonly importing: { readonly status: "idle" | "loading" | "done" | "error"; readonly message: string | null; readonly lines: readonly string[] };
}

export const initialUsers: UsersModel = { load: { status: "idle", message: null, search: "" }, users: [], groups: [], outcomes: {}, outbox: [], importing: { status: "idle", message: null, lines: [] } };

const withOutcome = (outcomes: UsersModel["outcomes"], commandId: string | undefined, outcome: ChangeOutcome): UsersModel["outcomes"] =>
  commandId ? Object.fromEntries([...Object.entries(outcomes).filter(([id]) => id !== commandId), [commandId, outcome] as const].slice(-OUTCOMES_KEPT)) : outcomes;

const SUCCEEDED: ChangeOutcome = { ok: true, message: null, fields: {} };

const replace = (users: readonly ManagedUser[], user: ManagedUser) => users.map((candidate) => (candidate.id === user.id ? user : candidate));

export const usersReducer: Reducer<UsersModel> = (model, event, envelope) => {
  switch (event._tag) {
    case "UsersLoadStarted":
      return produce(model, (draft) => {
        draft.load = { status: "loading", message: null, search: event.search };
      });
    case "UsersLoaded":
      return produce(model, (draft) => {
        draft.load.status = "loaded";
        draft.users = castDraft(event.users);
        draft.groups = castDraft(event.groups);
      });
    case "UsersLoadFailed":
      return produce(model, (draft) => {
        draft.load.status = "error";
        draft.load.message = event.message;
      });
    case "UserInvited":
      return produce(model, (draft) => {
        draft.users = castDraft([...model.users, event.user]);
        draft.outcomes = castDraft(withOutcome(model.outcomes, envelope.commandId, SUCCEEDED));
      });
    case "UserUpdated":
      return produce(model, (draft) => {
        draft.users = castDraft(replace(model.users, event.user));
        draft.outcomes = castDraft(withOutcome(model.outcomes, envelope.commandId, SUCCEEDED));
      });
    case "UserRemoved":
      return produce(model, (draft) => {
        draft.users = castDraft(model.users.filter((user) => user.id !== event.userId));
        draft.outcomes = castDraft(withOutcome(model.outcomes, envelope.commandId, SUCCEEDED));
      });
    case "UserTwoFactorReset":
      return produce(model, (draft) => {
        const user = draft.users.find((candidate) => candidate.id === event.userId);
        if (user) user.two_factor_enabled = false;
        draft.outcomes = castDraft(withOutcome(model.outcomes, envelope.commandId, SUCCEEDED));
      });
    case "WelcomeEmailSent":
      return produce(model, (draft) => {
        draft.outcomes = castDraft(withOutcome(model.outcomes, envelope.commandId, SUCCEEDED));
      });
    case "UserActionFailed":
      return produce(model, (draft) => {
        draft.outcomes = castDraft(withOutcome(model.outcomes, envelope.commandId, { ok: false, message: event.message, fields: event.fields }));
      });
    case "OutboxLoaded":
      return produce(model, (draft) => {
        draft.outbox = castDraft(event.mails);
      });
    case "UsersImportStarted":
      return produce(model, (draft) => {
        draft.importing = { status: "loading", message: null, lines: [] };
      });
    case "UsersImported":
      return produce(model, (draft) => {
        draft.importing = { status: "done", message: `${event.created} users imported. ${event.message}`, lines: event.failures.map((failure) => `${failure.email}: ${failure.error}`) };
      });
    case "UsersImportFailed":
      return produce(model, (draft) => {
        draft.importing = { status: "error", message: event.message, lines: [...event.rows] };
      });
    case "SignedOut":
      return initialUsers;
    default:
      return model;
  }
};
