import { Effect } from "effect";
import { concat, concatMap, of, switchMap } from "rxjs";
import { Schema } from "@effect/schema";
import { PermissionGroup } from "../../../contracts/auth";
import type { DomainEvent } from "../../../contracts/messages";
import {
  UserActionFailed,
  UserInvited,
  UserRemoved,
  UsersLoaded,
  UsersLoadFailed,
  UsersLoadStarted,
  UserTwoFactorReset,
  UserUpdated,
  WelcomeEmailSent,
} from "../../../contracts/messages/users";
import { ManagedUser } from "../../../contracts/users";
import type { EpicDeps } from "../../app/deps";
import type { AppState } from "../../app/state";
import type { Epic } from "../../bus/bus";
import { causedBy, ofCommand } from "../../bus/operators";
import { describeApiError, fieldMessagesOf, type ApiError } from "../../effect/errors";
import type { ApiRequest } from "../../effect/http-client";
import { fromEffect } from "../../effect/observable";

type UsersEpic = Epic<AppState, EpicDeps>;

const failed = (action: string) => (error: ApiError): DomainEvent => UserActionFailed.make({ action, message: describeApiError(error), fields: fieldMessagesOf(error) });

/** Users and groups, together; a newer search supersedes a running one. */
export const loadUsers: UsersEpic = ({ command$ }, deps) =>
  command$.pipe(
    ofCommand("LoadUsers"),
    switchMap(({ command, commandId }) => {
      const load = Effect.all(
        [
          deps.api.request({ root: "main", method: "GET", path: "/vw/auth/users/", query: { search: command.search || undefined }, decode: Schema.Array(ManagedUser) }),
          deps.api.request({ root: "main", method: "GET", path: "/permissions/groups/", decode: Schema.Array(PermissionGroup) }),
        ],
        { concurrency: 2 },
      ).pipe(
        Effect.match({
          onSuccess: ([users, groups]): DomainEvent => UsersLoaded.make({ users, groups }),
          onFailure: (error): DomainEvent => UsersLoadFailed.make({ message: describeApiError(error) }),
        }),
      );
      return concat(of(UsersLoadStarted.make({ search: command.search })), fromEffect(load)).pipe(causedBy(commandId));
    }),
  );

/** Changes keep their order (concatMap): a rename then a deactivation arrive as issued. */
export const changeUsers: UsersEpic = ({ command$ }, deps) =>
  command$.pipe(
    ofCommand("InviteUser", "RenameUser", "SetUserActive", "DeleteUser", "SetUserAccess", "ResetUserTwoFactor", "SendWelcomeEmail"),
    concatMap(({ command, commandId }) => {
      const call = <A>(request: ApiRequest<A>, onSuccess: (value: A) => DomainEvent) =>
        fromEffect(deps.api.request(request).pipe(Effect.match({ onSuccess, onFailure: failed(command._tag) })));
      switch (command._tag) {
        case "InviteUser":
          return call(
            { root: "main", method: "POST", path: "/auth/users/", body: { email: command.email, first_name: command.firstName, last_name: command.lastName, groups: command.groupIds, send_welcome_email: true }, decode: ManagedUser },
            (user) => UserInvited.make({ user }),
          ).pipe(causedBy(commandId));
        case "RenameUser":
          return call({ root: "main", method: "PATCH", path: `/auth/users/${command.userId}/`, body: { first_name: command.firstName, last_name: command.lastName }, decode: ManagedUser }, (user) => UserUpdated.make({ user })).pipe(causedBy(commandId));
        case "SetUserActive":
          return call({ root: "main", method: "PATCH", path: `/auth/users/${command.userId}/`, body: { is_active: command.active }, decode: ManagedUser }, (user) => UserUpdated.make({ user })).pipe(causedBy(commandId));
        case "DeleteUser":
          return call({ root: "main", method: "DELETE", path: `/auth/users/${command.userId}/` }, () => UserRemoved.make({ userId: command.userId })).pipe(causedBy(commandId));
        case "SetUserAccess":
          return call(
            { root: "main", method: "PATCH", path: `/permissions/users/${command.userId}/`, body: { groups: command.groupIds, user_permissions: command.grants }, decode: ManagedUser },
            (user) => UserUpdated.make({ user }),
          ).pipe(causedBy(commandId));
        case "ResetUserTwoFactor":
          return call({ root: "main", method: "POST", path: `/auth/users/${command.userId}/reset-2fa/` }, () => UserTwoFactorReset.make({ userId: command.userId })).pipe(causedBy(commandId));
        case "SendWelcomeEmail":
          return call(
            { root: "main", method: "GET", path: `/auth/users/${command.userId}/send-welcome-email/`, idempotent: false, decode: Schema.Struct({ detail: Schema.String }) },
            (answer) => WelcomeEmailSent.make({ userId: command.userId, message: answer.detail }),
          ).pipe(causedBy(commandId));
      }
    }),
  );

export const usersEpics = { loadUsers, changeUsers };
