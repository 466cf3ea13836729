import { test } from "uvu";
import * as assert from "uvu/assert";
import { createHashingQueue, defaultHashingLimits, type HashPriority } from "../../../../src/server/platform/auth/hashing-queue";

/** A job that finishes when told to, recording when it started. */
function controlledJobs() {
  const started: string[] = [];
  const finishers = new Map<string, () => void>();
  const job = (name: string) => () =>
    new Promise<string>((resolve) => {
      started.push(name);
      finishers.set(name, () => resolve(name));
    });
  const finish = async (name: string) => {
    finishers.get(name)!();
    for (let tick = 0; tick < 5; tick++) await Promise.resolve(); // let the queue start the next job
  };
  return { started, job, finish };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

test("limits: at least two slots, one less than the threadpool, no more than the CPUs; bulk leaves one free", () => {
  assert.equal(defaultHashingLimits(4, 2), { slots: 2, bulkSlots: 1 });
  assert.equal(defaultHashingLimits(4, 16), { slots: 3, bulkSlots: 2 });
  assert.equal(defaultHashingLimits(16, 8), { slots: 8, bulkSlots: 7 });
  assert.equal(defaultHashingLimits(4, 1), { slots: 2, bulkSlots: 1 });
});

test("an interactive job starts at once while bulk jobs wait, and waiting interactive jobs go first", async () => {
  const queue = createHashingQueue({ slots: 3, bulkSlots: 2 });
  const { started, job, finish } = controlledJobs();
  const done: string[] = [];
  const submit = (priority: HashPriority, name: string) => void queue.run(priority, job(name)).then(() => done.push(name));
  for (let index = 0; index < 50; index++) submit("bulk", `bulk-${index}`);
  await settle();
  assert.equal(started, ["bulk-0", "bulk-1"], "bulk work takes two slots, never the third");

  submit("interactive", "sign-in-1");
  await settle();
  assert.equal(started.at(-1), "sign-in-1", "the free slot is the sign-in's");
  submit("interactive", "sign-in-2");
  submit("interactive", "sign-in-3");
  await settle();
  assert.equal(queue.state().waiting, { interactive: 2, bulk: 48 });

  // Whatever frees a slot, the waiting sign-ins take it before any of the 48 bulk jobs.
  await finish("bulk-0");
  await finish("sign-in-1");
  assert.equal(started.slice(3), ["sign-in-2", "sign-in-3"]);
  await finish("sign-in-2");
  await finish("sign-in-3");
  assert.equal(done, ["bulk-0", "sign-in-1", "sign-in-2", "sign-in-3"]);
  assert.equal(started.slice(5), ["bulk-2"], "then bulk work resumes, within its slots");
  assert.equal(queue.state().running, { interactive: 0, bulk: 2 });
});

test("a failing job rejects its own promise and frees its slot", async () => {
  const queue = createHashingQueue({ slots: 2, bulkSlots: 1 });
  const failure = await queue.run("bulk", async () => Promise.reject(new Error("boom"))).catch((error: Error) => error.message);
  assert.is(failure, "boom");
  assert.is(await queue.run("bulk", async () => "next"), "next");
  assert.equal(queue.state(), { waiting: { interactive: 0, bulk: 0 }, running: { interactive: 0, bulk: 0 } });
});

test.run();
