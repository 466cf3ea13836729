// Builds the client (ESM, code-split, hashed, with a metafile) and the server bundle.
//   node build.mjs                 both
//   node build.mjs --server-only   the server alone (npm run migrate)
//   node build.mjs --watch         rebuild on change and restart the server (npm run dev)
import * as esbuild from "esbuild";
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { builtinModules } from "node:module";
import { dirname, join, relative, resolve } from "node:path";
import { gzipSync } from "node:zlib";

const root = dirname(new URL(import.meta.url).pathname);
const args = new Set(process.argv.slice(2));
const watch = args.has("--watch");
const serverOnly = args.has("--server-only");
const clientOut = join(root, "dist/client");
const serverOut = join(root, "dist/server");
const serverSource = join(root, "src/server") + "/";
const builtins = new Set(builtinModules);

/** The client may reach neither server code nor Node built-ins: fail the build, naming the import. */
const clientBoundary = {
  name: "client-boundary",
  setup(build) {
    build.onResolve({ filter: /.*/ }, (args) => {
      const bare = args.path.split("/")[0];
      if (args.path.startsWith("node:") || (args.kind !== "entry-point" && builtins.has(bare) && !args.path.startsWith("."))) {
        return { errors: [{ text: `The client cannot import the Node module "${args.path}" (from ${relative(root, args.importer)})` }] };
      }
      if (args.path.startsWith(".")) {
        const target = resolve(args.resolveDir, args.path);
        if (target.startsWith(serverSource)) {
          return { errors: [{ text: `The client cannot import server code "${relative(root, target)}" (from ${relative(root, args.importer)})` }] };
        }
      }
      return undefined;
    });
  },
};

/** Writes index.html pointing at the hashed entry, and reports the initial JavaScript size. */
const clientIndex = {
  name: "client-index",
  setup(build) {
    build.onEnd((result) => {
      if (result.errors.length > 0 || !result.metafile) return;
      const outputs = result.metafile.outputs;
      const entry = Object.keys(outputs).find((file) => outputs[file].entryPoint === "src/client/main.tsx");
      if (!entry) return;
      const initial = staticClosure(outputs, entry);
      const gzipped = initial.reduce((sum, file) => sum + gzipSync(readFileSync(join(root, file))).length, 0);
      const buildId = createHash("sha256").update(initial.map((file) => relative(clientOut, join(root, file))).join()).digest("hex").slice(0, 12);
      const url = (file) => "/" + relative(clientOut, join(root, file));
      const preloads = initial.filter((file) => file !== entry).map((file) => `    <link rel="modulepreload" href="${url(file)}">`);
      writeFileSync(
        join(clientOut, "index.html"),
        [
          "<!doctype html>",
          '<html lang="en">',
          "  <head>",
          '    <meta charset="utf-8">',
          '    <meta name="viewport" content="width=device-width, initial-scale=1">',
          `    <meta name="meridian-build" content="${buildId}">`,
          "    <title>Meridian</title>",
          '    <link rel="icon" href="data:,">',
          "    <style>html,body{margin:0;background:#0f1420;color:#e6e9ef;font-family:system-ui,sans-serif}@media (prefers-color-scheme: light){html,body{background:#f6f7fb;color:#161b26}}</style>",
          `    <script type="module" src="${url(entry)}"></script>`,
          ...preloads,
          ...(watch ? ['    <script type="module" src="/dev-reload.js"></script>'] : []),
          "  </head>",
          "  <body>",
          '    <div id="root"></div>',
          "  </body>",
          "</html>",
          "",
        ].join("\n"),
      );
      writeFileSync(join(root, "dist/client-metafile.json"), JSON.stringify(result.metafile));
      writeFileSync(join(root, "dist/client-meta.json"), JSON.stringify({ buildId, initialFiles: initial.map(url), initialGzipBytes: gzipped }, null, 2));
      console.log(`client: initial JavaScript ${(gzipped / 1024).toFixed(1)} KB gzipped (${initial.length} file${initial.length === 1 ? "" : "s"}), build ${buildId}`);
    });
  },
};

/** The entry and every chunk it imports statically: what the browser loads before the first screen. */
function staticClosure(outputs, entry) {
  const seen = new Set();
  const visit = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const imported of outputs[file]?.imports ?? []) if (imported.kind === "import-statement") visit(imported.path);
  };
  visit(entry);
  return [...seen];
}

const clientOptions = {
  entryPoints: ["src/client/main.tsx"],
  absWorkingDir: root,
  outdir: clientOut,
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "browser",
  target: ["es2022"],
  entryNames: "assets/[name]-[hash]",
  chunkNames: "assets/chunk-[hash]",
  assetNames: "assets/[name]-[hash]",
  // Fonts ship with the app (src/client/ui/font.ts): an import gives the file's hashed URL.
  loader: { ".woff2": "file" },
  publicPath: "/",
  minify: !watch,
  sourcemap: true,
  metafile: true,
  jsx: "automatic",
  define: { "process.env.NODE_ENV": JSON.stringify(watch ? "development" : "production") },
  alias: { "fast-check": join(root, "scripts/build/fast-check-stub.js") },
  logLevel: "warning",
  plugins: [clientBoundary, clientIndex],
};

const serverOptions = {
  // The query builder's embedded sandbox runs in a worker thread: its own entry (run-query.ts).
  entryPoints: { main: "src/server/main.ts", "query-sandbox": "src/server/features/query-builder/sandbox-worker.ts" },
  absWorkingDir: root,
  outdir: serverOut,
  bundle: true,
  platform: "node",
  format: "esm",
  target: ["node20"],
  packages: "external",
  sourcemap: true,
  metafile: true,
  logLevel: "warning",
};

if (!watch) {
  if (!serverOnly) rmSync(clientOut, { recursive: true, force: true });
  mkdirSync(clientOut, { recursive: true });
  const builds = [esbuild.build(serverOptions)];
  if (!serverOnly) builds.push(esbuild.build(clientOptions));
  try {
    await Promise.all(builds);
  } catch {
    process.exit(1); // esbuild has printed the errors
  }
} else {
  rmSync(clientOut, { recursive: true, force: true });
  mkdirSync(clientOut, { recursive: true });
  // The page reloads itself when the server comes back after a rebuild.
  writeFileSync(
    join(clientOut, "dev-reload.js"),
    "let seen=false;const es=new EventSource('/__dev/reload');es.onopen=()=>{if(seen)location.reload();seen=true};\n",
  );
  let server;
  const restart = () => {
    if (server) server.kill("SIGTERM");
    server = spawn(process.execPath, ["--enable-source-maps", "dist/server/main.js"], {
      cwd: root,
      stdio: "inherit",
      env: { ...process.env, NODE_ENV: "development" },
    });
  };
  let timer;
  const restartSoon = {
    name: "restart-server",
    setup(build) {
      build.onEnd((result) => {
        if (result.errors.length > 0) return;
        clearTimeout(timer);
        timer = setTimeout(restart, 100);
      });
    },
  };
  const server_ = await esbuild.context({ ...serverOptions, plugins: [restartSoon] });
  const client = await esbuild.context({ ...clientOptions, plugins: [...clientOptions.plugins, restartSoon] });
  await Promise.all([server_.watch(), client.watch()]);
  console.log("watching src/ for changes");
}
