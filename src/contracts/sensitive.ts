import { Schema } from "@effect/schema";

/**
 * Marks a schema field as a secret (password, token, code). The session recorder redacts every
 * field so marked before a command or event is kept, so a downloaded log never carries one.
 */
export const SensitiveId = Symbol.for("meridian/sensitive");

export const Sensitive = <S extends Schema.Schema.Any>(schema: S) => schema.annotations({ [SensitiveId]: true }) as S;

export const SensitiveString = Sensitive(Schema.String);
