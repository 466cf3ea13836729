import { test } from "uvu";
import * as assert from "uvu/assert";
import { defaultHashingLimits } from "../../../../src/server/platform/auth/hashing-queue";
import { hashPassword, passwordHashing, verifyPassword } from "../../../../src/server/platform/auth/passwords";

test("a hash verifies its password and no other; the stored format is unchanged", async () => {
  const stored = await hashPassword("correct horse battery staple");
  assert.match(stored, /^scrypt\$32768\$8\$1\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{44}$/);
  assert.ok(await verifyPassword("correct horse battery staple", stored));
  assert.not.ok(await verifyPassword("correct horse battery stapler", stored));
  assert.not.ok(await verifyPassword("anything", "not-a-hash"));
  assert.ok(await verifyPassword("ﬁne password", await hashPassword("fine password", { priority: "bulk" })), "NFKC: the ligature is fi");
});

test("a sign-in's verification submitted behind 50 bulk hashes finishes before nearly all of them", async () => {
  const stored = await hashPassword("the owner's own password");
  const finished: string[] = [];
  const bulk = Array.from({ length: 50 }, (_, index) => hashPassword(`imported password ${index}`, { priority: "bulk" }).then(() => finished.push(`bulk-${index}`)));
  const waitingBulk = passwordHashing.state().waiting.bulk;
  assert.ok(waitingBulk >= 45, `the bulk hashes are queued (${waitingBulk} waiting)`);
  const verified = verifyPassword("the owner's own password", stored).then((ok) => {
    finished.push("sign-in");
    return ok;
  });
  assert.is(passwordHashing.state().running.interactive, 1, "the verification started at once, before any waiting bulk hash");
  assert.ok(await verified);
  await Promise.all(bulk);
  // Only the bulk hashes already running, and the next ones started beside it, may end first;
  // a first-come queue would have run all 50 before it.
  const position = finished.indexOf("sign-in");
  assert.ok(position <= 2 * defaultHashingLimits().bulkSlots, `the sign-in finished after ${position} bulk hashes`);
});

test.run();
