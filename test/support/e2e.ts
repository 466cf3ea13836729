import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Test } from "uvu";
import { launchBrowser } from "./browser";
import { startServer, type ServerProcess } from "./server-process";

/**
 * One built server on a fresh DATA_DIR and one browser for a suite of browser tests, started
 * before its first test and cleaned up after its last.
 */
export function useServerAndBrowser(suite: Test, env: Record<string, string> = {}) {
  const state = {} as { server: ServerProcess; browser: Awaited<ReturnType<typeof launchBrowser>>; dataDir: string };
  suite.before(async () => {
    try {
      state.dataDir = mkdtempSync(join(tmpdir(), "meridian-e2e-"));
      state.server = await startServer({ DATA_DIR: state.dataDir, ...env });
      state.browser = await launchBrowser();
    } catch (error) {
      // uvu swallows an error thrown by a hook (its runner returns from `finally`): say it here,
      // or the suite only reports "0 passed" without a reason.
      console.error("The suite could not start its server and browser:", error);
      throw error;
    }
  });
  suite.after(async () => {
    await state.browser?.cleanup();
    await state.server?.stop();
    rmSync(state.dataDir, { recursive: true, force: true });
  });
  return state;
}
