/**
 * The KPI glossary's rules (issue 15): one entry per KPI, written by administrators, read by
 * everyone who may read the KPI once it is approved. An entry's unit and good direction are the
 * KPI's own (one truth, shown, never typed twice); what the entry adds is in `GlossaryText`.
 */
export type GlossaryState = "draft" | "approved";

export interface GlossaryText {
  readonly definition: string;
  readonly formulaInWords: string;
  readonly ownerId: number | null;
  readonly source: string;
}

export const GLOSSARY_LIMITS = { definition: 2000, formulaInWords: 1000, source: 300 } as const;

export const DEFINITION_REQUIRED = "Write what the KPI means.";
export const APPROVAL_NEEDS_OWNER = "Name the owner before the entry is approved: someone answers for the definition.";
export const ALREADY_APPROVED = "This entry is approved already.";

/** Field messages of an entry that cannot be saved (empty: it can). Text is compared trimmed. */
export function glossaryTextProblems(text: GlossaryText): Record<string, string[]> {
  const problems: Record<string, string[]> = {};
  if (text.definition.trim() === "") problems["definition"] = [DEFINITION_REQUIRED];
  for (const field of ["definition", "formulaInWords", "source"] as const) {
    const limit = GLOSSARY_LIMITS[field];
    if (text[field].trim().length > limit) problems[field] = [`Use at most ${limit} characters.`];
  }
  return problems;
}

/**
 * The state after a save: a change to an approved entry's text or owner returns it to draft, so
 * nothing reads as approved that no administrator approved in that wording; saving it unchanged
 * keeps it approved. A new entry is a draft.
 */
export function stateAfterSave(previous: { readonly state: GlossaryState; readonly text: GlossaryText } | null, next: GlossaryText): GlossaryState {
  if (!previous) return "draft";
  return previous.state === "approved" && sameText(previous.text, next) ? "approved" : "draft";
}

/** Why an entry cannot be approved, or null when it can. */
export function approvalProblem(entry: { readonly state: GlossaryState; readonly text: GlossaryText }): string | null {
  if (entry.state === "approved") return ALREADY_APPROVED;
  if (entry.text.definition.trim() === "") return DEFINITION_REQUIRED;
  if (entry.text.ownerId === null) return APPROVAL_NEEDS_OWNER;
  return null;
}

/** Readers see approved entries; administrators (who write them) see drafts too. */
export const entryVisible = (state: GlossaryState, isAdministrator: boolean) => state === "approved" || isAdministrator;

/** Whether an entry matches a search: every word, case-insensitive, somewhere in its words. */
export function matchesGlossarySearch(words: readonly string[], search: string): boolean {
  const haystack = words.join(" \u0000 ").toLocaleLowerCase();
  return search
    .toLocaleLowerCase()
    .split(/\s+/)
    .filter((word) => word !== "")
    .every((word) => haystack.includes(word));
}

const sameText = (a: GlossaryText, b: GlossaryText) =>
  a.definition.trim() === b.definition.trim() && a.formulaInWords.trim() === b.formulaInWords.trim() && a.source.trim() === b.source.trim() && a.ownerId === b.ownerId;
