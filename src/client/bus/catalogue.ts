import { AST, type ParseResult, Schema } from "@effect/schema";
import type { Either } from "effect";
import type { Command, DomainEvent } from "../../contracts/messages";
import { redact } from "../../contracts/redact";
import type { LogEntry } from "./recorder";

/**
 * The message schemas the bus knows so far. The first screen knows only the core features'
 * messages (session, shell, notifications); a feature adds its commands and events when its
 * chunk loads (bus.register), so the entry does not carry every feature's schemas.
 */
export interface MessageCatalogue {
  /** Adds tagged structs, or unions of them (a feature's commands, its events). */
  add(schemas: readonly Schema.Schema.Any[]): void;
  knows(tag: string): boolean;
  /** Decodes a command against its own schema; an unknown tag is an invalid command too. */
  decodeCommand(value: unknown): { readonly ok: true; readonly command: Command } | { readonly ok: false; readonly message: string };
  /** Redacts the Sensitive fields of an entry; an event or command of an unknown tag keeps only its tag. */
  redactEntry(entry: LogEntry): LogEntry;
}

type Member = { readonly schema: Schema.Schema<unknown, unknown>; readonly decode: (value: unknown) => Either.Either<unknown, ParseResult.ParseError> };

export function createCatalogue(schemas: readonly Schema.Schema.Any[] = []): MessageCatalogue {
  const members = new Map<string, Member>();
  const add = (list: readonly Schema.Schema.Any[]) => {
    for (const schema of list) {
      for (const [tag, ast] of taggedMembers(schema.ast)) {
        if (members.has(tag)) continue;
        const member = Schema.make<unknown, unknown, never>(ast);
        members.set(tag, { schema: member, decode: Schema.decodeUnknownEither(member) });
      }
    }
  };
  add(schemas);
  const tagOf = (value: unknown) => (value && typeof value === "object" ? (value as { _tag?: unknown })._tag : undefined);
  // Nothing is kept that could not be checked for secrets: an unknown message keeps its tag only.
  const redactMessage = <M extends { readonly _tag: string }>(message: M): M => {
    const member = members.get(message._tag);
    return (member ? redact(member.schema, message) : { _tag: message._tag }) as M;
  };
  return {
    add,
    knows: (tag) => members.has(tag),
    decodeCommand(value) {
      const tag = tagOf(value);
      const member = typeof tag === "string" ? members.get(tag) : undefined;
      if (!member) return { ok: false, message: `no loaded feature knows the command ${String(tag)}` };
      const decoded = member.decode(value);
      return decoded._tag === "Right" ? { ok: true, command: decoded.right as Command } : { ok: false, message: decoded.left.message };
    },
    redactEntry(entry) {
      if (entry.kind === "command") return { ...entry, envelope: { ...entry.envelope, command: redactMessage(entry.envelope.command) } };
      if (entry.kind === "event") return { ...entry, envelope: { ...entry.envelope, payload: redactMessage<DomainEvent>(entry.envelope.payload) } };
      return entry;
    },
  };
}

/** Each tagged struct of a schema (a union's members, or the struct itself) by its `_tag`. */
function taggedMembers(ast: AST.AST): [string, AST.AST][] {
  if (ast._tag === "Union") return ast.types.flatMap(taggedMembers);
  const literal = AST.typeAST(ast);
  if (literal._tag !== "TypeLiteral") return [];
  const tag = literal.propertySignatures.find((property) => property.name === "_tag");
  return tag?.type._tag === "Literal" && typeof tag.type.literal === "string" ? [[tag.type.literal, ast]] : [];
}
