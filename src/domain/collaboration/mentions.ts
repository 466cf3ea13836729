/**
 * Mentions (spec section 5: "mentions are detected as e-mail-like words in text"). A mention is a
 * word shaped like an e-mail address, with or without a leading "@" ("@ada@example.com" and
 * "ada@example.com" both mention Ada). Addresses compare case-insensitively, so they are answered
 * lower-cased, each once, in the order they first appear. Punctuation that ends a sentence after
 * the address ("ask ada@example.com.") is not part of it.
 */
export function mentionedAddresses(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(MENTION)) {
    const address = match[1]!.replace(/[.\-]+$/, "").toLowerCase();
    if (VALID_ADDRESS.test(address) && !found.includes(address)) found.push(address);
  }
  return found;
}

/** The "@…" being typed at the caret, for the autocomplete: where it starts (its "@") and what follows. */
export interface MentionQuery {
  readonly start: number;
  readonly query: string;
}

/**
 * The mention being typed when the caret stands right after "@" and the letters of a word with no
 * space yet ("please @ad|" → { start: 7, query: "ad" }). An "@" inside a word ("ada@exa|") is an
 * address being typed by hand, not a request for suggestions.
 */
export function mentionQueryAt(text: string, caret: number): MentionQuery | null {
  const before = text.slice(0, caret);
  const match = /(^|[\s(,;])@([^\s@]*)$/.exec(before);
  if (!match) return null;
  return { start: caret - match[2]!.length - 1, query: match[2]! };
}

/** The text with the typed "@query" replaced by "@address " and the caret after it. */
export function insertMention(text: string, query: MentionQuery, caret: number, address: string): { text: string; caret: number } {
  const inserted = `@${address} `;
  const rest = text.slice(caret).replace(/^\S*/, "").replace(/^ /, "");
  return { text: text.slice(0, query.start) + inserted + rest, caret: query.start + inserted.length };
}

/** Whether a person matches what was typed after "@": the start of any word of their name or of their address. */
export function matchesMention(person: { readonly name: string; readonly email: string }, query: string): boolean {
  const wanted = query.trim().toLowerCase();
  if (wanted === "") return true;
  const words = [...person.name.toLowerCase().split(/\s+/), person.email.toLowerCase(), ...person.email.toLowerCase().split(/[@._-]/)];
  return words.some((word) => word.startsWith(wanted));
}

// A word: not preceded by a character that could belong to an address, an optional "@", then
// local part @ domain with at least one dot.
const MENTION = /(?<![\w.%+\-@])@?([\w.%+\-]+@[\w\-]+(?:\.[\w\-]+)+)/g;
const VALID_ADDRESS = /^[\w.%+\-]+@[\w\-]+(?:\.[\w\-]+)*\.[a-z]{2,}$/;
