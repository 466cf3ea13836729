import { loadModule, parseSync } from "libpg-query";
import { QB_VIEWS, SYNTAX_INCORRECT } from "../../../contracts/query-builder";
import { checkedSelect, QueryRefused, type CheckedQuery } from "../../../domain/query-builder/checked-select";
import { placeIn } from "../../../domain/query-builder/position";
import { shortMessage } from "../../../domain/query-builder/short-message";
import { badRequest } from "../../platform/http/errors";

const VIEW_NAMES: ReadonlySet<string> = new Set(QB_VIEWS.map((view) => view.name));

let ready: Promise<void> | undefined;

/**
 * A query as the builder runs it: parsed by PostgreSQL's own parser (libpg-query, WASM), checked
 * and written again from the tree (domain checkedSelect). Bad syntax answers 400 with the spec's
 * text and the place; a refused construct answers 400 with why and where.
 */
export async function checkQuery(text: string): Promise<CheckedQuery> {
  ready ??= loadModule();
  await ready;
  let parsed: ReturnType<typeof parseSync>;
  try {
    parsed = parseSync(text);
  } catch (error) {
    const details = (error as { sqlDetails?: { message?: string; cursorPosition?: number } }).sqlDetails;
    const where = typeof details?.cursorPosition === "number" ? placeIn(text, details.cursorPosition) : "";
    const reason = details?.message ?? (error instanceof Error ? error.message : "");
    throw badRequest({ sql: [`${SYNTAX_INCORRECT}${where}${reason ? `: ${shortMessage(reason)}` : ""}`] });
  }
  try {
    return checkedSelect(parsed, text, VIEW_NAMES);
  } catch (error) {
    if (error instanceof QueryRefused) throw badRequest({ sql: [`${shortMessage(error.message)}${placeIn(text, error.position)}`] });
    throw error;
  }
}
