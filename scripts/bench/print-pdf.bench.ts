// The PDF export of a 10-page dashboard: warm (the pool's browser and page ready) against cold (a
// new browser for every PDF), and PDFs per minute through the API with 4 requests at a time.
// The built server runs as `npm start` does, on a fresh DATA_DIR with the demo data; the
// dashboard is made through the API as its owner would.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createTokenSigner } from "../../src/server/platform/auth/tokens";
import { createPdfPool } from "../../src/server/platform/print/pdf-pool";
import { mintPrintToken } from "../../src/server/platform/print/print-tokens";
import { startServer } from "../../test/support/server-process";

const SECRET = "bench-print-secret-key-0123456789abcdef";
const WARM_GOAL_MS = 2_000;
const RATIO_GOAL = 5;
const PAGES_WANTED = 10;

const dataDir = mkdtempSync(join(tmpdir(), "meridian-bench-print-"));
const server = await startServer({ DATA_DIR: dataDir, SECRET_KEY: SECRET });
try {
  const call = async (token: string | null, method: string, path: string, body?: unknown) => {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: { "content-type": "application/json", "x-requested-with": "meridian", ...(token ? { authorization: `Bearer ${token}` } : {}) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return response;
  };
  const { access } = (await (await call(null, "POST", "/auth-api/auth/token/", { email: "admin@demo.example", password: "meridian-demo" })).json()) as { access: string };
  const kpis = ((await (await call(access, "GET", "/api/kpis/meta/")).json()) as { id: number }[]).slice(0, 6);
  const dashboard = (await (await call(access, "POST", "/api/custom-dashboards/", { name: "Ten pages", kind: "canvas" })).json()) as { id: number };
  // Two charts of 9 rows side by side: a landscape page holds about one such row of cards.
  for (let index = 0; index < PAGES_WANTED * 2; index++) {
    const layout = { x: (index % 2) * 6, y: Math.floor(index / 2) * 12, w: 6, h: 12 };
    await call(access, "POST", `/api/custom-dashboards/${dashboard.id}/cards/`, { title: `Trend ${index + 1}`, content: { type: "kpiChart", kpiId: kpis[index % kpis.length]!.id, bucketSize: 1, timeRange: 12 }, layout });
  }
  const claims = JSON.parse(Buffer.from(access.split(".")[1]!, "base64url").toString()) as { tid: string; sub: string };
  const signer = createTokenSigner(SECRET);
  const job = async () => ({
    baseUrl: server.url,
    path: `/export/custom-dashboard/${dashboard.id}`,
    handoff: { token: (await mintPrintToken(signer, { tenantId: claims.tid, userId: Number(claims.sub) }, { kind: "custom-dashboard", id: dashboard.id })).token, theme: "dark" as const, orientation: "landscape" as const },
  });

  const timed = async (work: () => Promise<Buffer>) => {
    const started = performance.now();
    const pdf = await work();
    return { ms: performance.now() - started, pdf };
  };
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

  // Cold: a new browser for each PDF, started and closed inside the measurement.
  const cold: number[] = [];
  for (let run = 0; run < 3; run++) {
    const pool = createPdfPool();
    const printJob = await job();
    cold.push((await timed(() => pool.print(printJob).finally(() => pool.close()))).ms);
  }

  // Warm: the pool's browser and page are up (as after the first export, or PDF_WARM=1).
  const pool = createPdfPool();
  await pool.warm();
  await pool.print(await job());
  const warm: number[] = [];
  let pages = 0;
  for (let run = 0; run < 5; run++) {
    const printJob = await job();
    const { ms, pdf } = await timed(() => pool.print(printJob));
    warm.push(ms);
    pages = (pdf.toString("latin1").match(/\/Type\s*\/Page[^s]/g) ?? []).length;
  }
  await pool.close();

  // Throughput through the API (the server's own pool, 2 pages): 4 requests at a time, 16 PDFs.
  const total = 16;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < total) {
        next++;
        const response = await call(access, "POST", `/api/custom-dashboards/${dashboard.id}/export/pdf/`, { orientation: "landscape", theme: "dark" });
        await response.arrayBuffer();
      }
    }),
  );
  const perMinute = (total / (performance.now() - started)) * 60_000;

  const warmMs = median(warm);
  const coldMs = median(cold);
  console.log(
    JSON.stringify({
      name: `PDF export of a ${pages}-page dashboard (20 KPI chart cards, landscape, dark)`,
      rows: [
        { case: "cold: a new browser per PDF", runs: cold.length, "median ms": Math.round(coldMs), "max ms": Math.round(Math.max(...cold)) },
        { case: "warm: the pool's browser and page ready", runs: warm.length, "median ms": Math.round(warmMs), "max ms": Math.round(Math.max(...warm)) },
        { case: "through the API, 4 requests at a time", runs: total, "PDFs per minute": Math.round(perMinute) },
      ],
      ratios: [
        { label: "cold / warm", value: coldMs / warmMs, goal: `≥ ${RATIO_GOAL}`, met: coldMs / warmMs >= RATIO_GOAL },
        { label: `warm median / ${WARM_GOAL_MS} ms goal`, value: warmMs / WARM_GOAL_MS, goal: "≤ 1", met: warmMs <= WARM_GOAL_MS },
      ],
      notes: [`the server's pool renders 2 PDFs at once (PDF_CONCURRENCY); ${pages} pages per PDF`, "warm includes loading the print route and its data: only the browser and its page are kept"],
    }),
  );
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(0);
