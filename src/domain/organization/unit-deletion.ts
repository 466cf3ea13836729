import type { OrgUnitKind } from "../../contracts/organization";

/** Something that refers to a unit: what it is (singular, plural) and how many of them do. */
export interface UnitReference {
  readonly singular: string;
  readonly plural: string;
  readonly count: number;
}

/**
 * Why a unit cannot be deleted, in one sentence naming every kind of thing that still refers to
 * it ("… while 2 teams and 1 liquidity scenario refer to it"), or null when nothing does.
 */
export function deletionRefusal(kind: OrgUnitKind, name: string, references: readonly UnitReference[]): string | null {
  const present = references.filter((reference) => reference.count > 0);
  if (present.length === 0) return null;
  const parts = present.map((reference) => `${reference.count} ${reference.count === 1 ? reference.singular : reference.plural}`);
  const listed = parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`;
  return `The ${kind} "${name}" cannot be deleted while ${listed} ${present.length === 1 && present[0]!.count === 1 ? "refers" : "refer"} to it.`;
}
