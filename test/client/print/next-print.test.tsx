import { test } from "uvu";
import * as assert from "uvu/assert";
import { PRINT_CLEAR_KEY, PRINT_HANDOFF_KEY, PRINT_NEXT_KEY, type PrintHandoff } from "../../../src/contracts/print";
import { keepForNextPrints, type RunningApp } from "../../../src/client/print/next-print";
import { currentPrintEnvironment } from "../../../src/client/print/print-session";

const globals = window as unknown as Record<string, unknown>;
const first: PrintHandoff = { token: "token-of-company-a", theme: "dark", orientation: "landscape" };
const second: PrintHandoff = { token: "token-of-company-b", theme: "light", orientation: "portrait" };

/** A stand-in for main.tsx's app: counts unmounts, boots and which buses were stopped. */
function fakeApp() {
  const log: string[] = [];
  let boots = 0;
  const app = (name: string): RunningApp => ({ bus: { stop: () => log.push(`stop ${name}`) } });
  return {
    log,
    first: app("first"),
    reboot: {
      unmount: () => log.push("unmount"),
      boot: async () => {
        boots++;
        // What the new platform would read as it boots: the handed-over print.
        log.push(`boot ${boots} with ${currentPrintEnvironment()?.handoff?.token ?? "no token"} at ${window.location.pathname}`);
        return app(`boot ${boots}`);
      },
    },
  };
}

test.after.each(() => {
  delete globals[PRINT_NEXT_KEY];
  delete globals[PRINT_CLEAR_KEY];
});

test("a person's preview (no renderer handoff) is not kept for next prints", () => {
  window.history.replaceState(null, "", "/print/reporting/custom-dashboard/3");
  const app = fakeApp();
  keepForNextPrints(app.first, app.reboot);
  assert.is(globals[PRINT_NEXT_KEY], undefined);
  assert.is(globals[PRINT_CLEAR_KEY], undefined);
});

test("the renderer's page is handed the next print: old tree and bus gone, new token and route, a fresh boot; clear drops the print", async () => {
  window.history.replaceState(null, "", "/export/custom-dashboard/3");
  Object.defineProperty(window, PRINT_HANDOFF_KEY, { value: Object.freeze({ ...first }), configurable: true, writable: false });
  assert.is(currentPrintEnvironment()?.handoff?.token, "token-of-company-a");
  const app = fakeApp();
  keepForNextPrints(app.first, app.reboot);
  const next = globals[PRINT_NEXT_KEY] as (handoff: unknown, path: unknown) => Promise<void>;
  const clear = globals[PRINT_CLEAR_KEY] as () => void;

  clear();
  assert.equal(app.log, ["stop first", "unmount"]);
  assert.is(globals[PRINT_HANDOFF_KEY], undefined, "the first print's token is gone from the page");
  assert.is(currentPrintEnvironment()?.handoff, null, "no print's token between prints");

  await next(second, "/export/custom-dashboard/9");
  assert.equal(app.log.slice(2), ["unmount", "boot 1 with token-of-company-b at /export/custom-dashboard/9"]);
  assert.equal(currentPrintEnvironment(), { route: { purpose: "export", resource: { kind: "custom-dashboard", id: 9 } }, handoff: second, theme: "light", orientation: "portrait" });
  assert.not.ok(window.location.href.includes("token"), "the token is never in the address");

  await next(first, "/export/custom-dashboard/3");
  assert.equal(app.log.slice(4), ["stop boot 1", "unmount", "boot 2 with token-of-company-a at /export/custom-dashboard/3"]);
});

test("a next print to an address that is not a print route is refused after the last print is dropped", async () => {
  window.history.replaceState(null, "", "/export/custom-dashboard/3");
  const app = fakeApp();
  keepForNextPrints(app.first, app.reboot);
  // keepForNextPrints needs the renderer's handoff: the previous test's hand-over is still in effect.
  const next = globals[PRINT_NEXT_KEY] as (handoff: unknown, path: unknown) => Promise<void>;
  assert.ok(next, "kept");
  let refused: unknown = null;
  await next(second, "/settings/profile").catch((error: unknown) => (refused = error));
  assert.instance(refused, Error);
  assert.equal(app.log, ["stop first", "unmount"]);
  assert.is(currentPrintEnvironment()?.handoff, null, "no token left after a refused hand-over");
  assert.is(window.location.pathname, "/export/custom-dashboard/3");
});

test.run();
