// npm test: builds, then runs every suite with uvu on embedded PGlite; when TEST_DATABASE_URL is
// set, runs the database suites (test/server) again on that PostgreSQL. Ends with one line
// "N passed, N failed" over all passes, and a non-zero exit code when anything failed.
import { spawnSync } from "node:child_process";
import { basename, dirname, join } from "node:path";

const root = join(dirname(new URL(import.meta.url).pathname), "..");
const uvu = join(root, "node_modules/uvu/bin.js");
// Optional: a folder or one file under test/ to run alone, e.g. "domain" or "server/app.test.ts".
const only = process.argv[2];
const onlyFile = only?.endsWith(".ts") || only?.endsWith(".tsx");
const target = (dir, pattern) => (onlyFile ? { dir: dirname(dir), pattern: `${basename(dir).replaceAll(".", "\\.")}$` } : { dir, pattern });

const build = spawnSync(process.execPath, ["build.mjs"], { cwd: root, stdio: "inherit" });
if (build.status !== 0) process.exit(build.status ?? 1);

// Component tests (.tsx) get their own process with happy-dom as the global window; every
// other suite runs with Node's own globals (fetch, timers) on embedded PGlite.
const UNIT = "\\.test\\.ts$";
const COMPONENT = "\\.test\\.tsx$";
const dirOf = (fallback) => (only ? `test/${only}` : fallback);
const passes = [];
if (!only || !only.endsWith(".tsx")) passes.push({ name: "PGlite", dir: dirOf("test"), pattern: UNIT, env: { TEST_DB_ENGINE: "pglite" }, imports: [] });
if (!only || only.startsWith("client")) passes.push({ name: "happy-dom", dir: dirOf("test/client"), pattern: COMPONENT, env: {}, imports: ["test/dom-setup.ts"] });
if (process.env.TEST_DATABASE_URL && (!only || only.startsWith("server"))) {
  passes.push({ name: "PostgreSQL", dir: dirOf("test/server"), pattern: UNIT, env: { TEST_DB_ENGINE: "postgres" }, imports: [] });
}

let passed = 0;
let failed = 0;
for (const pass of passes) {
  console.log(`\n── ${pass.dir} on ${pass.name} ──`);
  const { dir, pattern } = target(pass.dir, pass.pattern);
  const imports = ["tsx", join(root, "test/setup.ts"), ...pass.imports.map((file) => join(root, file))].flatMap((module) => ["--import", module]);
  const result = spawnSync(process.execPath, [...imports, uvu, dir, pattern], {
    cwd: root,
    env: { ...process.env, ...pass.env },
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
    maxBuffer: 256 * 1024 * 1024,
  });
  process.stdout.write(result.stdout ?? "");
  const count = (label) => Number(new RegExp(`${label}:\\s+(\\d+)`).exec(result.stdout ?? "")?.[1] ?? 0);
  const total = count("Total");
  const ok = count("Passed");
  passed += ok;
  failed += total - ok - count("Skipped");
  if (result.status !== 0 && total === ok) failed += 1; // a crash outside any test still fails the run
}
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
