import { Schema } from "@effect/schema";
import { PermissionGroup } from "../auth";
import { ManagedUser } from "../users";

/** User management (settings/user-management). */

// ── commands ────────────────────────────────────────────────────────────────
export class LoadUsers extends Schema.TaggedStruct("LoadUsers", { search: Schema.String }) {}
export class InviteUser extends Schema.TaggedStruct("InviteUser", {
  email: Schema.String,
  firstName: Schema.String,
  lastName: Schema.String,
  groupIds: Schema.Array(Schema.Number),
}) {}
export class RenameUser extends Schema.TaggedStruct("RenameUser", { userId: Schema.Number, firstName: Schema.String, lastName: Schema.String }) {}
export class SetUserActive extends Schema.TaggedStruct("SetUserActive", { userId: Schema.Number, active: Schema.Boolean }) {}
export class DeleteUser extends Schema.TaggedStruct("DeleteUser", { userId: Schema.Number }) {}
export class SetUserAccess extends Schema.TaggedStruct("SetUserAccess", {
  userId: Schema.Number,
  groupIds: Schema.Array(Schema.Number),
  grants: Schema.Array(Schema.String),
}) {}
export class ResetUserTwoFactor extends Schema.TaggedStruct("ResetUserTwoFactor", { userId: Schema.Number }) {}
export class SendWelcomeEmail extends Schema.TaggedStruct("SendWelcomeEmail", { userId: Schema.Number }) {}

export class DownloadUsersTemplate extends Schema.TaggedStruct("DownloadUsersTemplate", {}) {}
/** The filled-in template; the file itself is not kept in a session log. */
export class ImportUsers extends Schema.TaggedStruct("ImportUsers", {
  file: Schema.declare((value: unknown): value is Blob => typeof Blob !== "undefined" && value instanceof Blob),
  fileName: Schema.String,
}) {}

export class LoadOutbox extends Schema.TaggedStruct("LoadOutbox", {}) {}

export const UsersCommand = Schema.Union(LoadOutbox, LoadUsers, InviteUser, RenameUser, SetUserActive, DeleteUser, SetUserAccess, ResetUserTwoFactor, SendWelcomeEmail, DownloadUsersTemplate, ImportUsers);

// ── events ──────────────────────────────────────────────────────────────────
const FieldMessages = Schema.Record({ key: Schema.String, value: Schema.Array(Schema.String) });

export class UsersLoadStarted extends Schema.TaggedStruct("UsersLoadStarted", { search: Schema.String }) {}
export class UsersLoaded extends Schema.TaggedStruct("UsersLoaded", { users: Schema.Array(ManagedUser), groups: Schema.Array(PermissionGroup) }) {}
export class UsersLoadFailed extends Schema.TaggedStruct("UsersLoadFailed", { message: Schema.String }) {}
export class UserInvited extends Schema.TaggedStruct("UserInvited", { user: ManagedUser }) {}
/** The server's answer after a change: the user as it now is. */
export class UserUpdated extends Schema.TaggedStruct("UserUpdated", { user: ManagedUser }) {}
export class UserRemoved extends Schema.TaggedStruct("UserRemoved", { userId: Schema.Number }) {}
export class UserTwoFactorReset extends Schema.TaggedStruct("UserTwoFactorReset", { userId: Schema.Number }) {}
export class WelcomeEmailSent extends Schema.TaggedStruct("WelcomeEmailSent", { userId: Schema.Number, message: Schema.String }) {}
export class UserActionFailed extends Schema.TaggedStruct("UserActionFailed", { action: Schema.String, message: Schema.String, fields: FieldMessages }) {}

export class UsersImportStarted extends Schema.TaggedStruct("UsersImportStarted", { fileName: Schema.String }) {}
export class UsersImported extends Schema.TaggedStruct("UsersImported", {
  created: Schema.Number,
  message: Schema.String,
  failures: Schema.Array(Schema.Struct({ email: Schema.String, error: Schema.String })),
}) {}
/** The 'erroneous' answer: nothing was imported; every bad row, one per line. */
export class UsersImportFailed extends Schema.TaggedStruct("UsersImportFailed", { message: Schema.String, rows: Schema.Array(Schema.String) }) {}

export class OutboxLoaded extends Schema.TaggedStruct("OutboxLoaded", {
  mails: Schema.Array(Schema.Struct({ id: Schema.Number, to: Schema.String, subject: Schema.String, status: Schema.String, error: Schema.NullOr(Schema.String), at: Schema.String })),
}) {}

export const UsersEvent = Schema.Union(
  OutboxLoaded,
  UsersImportStarted,
  UsersImported,
  UsersImportFailed,UsersLoadStarted, UsersLoaded, UsersLoadFailed, UserInvited, UserUpdated, UserRemoved, UserTwoFactorReset, WelcomeEmailSent, UserActionFailed);
