// Prints what the initial JavaScript (entry and its static imports) is made of, by package,
// gzip-estimated by each input's share of its output file. Run after `npm run build`.
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { join } from "node:path";

const root = join(new URL(".", import.meta.url).pathname, "../..");
const metafile = JSON.parse(readFileSync(join(root, "dist/client-metafile.json"), "utf8"));
const meta = JSON.parse(readFileSync(join(root, "dist/client-meta.json"), "utf8"));
const byPackage = new Map();
for (const file of meta.initialFiles) {
  const out = `dist/client${file}`;
  const output = metafile.outputs[out];
  const ratio = gzipSync(readFileSync(join(root, out))).length / output.bytes;
  for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
    // node_modules may be a symlink (a worktree's): the package follows its last node_modules.
    const parts = input.split("/");
    const at = parts.lastIndexOf("node_modules");
    const name = at >= 0 ? parts.slice(at + 1, at + (parts[at + 1].startsWith("@") ? 3 : 2)).join("/") : parts.slice(0, 3).join("/");
    byPackage.set(name, (byPackage.get(name) ?? 0) + bytesInOutput * ratio);
  }
}
const rows = [...byPackage].sort((a, b) => b[1] - a[1]);
for (const [name, bytes] of rows) if (bytes > 1024) console.log(`${(bytes / 1024).toFixed(1).padStart(7)} KB  ${name}`);
console.log(`${(meta.initialGzipBytes / 1024).toFixed(1).padStart(7)} KB  total (gzipped)`);
