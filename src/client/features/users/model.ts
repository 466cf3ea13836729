import { castDraft, produce } from "immer";
import type { PermissionGroup } from "../../../contracts/auth";
import type { ManagedUser } from "../../../contracts/users";
import type { Reducer } from "../../bus/store";

/** The user list of settings/user-management and the outcome of the last action. */
export interface UsersModel {
  readonly load: { readonly status: "idle" | "loading" | "loaded" | "error"; readonly message: string | null; readonly search: string };
  readonly users: readonly ManagedUser[];
  readonly groups: readonly (typeof PermissionGroup.Type)[];
  readonly notice: { readonly kind: "success" | "error"; readonly text: string; readonly fields: Readonly<Record<string, readonly string[]>> } | null;
  readonly outbox: readonly { readonly id: number; readonly to: string; readonly subject: string; readonly status: string; readonly error: string | null; readonly at: string }[];
  readonly importing: { readonly status: "idle" | "loading" | "done" | "error"; readonly message: string | null; readonly lines: readonly string[] };
}

export const initialUsers: UsersModel = { load: { status: "idle", message: null, search: "" }, users: [], groups: [], notice: null, outbox: [], importing: { status: "idle", message: null, lines: [] } };

const replace = (users: readonly ManagedUser[], user: ManagedUser) => users.map((candidate) => (candidate.id === user.id ? user : candidate));

export const usersReducer: Reducer<UsersModel> = (model, event) => {
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
        draft.notice = { kind: "success", text: `${event.user.email} was invited.`, fields: {} };
      });
    case "UserUpdated":
      return produce(model, (draft) => {
        draft.users = castDraft(replace(model.users, event.user));
        draft.notice = null;
      });
    case "UserRemoved":
      return produce(model, (draft) => {
        draft.users = castDraft(model.users.filter((user) => user.id !== event.userId));
        draft.notice = { kind: "success", text: "The user was deleted.", fields: {} };
      });
    case "UserTwoFactorReset":
      return produce(model, (draft) => {
        const user = draft.users.find((candidate) => candidate.id === event.userId);
        if (user) user.two_factor_enabled = false;
        draft.notice = { kind: "success", text: "Two-factor authentication was reset; the user sets it up again at the next sign-in.", fields: {} };
      });
    case "WelcomeEmailSent":
      return produce(model, (draft) => {
        draft.notice = { kind: "success", text: event.message, fields: {} };
      });
    case "UserActionFailed":
      return produce(model, (draft) => {
        draft.notice = castDraft({ kind: "error" as const, text: event.message, fields: event.fields });
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
