// npm test: builds, then runs every suite with uvu on embedded PGlite; when TEST_DATABASE_URL is
// set, runs the database suites (test/server) again on that PostgreSQL. Ends with one line
// "N passed, N failed" over all runs, and a non-zero exit code when anything failed.
//
// The runs are independent processes (each browser suite starts its own server on a fresh data
// directory and its own browser), so they go TEST_JOBS at a time: by default two, or half the
// cores where there are more than four. Each run's output is printed whole when it ends.
import { spawn, spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { availableParallelism } from "node:os";
import { basename, dirname, join } from "node:path";

const root = join(dirname(new URL(import.meta.url).pathname), "..");
const uvu = join(root, "node_modules/uvu/bin.js");
// Optional: a folder or one file under test/ to run alone, e.g. "domain" or "server/app.test.ts".
const only = process.argv[2];
const jobs = Math.max(1, Number(process.env.TEST_JOBS) || Math.max(2, Math.floor(availableParallelism() / 2)));

const build = spawnSync(process.execPath, ["build.mjs"], { cwd: root, stdio: "inherit" });
if (build.status !== 0) process.exit(build.status ?? 1);

// Component tests (.tsx) get their own process with happy-dom as the global window; every
// other suite runs with Node's own globals (fetch, timers) on embedded PGlite.
const UNIT = "\\.test\\.ts$";
const COMPONENT = "\\.test\\.tsx$";
const escape = (name) => name.replaceAll(".", "\\.");
const runs = [];
const isFile = (path) => path.endsWith(".ts") || path.endsWith(".tsx");
/** A run of the folder or file `path` (uvu takes a folder and a pattern: a file is its folder and its own name). */
const add = (name, path, pattern, env, imports = [], ignore = []) => {
  const target = isFile(path) ? { dir: dirname(path), pattern: `^${escape(basename(path))}$` } : { dir: path, pattern };
  runs.push({ name: `${path} on ${name}`, ...target, env, imports, ignore });
};

if (only) {
  if (!only.endsWith(".tsx")) add("PGlite", `test/${only}`, UNIT, { TEST_DB_ENGINE: "pglite" });
  if (only.startsWith("client")) add("happy-dom", `test/${only}`, COMPONENT, {}, ["test/dom-setup.ts"]);
  if (process.env.TEST_DATABASE_URL && only.startsWith("server")) add("PostgreSQL", `test/${only}`, UNIT, { TEST_DB_ENGINE: "postgres" });
} else {
  // Each browser suite is its own run, the longest first; everything else runs in three.
  for (const file of readdirSync(join(root, "test/e2e")).filter((name) => name.endsWith(".test.ts")).sort(byExpectedLength)) {
    add("PGlite", `test/e2e/${file}`, UNIT, { TEST_DB_ENGINE: "pglite" });
  }
  add("PGlite", "test", UNIT, { TEST_DB_ENGINE: "pglite" }, [], ["^e2e"]);
  add("happy-dom", "test/client", COMPONENT, {}, ["test/dom-setup.ts"]);
  if (process.env.TEST_DATABASE_URL) add("PostgreSQL", "test/server", UNIT, { TEST_DB_ENGINE: "postgres" });
}

/** The crawler visits every screen for every role: start it first so it does not finish last. */
function byExpectedLength(a, b) {
  const weight = (file) => (file.startsWith("crawler") ? 0 : 1);
  return weight(a) - weight(b) || a.localeCompare(b);
}

function execute(run) {
  return new Promise((resolve) => {
    const imports = ["tsx", join(root, "test/setup.ts"), ...run.imports.map((file) => join(root, file))].flatMap((module) => ["--import", module]);
    const ignores = run.ignore.flatMap((pattern) => ["--ignore", pattern]);
    const child = spawn(process.execPath, [...imports, uvu, run.dir, run.pattern, ...ignores], {
      cwd: root,
      env: { ...process.env, ...run.env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("close", (code) => resolve({ run, output, code }));
  });
}

let passed = 0;
let failed = 0;
/** What failed, repeated at the very end so the last lines of a long log (all CI keeps) name it. */
const failures = [];
function report({ run, output, code }) {
  console.log(`\n── ${run.name} ──`);
  process.stdout.write(output);
  const count = (label) => Number(new RegExp(`${label}:\\s+(\\d+)`).exec(output)?.[1] ?? 0);
  const total = count("Total");
  const ok = count("Passed");
  passed += ok;
  failed += total - ok - count("Skipped");
  if (code !== 0 && total === ok) failed += 1; // a crash outside any test still fails the run
  if (code !== 0) failures.push({ run, output });
}

/** uvu prints each failure as a block starting "FAIL"; a crash has none, so its last lines stand in. */
function failureSummary(output) {
  const plain = output.replace(/\x1b\[[0-9;]*m/g, "");
  const start = plain.indexOf("FAIL ");
  const end = plain.indexOf("Total:", start);
  const text = start < 0 ? plain.slice(-2000) : plain.slice(start, end < 0 ? undefined : end);
  return text.length > 4000 ? `${text.slice(0, 4000)}\n…` : text;
}

const queue = [...runs];
await Promise.all(
  Array.from({ length: Math.min(jobs, queue.length) }, async () => {
    for (let run = queue.shift(); run; run = queue.shift()) report(await execute(run));
  }),
);
for (const { run, output } of failures) console.log(`\n✘ ${run.name}\n${failureSummary(output).trim()}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
