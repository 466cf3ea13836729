import { AST } from "@effect/schema";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { Command, DomainEvent } from "../../../src/contracts/messages";
import { AccountCommand, SecondFactorRequired } from "../../../src/contracts/messages/account";
import { SessionCommand, SessionEvent } from "../../../src/contracts/messages/session";
import { REDACTED } from "../../../src/contracts/redact";
import { LAZY_FEATURES } from "../../../src/client/app/features";
import { CORE_FEATURES } from "../../../src/client/app/platform";
import { createCatalogue } from "../../../src/client/bus/catalogue";
import type { LogEntry } from "../../../src/client/bus/recorder";
import { redactEntry } from "../../../src/client/bus/session-log";

const commandEntry = (command: object): LogEntry => ({ kind: "command", envelope: { command: command as Command, commandId: "c1", issuedAt: "t", correlationId: "c1" } });
const eventEntry = (payload: object): LogEntry => ({ kind: "event", envelope: { seq: 1, type: (payload as DomainEvent)._tag, version: 1, payload: payload as DomainEvent, occurredAt: "t", origin: "local" } });

test("a command decodes against its own schema once its feature's schemas are added, defaults and all", () => {
  const catalogue = createCatalogue([SessionCommand, SessionEvent]);
  assert.equal(catalogue.decodeCommand({ _tag: "SelectFxRate", fxRateId: 2 }), { ok: true, command: { _tag: "SelectFxRate", fxRateId: 2 } });
  const wrong = catalogue.decodeCommand({ _tag: "SelectFxRate", fxRateId: "two" });
  assert.ok(!wrong.ok && /fxRateId/.test(wrong.message), "names the bad field");
  const unknown = catalogue.decodeCommand({ _tag: "VerifySignInCode", passcode: "123456" });
  assert.equal(unknown, { ok: false, message: "no loaded feature knows the command VerifySignInCode" });
  assert.not.ok(catalogue.knows("VerifySignInCode"));
  catalogue.add([AccountCommand, SecondFactorRequired]);
  assert.ok(catalogue.knows("VerifySignInCode") && catalogue.knows("SecondFactorRequired"));
  assert.ok(catalogue.decodeCommand({ _tag: "VerifySignInCode", passcode: "123456" }).ok);
  assert.not.ok(catalogue.decodeCommand("SelectFxRate").ok, "not even an object");
});

test("redaction by the registered schemas is the full catalogue's; an unknown message keeps only its tag", () => {
  const catalogue = createCatalogue([SessionCommand, SessionEvent, AccountCommand]);
  const signIn = commandEntry({ _tag: "SignIn", email: "ada@demo.example", password: "meridian-demo" });
  const code = commandEntry({ _tag: "ConfirmPasswordReset", uid: "u1", token: "t0k3n", password: "new-secret", repeat: "new-secret" });
  const event = eventEntry({ _tag: "ServerEventReceived", seq: 3, type: "KpiValueEdited", actor: "user:2", actorName: null, payload: { value: 4 }, occurredAt: "t" });
  for (const entry of [signIn, code, event]) assert.equal(catalogue.redactEntry(entry), redactEntry(entry));
  const redacted = catalogue.redactEntry(code) as Extract<LogEntry, { kind: "command" }>;
  assert.equal(redacted.envelope.command, { _tag: "ConfirmPasswordReset", uid: "u1", token: REDACTED, password: REDACTED, repeat: REDACTED } as never);
  assert.not.match(JSON.stringify(catalogue.redactEntry(signIn)), /meridian-demo/);
  const unknown = eventEntry({ _tag: "TwoFactorSetupStarted", secret: "JBSWY3DPEHPK3PXP" });
  assert.equal(catalogue.redactEntry(unknown), { ...unknown, envelope: { ...(unknown as { envelope: object }).envelope, payload: { _tag: "TwoFactorSetupStarted" } } } as LogEntry);
  const location: LogEntry = { kind: "location", path: "/login", at: "t" };
  assert.is(catalogue.redactEntry(location), location);
});

test("every command and event of the client belongs to a feature that registers with the bus", async () => {
  const features = [...CORE_FEATURES, ...(await Promise.all(Object.values(LAZY_FEATURES).map(async (load) => (await load()).feature)))];
  const catalogue = createCatalogue(features.flatMap((feature) => feature.messages));
  const missing = [...tagsOf(Command.ast), ...tagsOf(DomainEvent.ast)].filter((tag) => !catalogue.knows(tag));
  assert.equal(missing, []);
});

/** Every `_tag` of a union of tagged structs (nested unions too). */
function tagsOf(ast: AST.AST): string[] {
  if (ast._tag === "Union") return ast.types.flatMap(tagsOf);
  const literal = AST.typeAST(ast);
  const tag = literal._tag === "TypeLiteral" ? literal.propertySignatures.find((property) => property.name === "_tag") : undefined;
  return tag?.type._tag === "Literal" ? [String(tag.type.literal)] : [];
}

test.run();
