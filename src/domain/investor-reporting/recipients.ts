import { RECIPIENTS_TOO_MANY, RECIPIENT_TWICE, RECIPIENT_UNKNOWN } from "./texts";

/**
 * The recipient actions of POST /investor-reporting/reports/{id}/recipients/ (spec section 7):
 * add appends addresses, remove takes them off, set replaces the list, notify mails the named
 * recipients (all when none is named) their personal link again. Addresses compare without case.
 */
export type RecipientAction = "add" | "remove" | "set" | "notify";
export const MAX_RECIPIENTS = 200;

export interface RecipientInput {
  readonly email: string;
  readonly name: string;
}

export interface RecipientPlan {
  /** Addresses to add (normalized), in the order given. */
  readonly add: readonly RecipientInput[];
  /** Addresses to take off. */
  readonly remove: readonly string[];
  /** Addresses to mail their link again. */
  readonly notify: readonly string[];
  /** Field messages by index (`recipients.{i}.email`). */
  readonly problems: Readonly<Record<string, readonly string[]>>;
}

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export function planRecipients(current: readonly string[], action: RecipientAction, given: readonly RecipientInput[]): RecipientPlan {
  const existing = new Set(current.map(normalizeEmail));
  const problems: Record<string, string[]> = {};
  const seen = new Set<string>();
  const inputs = given.map((input, index) => {
    const email = normalizeEmail(input.email);
    if (seen.has(email)) problems[`recipients.${index}.email`] = [RECIPIENT_TWICE];
    seen.add(email);
    return { email, name: input.name.trim(), index };
  });
  const empty = { add: [], remove: [], notify: [] };
  switch (action) {
    case "add": {
      const add = inputs.filter((input) => !existing.has(input.email));
      if (existing.size + add.length > MAX_RECIPIENTS) problems["recipients"] = [RECIPIENTS_TOO_MANY];
      return { ...empty, add: add.map(({ email, name }) => ({ email, name })), problems };
    }
    case "set": {
      if (inputs.length > MAX_RECIPIENTS) problems["recipients"] = [RECIPIENTS_TOO_MANY];
      const kept = new Set(inputs.map((input) => input.email));
      return {
        ...empty,
        add: inputs.filter((input) => !existing.has(input.email)).map(({ email, name }) => ({ email, name })),
        remove: [...existing].filter((email) => !kept.has(email)),
        problems,
      };
    }
    case "remove":
    case "notify": {
      for (const input of inputs) if (!existing.has(input.email)) problems[`recipients.${input.index}.email`] = [RECIPIENT_UNKNOWN];
      const named = inputs.map((input) => input.email);
      if (action === "remove") return { ...empty, remove: named, problems };
      return { ...empty, notify: named.length > 0 ? named : [...existing], problems };
    }
  }
}
