import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";

/** A free TCP port on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

export interface ServerProcess {
  readonly url: string;
  readonly output: () => string;
  stop(): Promise<number | null>;
}

/** Starts the built server (dist/server/main.js) as `npm start` does, and waits until it is up. */
export async function startServer(env: Record<string, string>, args: string[] = [], options: { port?: number } = {}): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const child: ChildProcess = spawn(process.execPath, ["dist/server/main.js", ...args], {
    env: { ...process.env, LOG_LEVEL: "warn", HOST: "127.0.0.1", PORT: String(port), ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start within 180 s:\n${output}`)), 180_000);
    const check = () => {
      if (output.includes("Meridian is running at")) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on("data", check);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    output: () => output,
    stop: async () => {
      child.kill("SIGTERM");
      return exited;
    },
  };
}
