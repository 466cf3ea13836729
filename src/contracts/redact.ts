import { AST, Schema } from "@effect/schema";
import { SensitiveId } from "./sensitive";

export const REDACTED = "[redacted]";

/**
 * Replaces every field the schema marks Sensitive with "[redacted]", at any depth. Values the
 * schema does not describe are kept as they are.
 */
export function redact<A, I>(schema: Schema.Schema<A, I>, value: unknown): unknown {
  return redactAst(schema.ast, value);
}

function isSensitive(ast: AST.AST): boolean {
  return AST.getAnnotation(ast, SensitiveId)._tag === "Some";
}

function redactAst(ast: AST.AST, value: unknown): unknown {
  if (isSensitive(ast)) return value === undefined ? value : REDACTED;
  switch (ast._tag) {
    case "Refinement":
      return redactAst(ast.from, value);
    case "Transformation":
      return redactAst(ast.to, value);
    case "Suspend":
      return redactAst(ast.f(), value);
    case "Union": {
      const member = memberByTag(ast, value) ?? ast.types.find((type) => Schema.is(Schema.make(AST.typeAST(type)))(value));
      return member ? redactAst(member, value) : value;
    }
    case "TupleType":
      if (!Array.isArray(value)) return value;
      return value.map((item, index) => {
        const element = ast.elements[index]?.type ?? ast.rest[0]?.type;
        return element ? redactAst(element, item) : item;
      });
    case "TypeLiteral": {
      if (!value || typeof value !== "object") return value;
      const result: Record<string, unknown> = { ...(value as Record<string, unknown>) };
      for (const property of ast.propertySignatures) {
        const key = property.name as string;
        if (!(key in result)) continue;
        result[key] = isSensitive(property as unknown as AST.AST) ? REDACTED : redactAst(property.type, result[key]);
      }
      return result;
    }
    default:
      return value;
  }
}

/** Tagged unions (every command and event) pick their member by `_tag`, without validating. */
function memberByTag(union: AST.Union, value: unknown): AST.AST | undefined {
  const tag = value && typeof value === "object" ? (value as { _tag?: unknown })._tag : undefined;
  if (typeof tag !== "string") return undefined;
  return union.types.find((type) => {
    const literal = AST.typeAST(type);
    if (literal._tag !== "TypeLiteral") return false;
    const property = literal.propertySignatures.find((candidate) => candidate.name === "_tag");
    return property?.type._tag === "Literal" && property.type.literal === tag;
  });
}
