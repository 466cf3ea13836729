import { Schema } from "@effect/schema";
import { List, RecordId, Text } from "./fields";
import { Sensitive } from "./sensitive";

const Trimmed = Text(150);
/** Groups and grants of one user: a company has a handful of each. */
const GroupIds = List(RecordId, 100);

/** A user as user management lists it (GET /api/vw/auth/users/). */
export const ManagedUser = Schema.Struct({
  id: Schema.Number,
  email: Schema.String,
  first_name: Schema.String,
  last_name: Schema.String,
  is_active: Schema.Boolean,
  is_staff: Schema.Boolean,
  groups: Schema.Array(Schema.Struct({ id: Schema.Number, name: Schema.String })),
  user_permissions: Schema.Array(Schema.String),
  two_factor_enabled: Schema.Boolean,
  last_login: Schema.NullOr(Schema.String),
});
export type ManagedUser = typeof ManagedUser.Type;

/** POST /api/auth/users/ */
export const NewUser = Schema.Struct({
  email: Schema.String.pipe(Schema.minLength(1, { message: () => "This field may not be blank." }), Schema.maxLength(254), Schema.pattern(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, { message: () => "Enter a valid email address." })),
  first_name: Schema.optional(Trimmed),
  last_name: Schema.optional(Trimmed),
  password: Schema.optional(Sensitive(Text(1024))),
  groups: Schema.optional(GroupIds),
  send_welcome_email: Schema.optional(Schema.Boolean),
});
export type NewUser = typeof NewUser.Type;

/** PATCH /api/auth/users/{id}/ */
export const UserChange = Schema.Struct({
  first_name: Schema.optional(Trimmed),
  last_name: Schema.optional(Trimmed),
  is_active: Schema.optional(Schema.Boolean),
});

/** PATCH /api/permissions/users/{id}/ */
export const PermissionChange = Schema.Struct({
  groups: Schema.optional(GroupIds),
  user_permissions: Schema.optional(List(Text(64), 100)),
});

/** The permissions an administrator grants to a single user, beyond the groups. */
export const PER_USER_GRANTS = ["can_build_kpis", "access_liquidity_planning", "read_liquidity_scenarios", "write_liquidity_scenarios", "approve_liquidity_scenarios"] as const;

export const EMAIL_TAKEN = "A user with that email already exists.";
export const CANNOT_CHANGE_YOURSELF = "You cannot deactivate or delete your own account.";
export const GENERATED_PASSWORD_LENGTH = 30;
export const sentMessage = (count: number) => `Successfully sent ${count} e-mails.`;

/** GET /api/outbox/: the company's recent mails, without bodies (they carry sign-in links). */
export const OutboxMail = Schema.Struct({
  id: Schema.Number,
  to: Schema.String,
  subject: Schema.String,
  transport: Schema.Literal("smtp", "outbox"),
  status: Schema.Literal("pending", "sent", "stored", "failed"),
  error: Schema.NullOr(Schema.String),
  created_at: Schema.Union(Schema.String, Schema.DateFromSelf),
  sent_at: Schema.NullOr(Schema.Union(Schema.String, Schema.DateFromSelf)),
});
export type OutboxMail = typeof OutboxMail.Type;
