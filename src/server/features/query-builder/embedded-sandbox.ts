import { Mutex } from "async-mutex";
import { Worker } from "node:worker_threads";
import type { QueryRun, SandboxAnswer, SandboxRequest } from "./sandbox-protocol";

/** A sandbox nobody used for this long is ended: an idle PGlite holds a few hundred MB. */
const IDLE_MS = 5 * 60_000;
/** Starting PGlite takes seconds on a busy machine; this much is never a healthy start. */
const START_TIMEOUT_MS = 60_000;

/**
 * The embedded sandbox worker (sandbox-worker.ts), started on first use. Runs go one at a time
 * (one PGlite is one session); each may take `deadlineMs` once it starts, after which the worker
 * is terminated (a synchronous WASM query cannot be interrupted any other way) and the next run
 * starts a fresh one. The worker never keeps the process alive.
 */
export class EmbeddedSandbox {
  private worker: Worker | null = null;
  private ready: Promise<Worker> | null = null;
  private readonly lock = new Mutex();
  private idle: NodeJS.Timeout | null = null;
  private nextId = 1;

  async run(request: Omit<SandboxRequest, "id">, deadlineMs: number): Promise<QueryRun> {
    return this.lock.runExclusive(async () => {
      if (this.idle) clearTimeout(this.idle);
      try {
        const worker = await this.started();
        return await this.ask(worker, { ...request, id: this.nextId++ }, deadlineMs);
      } finally {
        this.idle = setTimeout(() => void this.stop(), IDLE_MS);
        this.idle.unref();
      }
    });
  }

  async stop() {
    const worker = this.worker;
    this.worker = null;
    this.ready = null;
    if (worker) await worker.terminate();
  }

  private started(): Promise<Worker> {
    this.ready ??= new Promise<Worker>((resolve, reject) => {
      const worker = newWorker();
      worker.unref();
      const timer = setTimeout(() => fail(new Error("The query sandbox did not start.")), START_TIMEOUT_MS);
      const fail = (error: Error) => {
        clearTimeout(timer);
        this.ready = null;
        void worker.terminate();
        reject(error);
      };
      worker.once("message", (answer: SandboxAnswer) => {
        clearTimeout(timer);
        if (answer.kind !== "ready") return fail(new Error("The query sandbox did not start."));
        this.worker = worker;
        resolve(worker);
      });
      worker.once("error", fail);
      // A worker that ends by itself (out of memory, a crash) is started again by the next run.
      worker.once("exit", () => {
        if (this.worker === worker) {
          this.worker = null;
          this.ready = null;
        }
      });
    });
    return this.ready;
  }

  private ask(worker: Worker, request: SandboxRequest, deadlineMs: number): Promise<QueryRun> {
    return new Promise<QueryRun>((resolve, reject) => {
      const settle = (outcome: () => void) => {
        clearTimeout(deadline);
        worker.off("message", onMessage);
        worker.off("exit", onExit);
        outcome();
      };
      const onMessage = (answer: SandboxAnswer) => {
        if (answer.kind === "done" && answer.id === request.id) settle(() => resolve(answer.run));
        if (answer.kind === "failed" && answer.id === request.id) settle(() => reject(new Error(answer.message)));
      };
      const onExit = () => settle(() => reject(new Error("The query stopped the sandbox it ran in (it may have used too much memory).")));
      const deadline = setTimeout(() => {
        settle(() => reject(new Error(`The query ran longer than ${deadlineMs / 1000} seconds and was stopped.`)));
        void this.stop();
      }, deadlineMs);
      worker.on("message", onMessage);
      worker.on("exit", onExit);
      worker.postMessage(request);
    });
  }
}

/**
 * The worker: the server bundle's own entry dist/server/query-sandbox.js (build.mjs), or, when
 * this runs from source (tests, tsx), sandbox-worker.ts loaded through tsx's API (a worker does
 * not inherit the main thread's TypeScript loader).
 */
function newWorker(): Worker {
  if (!import.meta.url.endsWith(".ts")) return new Worker(new URL("./query-sandbox.js", import.meta.url));
  const tsx = import.meta.resolve("tsx/esm/api");
  const source = new URL("./sandbox-worker.ts", import.meta.url).href;
  return new Worker(`import(${JSON.stringify(tsx)}).then((api) => api.tsImport(${JSON.stringify(source)}, ${JSON.stringify(import.meta.url)}))`, { eval: true });
}
