import { Effect } from "effect";
import { concat, concatMap, exhaustMap, mergeMap, of, switchMap } from "rxjs";
import { Schema } from "@effect/schema";
import { PermissionGroup } from "../../../contracts/auth";
import type { DomainEvent } from "../../../contracts/messages";
import { ToastShown } from "../../../contracts/messages/notifications";
import {
  OutboxLoaded,
  UserActionFailed,
  UserInvited,
  UsersImported,
  UsersImportFailed,
  UsersImportStarted,
  UserRemoved,
  UsersLoaded,
  UsersLoadFailed,
  UsersLoadStarted,
  UserTwoFactorReset,
  UserUpdated,
  WelcomeEmailSent,
} from "../../../contracts/messages/users";
import { ManagedUser, OutboxMail } from "../../../contracts/users";
import type { EpicDeps } from "../../app/deps";
import type { AppState } from "../../app/state";
import type { Epic } from "../../bus/bus";
import { causedBy, ofCommand } from "../../bus/operators";
import { describeApiError, fieldMessagesOf, type ApiError } from "../../effect/errors";
import type { ApiRequest } from "../../effect/http-client";
import { fromEffect, outcome$ } from "../../effect/observable";
import { PERMISSION_DENIED_TEXT } from "../../ui/states";
import { selectCanManageUsers } from "./permissions";
import { userChangeToast } from "./toasts";

type UsersEpic = Epic<AppState, EpicDeps>;

const failed = (action: string) => (error: ApiError): DomainEvent => UserActionFailed.make({ action, message: describeApiError(error), fields: fieldMessagesOf(error) });

/**
 * Users and groups, together; a newer search supersedes a running one. Someone who may not manage
 * users asks the server nothing: the screen shows them only the explanation, and a stray command
 * (a replayed log) ends here with the same words.
 */
export const loadUsers: UsersEpic = ({ command$, state$ }, deps) =>
  command$.pipe(
    ofCommand("LoadUsers"),
    switchMap(({ command, commandId }) =>
      (selectCanManageUsers(state$.value)
        ? concat(of(UsersLoadStarted.make({ search: command.search })), reload(deps, command.search))
        : of(UsersLoadFailed.make({ message: PERMISSION_DENIED_TEXT }))
      ).pipe(causedBy(commandId)),
    ),
  );

/**
 * Changes keep their order (concatMap): a rename then a deactivation arrive as issued. Each
 * outcome is followed by its toast, worded from the command (see toasts.ts).
 */
export const changeUsers: UsersEpic = ({ command$, state$ }, deps) =>
  command$.pipe(
    ofCommand("InviteUser", "RenameUser", "SetUserActive", "DeleteUser", "SetUserAccess", "ResetUserTwoFactor", "SendWelcomeEmail"),
    concatMap(({ command, commandId }) => {
      // The names as the person saw them when they asked: a deleted user is gone from the list afterwards.
      const users = state$.value.users.users;
      const toast = (content: ReturnType<typeof userChangeToast>): DomainEvent[] => (content ? [ToastShown.make({ id: deps.ids(), ...content })] : []);
      const call = <A>(request: ApiRequest<A>, onSuccess: (value: A) => DomainEvent, detail?: (value: A) => string) =>
        fromEffect(
          deps.api.request(request).pipe(
            Effect.match({
              onSuccess: (value): DomainEvent[] => [onSuccess(value), ...toast(userChangeToast(command, { ok: true, ...(detail ? { detail: detail(value) } : {}) }, users))],
              onFailure: (error): DomainEvent[] => [failed(command._tag)(error), ...toast(userChangeToast(command, { ok: false, message: describeApiError(error) }, users))],
            }),
          ),
        ).pipe(
          mergeMap((events) => events),
          causedBy(commandId),
        );
      switch (command._tag) {
        case "InviteUser":
          return call(
            { root: "main", method: "POST", path: "/auth/users/", body: { email: command.email, first_name: command.firstName, last_name: command.lastName, groups: command.groupIds, send_welcome_email: true }, decode: ManagedUser },
            (user) => UserInvited.make({ user }),
          );
        case "RenameUser":
          return call({ root: "main", method: "PATCH", path: `/auth/users/${command.userId}/`, body: { first_name: command.firstName, last_name: command.lastName }, decode: ManagedUser }, (user) => UserUpdated.make({ user }));
        case "SetUserActive":
          return call({ root: "main", method: "PATCH", path: `/auth/users/${command.userId}/`, body: { is_active: command.active }, decode: ManagedUser }, (user) => UserUpdated.make({ user }));
        case "DeleteUser":
          return call({ root: "main", method: "DELETE", path: `/auth/users/${command.userId}/` }, () => UserRemoved.make({ userId: command.userId }));
        case "SetUserAccess":
          return call(
            { root: "main", method: "PATCH", path: `/permissions/users/${command.userId}/`, body: { groups: command.groupIds, user_permissions: command.grants }, decode: ManagedUser },
            (user) => UserUpdated.make({ user }),
          );
        case "ResetUserTwoFactor":
          return call({ root: "main", method: "POST", path: `/auth/users/${command.userId}/reset-2fa/` }, () => UserTwoFactorReset.make({ userId: command.userId }));
        case "SendWelcomeEmail":
          return call(
            { root: "main", method: "GET", path: `/auth/users/${command.userId}/send-welcome-email/`, idempotent: false, decode: Schema.Struct({ detail: Schema.String }) },
            (answer) => WelcomeEmailSent.make({ userId: command.userId, message: answer.detail }),
            (answer) => answer.detail,
          );
      }
    }),
  );

export const downloadTemplate: UsersEpic = ({ command$ }, deps) =>
  command$.pipe(
    ofCommand("DownloadUsersTemplate"),
    exhaustMap(({ commandId }) =>
      fromEffect(
        deps.api.request<Blob>({ root: "main", method: "GET", path: "/auth/users/template/", expect: "blob" }).pipe(
          Effect.match({
            onSuccess: (file) => {
              deps.saveFile(file, "meridian-users-template.xlsx");
              return null;
            },
            onFailure: failed("DownloadUsersTemplate"),
          }),
        ),
      ).pipe(
        mergeMap((event) => (event ? [event] : [])),
        causedBy(commandId),
      ),
    ),
  );

/** The filled-in template: all users or none; the answer says how many welcome mails went out. */
export const importUsers: UsersEpic = ({ command$, state$ }, deps) =>
  command$.pipe(
    ofCommand("ImportUsers"),
    exhaustMap(({ command, commandId }) => {
      const form = new FormData();
      form.append("file", command.file, command.fileName);
      const upload = deps.api
        .request({ root: "main", method: "POST", path: "/auth/users/template/", body: form, decode: ImportAnswer, timeoutMs: 120_000 })
        .pipe(
          Effect.match({
            onSuccess: (answer): DomainEvent => UsersImported.make({ created: answer.created, message: answer.detail, failures: answer.failures }),
            onFailure: (error): DomainEvent => {
              const body = ("body" in error ? error.body : null) as { rows?: string[]; detail?: string[]; file?: string[] } | null;
              return UsersImportFailed.make({ message: body?.detail?.[0] ?? body?.file?.[0] ?? describeApiError(error), rows: body?.rows ?? [] });
            },
          }),
        );
      return concat(
        of(UsersImportStarted.make({ fileName: command.fileName })),
        fromEffect(upload).pipe(
          mergeMap((event) => (event._tag === "UsersImported" ? concat(of(event), reload(deps, state$.value.users.load.search)) : of(event))),
        ),
      ).pipe(causedBy(commandId));
    }),
  );

const ImportAnswer = Schema.Struct({ created: Schema.Number, detail: Schema.String, failures: Schema.Array(Schema.Struct({ email: Schema.String, error: Schema.String })) });

/** The list again, after an import. */
function reload(deps: EpicDeps, search: string) {
  return fromEffect(
    Effect.all(
      [
        deps.api.request({ root: "main", method: "GET", path: "/vw/auth/users/", query: { search: search || undefined }, decode: Schema.Array(ManagedUser) }),
        deps.api.request({ root: "main", method: "GET", path: "/permissions/groups/", decode: Schema.Array(PermissionGroup) }),
      ],
      { concurrency: 2 },
    ).pipe(
      Effect.match({
        onSuccess: ([users, groups]): DomainEvent => UsersLoaded.make({ users, groups }),
        onFailure: (error): DomainEvent => UsersLoadFailed.make({ message: describeApiError(error) }),
      }),
    ),
  );
}

/** The company's outbox: what was sent or stored, newest first. */
export const loadOutbox: UsersEpic = ({ command$ }, deps) =>
  command$.pipe(
    ofCommand("LoadOutbox"),
    switchMap(({ commandId }) =>
      fromEffect(
        deps.api.request({ root: "main", method: "GET", path: "/outbox/", decode: Schema.Array(OutboxMail) }).pipe(
          Effect.match({
            onSuccess: (mails): DomainEvent =>
              OutboxLoaded.make({
                mails: mails.map((mail) => ({ id: mail.id, to: mail.to, subject: mail.subject, status: mail.status, error: mail.error, at: new Date(mail.sent_at ?? mail.created_at).toISOString() })),
              }),
            onFailure: failed("LoadOutbox"),
          }),
        ),
      ).pipe(causedBy(commandId)),
    ),
  );

export const usersEpics = { loadUsers, changeUsers, downloadTemplate, importUsers, loadOutbox };
