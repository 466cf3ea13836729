import { test } from "uvu";
import * as assert from "uvu/assert";
import { integrationView } from "../../../src/domain/integrations/catalogue";
import { describeHostList, isAddressListed, isHostAllowed, parseHostList } from "../../../src/domain/integrations/host-allow-list";
import { RERUN_WAIT_MS, rerunWaitLeft, rerunWaitMessage } from "../../../src/domain/integrations/messages";

test("the rerun wait counts from the last request and never past the wait", () => {
  const at = new Date("2026-04-01T10:00:00Z");
  const after = (ms: number) => new Date(at.getTime() + ms);
  assert.is(rerunWaitLeft(null, at), 0);
  assert.is(rerunWaitLeft(at, at), RERUN_WAIT_MS);
  assert.is(rerunWaitLeft(at, after(60_000)), RERUN_WAIT_MS - 60_000);
  assert.is(rerunWaitLeft(at, after(RERUN_WAIT_MS)), 0);
  assert.is(rerunWaitLeft(at, after(RERUN_WAIT_MS + 1)), 0);
  // A clock that went back does not block for longer than the wait.
  assert.is(rerunWaitLeft(at, after(-3_600_000)), RERUN_WAIT_MS);
});

test("the rerun message says the wait and what is left, in minutes or seconds", () => {
  const cases: [number, string][] = [
    [RERUN_WAIT_MS, "This integration was synchronized less than 5 minutes ago. You can run it again in 5 minutes."],
    [61_000, "This integration was synchronized less than 5 minutes ago. You can run it again in 2 minutes."],
    [60_000, "This integration was synchronized less than 5 minutes ago. You can run it again in 1 minute."],
    [59_500, "This integration was synchronized less than 5 minutes ago. You can run it again in 60 seconds."],
    [1_000, "This integration was synchronized less than 5 minutes ago. You can run it again in 1 second."],
    [1, "This integration was synchronized less than 5 minutes ago. You can run it again in 1 second."],
  ];
  for (const [left, text] of cases) assert.is(rerunWaitMessage(left), text);
});

test("host allow-lists: host, host:port, IPv6 in brackets; bad entries are named", () => {
  const parsed = parseHostList(" db.example.com, 10.0.0.5:6432 ,[::1]:5432, Reports.Example.COM.");
  assert.ok(!parsed.ok, "a trailing dot is no host name");
  const list = parseHostList(" db.example.com, 10.0.0.5:6432 ,[::1]:5432, Reports.Example.COM");
  assert.ok(list.ok);
  if (!list.ok) return;
  assert.equal(list.hosts, [
    { host: "db.example.com", port: null },
    { host: "10.0.0.5", port: 6432 },
    { host: "::1", port: 5432 },
    { host: "reports.example.com", port: null },
  ]);
  assert.is(describeHostList(list.hosts), "db.example.com, 10.0.0.5:6432, [::1]:5432, reports.example.com");
  for (const bad of ["db.example.com:0", "db.example.com:70000", "user@db", "db/x", "[::1", "http://db.example.com"]) {
    const result = parseHostList(bad);
    assert.ok(!result.ok, bad);
    if (!result.ok) assert.match(result.message, "is not a host or host:port");
  }
  assert.equal(parseHostList(undefined), { ok: true, hosts: [] });
  assert.equal(parseHostList(" , "), { ok: true, hosts: [] });
});

test("a host is allowed on its listed port, or the default port when none is listed", () => {
  const list = parseHostList("db.example.com, 10.0.0.5:6432, [::1]:5432");
  assert.ok(list.ok);
  if (!list.ok) return;
  const cases: [string, number, boolean][] = [
    ["db.example.com", 5432, true],
    ["DB.Example.com", 5432, true],
    ["db.example.com.", 5432, true],
    ["db.example.com", 6432, false],
    ["10.0.0.5", 6432, true],
    ["10.0.0.5", 5432, false],
    ["[::1]", 5432, true],
    ["::1", 5432, true],
    ["evil.example.com", 5432, false],
    ["example.com", 5432, false],
  ];
  for (const [host, port, allowed] of cases) assert.is(isHostAllowed(list.hosts, host, port, 5432), allowed, `${host}:${port}`);
  assert.ok(isAddressListed(list.hosts, "10.0.0.5"));
  assert.not.ok(isAddressListed(list.hosts, "10.0.0.6"));
});

test("the view name of /integration/{viewName}: a connector's connect view, an integration's manage view", () => {
  assert.equal(integrationView(undefined), { kind: "overview" });
  assert.equal(integrationView("postgresql"), { kind: "connect", name: "postgresql" });
  assert.equal(integrationView("csv-url"), { kind: "connect", name: "csv-url" });
  assert.equal(integrationView("12"), { kind: "manage", id: 12 });
  for (const other of ["0", "-1", "1.5", "accounting", "9999999999999999999", "abc"]) assert.equal(integrationView(other), { kind: "unknown" }, other);
});

test.run();
