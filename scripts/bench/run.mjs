// npm run bench: runs every scripts/bench/*.bench.ts in its own process (so one cannot warm
// another's caches), prints one table, and writes bench-results/latest.json (plus a dated copy).
// Each benchmark prints one JSON line {name, rows:[{case, ...metrics}], ratios:[{label, value, goal?}]}.
// A benchmark that exits non-zero fails the run; its line, when it printed one, is still shown.
import { spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

const here = dirname(new URL(import.meta.url).pathname);
const root = join(here, "../..");
const only = process.argv[2];
const files = readdirSync(here).filter((file) => file.endsWith(".bench.ts") && (!only || file.includes(only))).sort();

const results = [];
for (const file of files) {
  process.stderr.write(`running ${file} …\n`);
  const run = spawnSync(process.execPath, ["--import", "tsx", join(here, file)], { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"], maxBuffer: 64 * 1024 * 1024 });
  const line = (run.stdout ?? "").trim().split("\n").filter((text) => text.startsWith("{")).at(-1);
  if (!line) {
    results.push({ name: file, error: `exit ${run.status}` });
    continue;
  }
  results.push({ ...JSON.parse(line), ...(run.status !== 0 ? { error: `exit ${run.status}` } : {}) });
}

for (const result of results) {
  console.log(`\n${result.name}`);
  if (result.error) console.log(`  failed: ${result.error}`);
  if (!result.rows) continue;
  console.table(result.rows);
  for (const ratio of result.ratios ?? []) {
    const goal = ratio.goal ? `  (goal ${ratio.goal}: ${ratio.met ? "met" : "not met"})` : "";
    console.log(`  ${ratio.label}: ${ratio.value === null ? "n/a" : `${ratio.value.toFixed(2)}×`}${goal}`);
  }
  for (const note of result.notes ?? []) console.log(`  note: ${note}`);
}

const outDir = join(root, "bench-results");
mkdirSync(outDir, { recursive: true });
const report = { at: new Date().toISOString(), node: process.version, results };
writeFileSync(join(outDir, "latest.json"), JSON.stringify(report, null, 2));
writeFileSync(join(outDir, `${report.at.replaceAll(":", "-")}.json`), JSON.stringify(report, null, 2));
console.log(`\nwrote bench-results/latest.json`);
process.exit(results.some((result) => result.error) ? 1 : 0);
