// Initial JavaScript: what the browser must load before the app can paint its first screen —
// the entry script and every chunk it imports statically (from esbuild's metafile), each file
// gzipped as the server would send it. Bound: 200 KB gzipped; above it this bench fails.
// For context (no bound) it also prints everything the sign-in screen and the first signed-in
// screen load, lazy chunks included. Reads dist/ (npm run bench builds first).
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

const BOUND_KB = 200;
const root = join(new URL(".", import.meta.url).pathname, "../..");
const metafilePath = join(root, "dist/client-metafile.json");

type Output = { entryPoint?: string; imports: { path: string; kind: string }[] };

if (!existsSync(metafilePath)) {
  console.error("dist/client-metafile.json is missing: run `npm run build` first");
  process.exit(1);
}
const outputs = (JSON.parse(readFileSync(metafilePath, "utf8")) as { outputs: Record<string, Output> }).outputs;

/** The output file built from a source module (the entry, or a module something imports dynamically). */
const outputOf = (source: string) => {
  const found = Object.keys(outputs).find((file) => outputs[file]!.entryPoint === source);
  if (!found) throw new Error(`no output for ${source}: was it renamed?`);
  return found;
};

/** The files a chunk needs before it runs: itself and its static imports, transitively. */
const closure = (file: string, seen = new Set<string>()) => {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const imported of outputs[file]?.imports ?? []) if (imported.kind === "import-statement") closure(imported.path, seen);
  return seen;
};

const gzipKb = (files: Set<string>) => [...files].reduce((sum, file) => sum + gzipSync(readFileSync(join(root, file))).length, 0) / 1024;
const union = (...sources: string[]) => {
  const files = new Set<string>();
  for (const source of sources) closure(outputOf(source), files);
  return files;
};

const entry = "src/client/main.tsx";
const initial = union(entry);
const initialKb = gzipKb(initial);
// After the entry: the platform chunk (Effect layer, contracts, bus), then the screen's chunk
// and the chunks of the features it registers.
const signIn = union(entry, "src/client/app/platform.ts", "src/client/features/session/views/login-screen.tsx", "src/client/features/account/feature.ts");
const firstSignedIn = union(entry, "src/client/app/platform.ts", "src/client/app/main-layout.tsx", "src/client/features/kpis/views/my-dashboard-screen.tsx", "src/client/features/kpis/feature.ts");
const met = initialKb <= BOUND_KB;

console.log(
  JSON.stringify({
    name: "initial JavaScript (gzipped): the entry and its static imports",
    rows: [
      { case: "initial JavaScript (entry + static imports)", KB: +initialKb.toFixed(1), files: initial.size, bound: `≤ ${BOUND_KB} KB` },
      { case: "sign-in screen at / (signed out), all chunks", KB: +gzipKb(signIn).toFixed(1), files: signIn.size, bound: "none" },
      { case: "first signed-in screen (/my-dashboard), all chunks", KB: +gzipKb(firstSignedIn).toFixed(1), files: firstSignedIn.size, bound: "none" },
    ],
    ratios: [{ label: `initial JavaScript / ${BOUND_KB} KB`, value: initialKb / BOUND_KB, goal: "≤ 1", met }],
    notes: [
      `initial JavaScript ${initialKb.toFixed(1)} KB gzipped (bound ${BOUND_KB} KB): ${met ? "within" : "OVER"}`,
      // Honest reading: the entry paints "Loading…"; the sign-in form needs the platform chunk too.
      `the sign-in form shows after the platform chunk: ${gzipKb(signIn).toFixed(1)} KB in all before a signed-out visitor can type (${gzipKb(signIn) <= BOUND_KB ? "within" : "not yet within"} ${BOUND_KB} KB)`,
    ],
  }),
);
process.exit(met ? 0 : 1);
