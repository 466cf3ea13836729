import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { ConfigError, loadConfig, parseRoots } from "../../src/server/config";

const dataDir = () => mkdtempSync(join(tmpdir(), "meridian-config-"));

test("defaults: port 3000 on localhost, embedded database with demo data", () => {
  const config = loadConfig({ DATA_DIR: dataDir() }, []);
  assert.is(config.port, 3000);
  assert.is(config.host, "localhost");
  assert.is(config.databaseUrl, undefined);
  assert.is(config.seedDemo, true);
  assert.is(config.publicUrl, "http://localhost:3000");
  assert.equal(config.roots, ["main", "auth", "warehouse", "ai"]);
});

test("with DATABASE_URL demo data only on SEED_DEMO=1; SEED_DEMO=0 turns it off everywhere", () => {
  const dir = dataDir();
  assert.is(loadConfig({ DATA_DIR: dir, DATABASE_URL: "postgres://x/y" }, []).seedDemo, false);
  assert.is(loadConfig({ DATA_DIR: dir, DATABASE_URL: "postgres://x/y", SEED_DEMO: "1" }, []).seedDemo, true);
  assert.is(loadConfig({ DATA_DIR: dir, SEED_DEMO: "0" }, []).seedDemo, false);
});

test("a generated SECRET_KEY is kept in DATA_DIR (readable by the owner only) and reused", () => {
  const dir = dataDir();
  const first = loadConfig({ DATA_DIR: dir }, []).secretKey;
  assert.is(first.length, 64);
  assert.is(loadConfig({ DATA_DIR: dir }, []).secretKey, first);
  assert.is(readFileSync(join(dir, "secret.key"), "utf8").trim(), first);
  assert.is(statSync(join(dir, "secret.key")).mode & 0o777, 0o600);
  assert.is(loadConfig({ DATA_DIR: dir, SECRET_KEY: "explicit" }, []).secretKey, "explicit");
});

test("INTEGRATION_CONNECTION_KEY and INTEGRATION_CONNECTION_OLD_KEYS: keys of at least 32 characters, old ones comma-separated", () => {
  const dir = dataDir();
  const key = "n".repeat(32);
  const config = loadConfig({ DATA_DIR: dir, INTEGRATION_CONNECTION_KEY: key, INTEGRATION_CONNECTION_OLD_KEYS: ` ${"a".repeat(40)} ,${"b".repeat(32)},` }, []);
  assert.equal([config.connectionKey, config.connectionOldKeys], [key, ["a".repeat(40), "b".repeat(32)]]);
  const plain = loadConfig({ DATA_DIR: dir }, []);
  assert.equal([plain.connectionKey, plain.connectionOldKeys], [undefined, undefined], "unset: SECRET_KEY seals, as before");
  assert.throws(() => loadConfig({ DATA_DIR: dir, INTEGRATION_CONNECTION_KEY: "short" }, []), (error: Error) => error instanceof ConfigError && /at least 32 characters/.test(error.message));
  assert.throws(() => loadConfig({ DATA_DIR: dir, INTEGRATION_CONNECTION_OLD_KEYS: "short" }, []), /INTEGRATION_CONNECTION_OLD_KEYS takes keys/);
});

test("PUBLIC_URL and PORT", () => {
  assert.is(loadConfig({ DATA_DIR: dataDir(), PUBLIC_URL: "https://kpi.example.com/" }, []).publicUrl, "https://kpi.example.com");
  assert.is(loadConfig({ DATA_DIR: dataDir(), PORT: "8080" }, []).publicUrl, "http://localhost:8080");
  assert.throws(() => loadConfig({ DATA_DIR: dataDir(), PORT: "eighty" }, []), (error: Error) => error instanceof ConfigError && /PORT/.test(error.message));
});

test("SMTP_URL must be an smtp or smtps URL", () => {
  assert.is(loadConfig({ DATA_DIR: dataDir(), SMTP_URL: "smtp://u:p@mail.example:587" }, []).smtpUrl, "smtp://u:p@mail.example:587");
  assert.throws(() => loadConfig({ DATA_DIR: dataDir(), SMTP_URL: "mail.example" }, []), /SMTP_URL/);
});

test("--roots as a table", () => {
  assert.equal(parseRoots(["--roots", "main,auth"]), ["main", "auth"]);
  assert.equal(parseRoots(["--roots=warehouse"]), ["warehouse"]);
  assert.equal(parseRoots(["--migrate-only"]), ["main", "auth", "warehouse", "ai"]);
  for (const bad of [["--roots"], ["--roots", "main,billing"], ["--roots="]]) {
    assert.throws(() => parseRoots(bad), /--roots takes/, bad.join(" "));
  }
});

test("integration allow-lists: none by default; host or host:port, comma-separated; a bad entry stops the start", () => {
  const defaults = loadConfig({ DATA_DIR: dataDir() }, []);
  assert.equal([defaults.integrationDatabaseHosts, defaults.integrationCsvHosts], [[], []]);
  const set = loadConfig({ DATA_DIR: dataDir(), INTEGRATION_DATABASE_HOSTS: "db.example.com, 10.0.0.5:6432", INTEGRATION_CSV_HOSTS: "files.example.com" }, []);
  assert.equal(set.integrationDatabaseHosts, [{ host: "db.example.com", port: null }, { host: "10.0.0.5", port: 6432 }]);
  assert.equal(set.integrationCsvHosts, [{ host: "files.example.com", port: null }]);
  assert.throws(() => loadConfig({ DATA_DIR: dataDir(), INTEGRATION_DATABASE_HOSTS: "postgres://db.example.com" }, []), (error: Error) => error instanceof ConfigError && /INTEGRATION_DATABASE_HOSTS/.test(error.message));
});

test.run();
