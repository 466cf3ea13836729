import { Schema } from "@effect/schema";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { SessionTokens, SignInRequest } from "../../src/contracts/auth";
import { Command, DomainEvent } from "../../src/contracts/messages";
import { redact, REDACTED } from "../../src/contracts/redact";
import { Sensitive } from "../../src/contracts/sensitive";

test("sensitive fields are redacted in commands, requests and answers; the rest is kept", () => {
  assert.equal(redact(Command, { _tag: "SignIn", email: "ada@demo.example", password: "meridian-demo" }), { _tag: "SignIn", email: "ada@demo.example", password: REDACTED });
  assert.equal(redact(SignInRequest, { email: "a@b.c", password: "x" }), { email: "a@b.c", password: REDACTED });
  assert.equal(redact(SessionTokens, { access: "jwt", access_expires_at: "t1", refresh_expires_at: "t2" }), { access: REDACTED, access_expires_at: "t1", refresh_expires_at: "t2" });
  assert.equal(redact(Command, { _tag: "SelectFxRate", fxRateId: 3 }), { _tag: "SelectFxRate", fxRateId: 3 });
  assert.equal(redact(DomainEvent, { _tag: "SignInStarted", email: "a@b.c" }), { _tag: "SignInStarted", email: "a@b.c" });
});

test("redaction reaches nested structs, arrays and refined fields", () => {
  const Nested = Schema.Struct({
    users: Schema.Array(Schema.Struct({ name: Schema.String, code: Sensitive(Schema.String.pipe(Schema.length(6))) })),
    otp: Schema.optional(Sensitive(Schema.String)),
  });
  assert.equal(redact(Nested, { users: [{ name: "a", code: "123456" }, { name: "b", code: "654321" }] }), {
    users: [
      { name: "a", code: REDACTED },
      { name: "b", code: REDACTED },
    ],
  });
  assert.equal(redact(Nested, { users: [], otp: "999999" }), { users: [], otp: REDACTED });
});

test.run();
