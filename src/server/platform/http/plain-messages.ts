import { AST, ParseResult } from "@effect/schema";
import { Option } from "effect";

export interface FieldMessage {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

/**
 * A schema failure as plain field messages ("must be a whole number", "This field is required."),
 * never a schema dump and never the input itself: @effect/schema's own messages quote the value
 * ("Expected number, actual <the whole 900 KB string>"), which is how an error body once grew to
 * 81 MB. A contract's own message (an annotation, or a filter's returned text) is kept as written.
 */
export function plainMessages(issue: ParseResult.ParseIssue): FieldMessage[] {
  const out: FieldMessage[] = [];
  walk(issue, [], out);
  return out;
}

function walk(issue: ParseResult.ParseIssue, path: readonly PropertyKey[], out: FieldMessage[]): void {
  const own = annotatedMessage(issue);
  if (own !== undefined) {
    out.push({ path, message: own });
    return;
  }
  switch (issue._tag) {
    case "Pointer":
      return walk(issue.issue, [...path, ...(Array.isArray(issue.path) ? issue.path : [issue.path])], out);
    case "Composite": {
      if (AST.isUnion(issue.ast)) return walkUnion(issue, path, out);
      const inner = Array.isArray(issue.issues) ? issue.issues : [issue.issues as ParseResult.ParseIssue];
      for (const each of inner) walk(each, path, out);
      return;
    }
    case "Refinement":
      if (issue.kind === "From") return walk(issue.issue, path, out);
      return walkPredicate(issue, path, out);
    case "Transformation":
      // The transformation itself failed ("twelve" is no number): say what it makes.
      if (issue.kind === "Transformation") {
        out.push({ path, message: describeExpected(issue.ast.to) });
        return;
      }
      return walk(issue.issue, path, out);
    case "Type":
      out.push({ path, message: issue.message ?? describeExpected(issue.ast) });
      return;
    case "Missing":
      out.push({ path, message: "This field is required." });
      return;
    case "Unexpected":
      out.push({ path, message: "is not allowed here" });
      return;
    case "Forbidden":
      out.push({ path, message: "could not be checked" });
      return;
  }
}

/** A refinement that failed: its own message (a filter's returned text), or what it expects. */
function walkPredicate(issue: ParseResult.Refinement, path: readonly PropertyKey[], out: FieldMessage[]) {
  const inner = issue.issue;
  if (inner._tag === "Type" && inner.message !== undefined) out.push({ path, message: inner.message });
  else out.push({ path, message: describeExpected(issue.ast) });
}

/**
 * A union that failed. An optional field is `X | undefined`: the undefined alternative says
 * nothing. When an alternative matched the kind of value but failed inside (a struct with a bad
 * field), its messages are the useful ones; otherwise one message names the alternatives.
 */
function walkUnion(issue: ParseResult.Composite, path: readonly PropertyKey[], out: FieldMessage[]) {
  const union = issue.ast as AST.Union;
  const members = union.types.filter((member) => member !== AST.undefinedKeyword);
  const inner = (Array.isArray(issue.issues) ? issue.issues : [issue.issues as ParseResult.ParseIssue]).filter(
    (each) => !(each._tag === "Type" && each.ast === AST.undefinedKeyword),
  );
  const deeper = inner.filter((each) => !isKindMismatch(each));
  if (members.length === 1 || deeper.length > 0) {
    for (const each of members.length === 1 ? inner : deeper) walk(each, path, out);
    return;
  }
  out.push({ path, message: describeUnion(members) });
}

/** The value is not even of the alternative's kind (text for a number): nothing deeper to say. */
function isKindMismatch(issue: ParseResult.ParseIssue): boolean {
  if (issue._tag === "Type") return true;
  if (issue._tag === "Refinement" && issue.kind === "From") return isKindMismatch(issue.issue);
  if (issue._tag === "Transformation" && issue.kind === "Encoded") return isKindMismatch(issue.issue);
  return false;
}

/** The message a contract wrote for this node, if any (as @effect/schema's formatters read it). */
function annotatedMessage(issue: ParseResult.ParseIssue): string | undefined {
  if (!("ast" in issue)) return undefined;
  const annotation = AST.getMessageAnnotation(issue.ast);
  if (Option.isNone(annotation)) return undefined;
  // Containers pass on to their inner issue unless the annotation overrides (as getMessage does).
  const out = annotation.value(issue);
  const message = typeof out === "string" ? out : typeof out === "object" && out !== null && "message" in out && typeof out.message === "string" ? out.message : undefined;
  const override = typeof out === "object" && out !== null && "override" in out && out.override === true;
  const container = issue._tag === "Composite" || (issue._tag === "Refinement" && issue.kind === "From") || (issue._tag === "Transformation" && issue.kind !== "Transformation");
  return container && !override ? undefined : message;
}

/** "must be …" for what a schema node accepts. */
export function describeExpected(ast: AST.AST): string {
  switch (ast._tag) {
    case "StringKeyword":
    case "TemplateLiteral":
      return "must be text";
    case "NumberKeyword":
      return "must be a number";
    case "BooleanKeyword":
      return "must be true or false";
    case "Literal":
      return ast.literal === null ? "must be null" : `must be ${JSON.stringify(ast.literal)}`;
    case "Enums":
      return `must be one of: ${ast.enums.map(([, value]) => JSON.stringify(value)).join(", ")}`;
    case "TypeLiteral":
      return ast.propertySignatures.length === 0 && ast.indexSignatures.length > 0 ? "must be an object" : "must be an object with the fields described";
    case "TupleType":
      return "must be a list";
    case "Union":
      return describeUnion(ast.types.filter((member) => member !== AST.undefinedKeyword));
    case "Refinement":
      return describeRefinement(ast);
    case "Transformation":
      return describeExpected(ast.from);
    case "Suspend":
      return describeExpected(ast.f());
    case "UndefinedKeyword":
      return "must be left out";
    default:
      return "is not valid";
  }
}

function describeRefinement(ast: AST.Refinement): string {
  // @effect/schema's built-in refinements describe themselves ("a number between 1 and 12",
  // "a string at most 150 character(s) long"); a pattern's description would show a regex.
  const description = Option.getOrUndefined(AST.getDescriptionAnnotation(ast)) ?? "";
  if (/^an integer$/.test(description)) return "must be a whole number";
  if (/^an? /.test(description) && !/pattern|filter|\{|<|\|/.test(description)) return `must be ${description.replace("character(s)", "characters")}`;
  return describeExpected(ast.from) === "must be text" ? "is not in the expected form" : "is not valid";
}

/** The kind of value a node accepts, under its refinements and transformations. */
const baseOf = (ast: AST.AST): AST.AST => (AST.isRefinement(ast) || AST.isTransformation(ast) ? baseOf(ast.from) : ast);

function describeUnion(members: readonly AST.AST[]): string {
  if (members.length > 0 && members.every(AST.isLiteral)) {
    return `must be one of: ${members.map((member) => ((member as AST.Literal).literal === null ? "null" : JSON.stringify((member as AST.Literal).literal))).join(", ")}`;
  }
  const kinds = [...new Set(members.map((member) => describeExpected(baseOf(member)).replace(/^must be /, "")))];
  return `must be ${kinds.join(" or ")}`;
}
