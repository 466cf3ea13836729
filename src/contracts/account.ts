import { Schema } from "@effect/schema";
import { Text } from "./fields";
import { Sensitive } from "./sensitive";

const Email = Schema.String.pipe(Schema.minLength(1, { message: () => "This field may not be blank." }), Schema.maxLength(254));
const Password = Sensitive(Schema.String.pipe(Schema.minLength(1, { message: () => "This field may not be blank." }), Schema.maxLength(1024)));

/** POST /api/auth/users/reset_password/ */
export const PasswordResetRequest = Schema.Struct({ email: Email });

/** POST /api/auth/users/reset_password_confirm/ */
export const PasswordResetConfirmation = Schema.Struct({
  uid: Text(256),
  token: Sensitive(Text(256)),
  new_password: Password,
  re_new_password: Schema.optional(Password),
});

/** POST /api/auth/users/set_password/ */
export const PasswordChange = Schema.Struct({
  current_password: Password,
  new_password: Password,
  re_new_password: Schema.optional(Password),
});

export const PASSWORDS_DIFFER = "The two password fields didn't match.";
export const RESET_TOKEN_INVALID = "Invalid token for given user.";
export const RESET_UID_INVALID = "Invalid user id or user doesn't exist.";
export const CURRENT_PASSWORD_INVALID = "Invalid password.";
