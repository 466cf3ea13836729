import { test } from "uvu";
import * as assert from "uvu/assert";
import { NOT_A_ZIP, readZipFiles, UNSAFE_ENTRY_NAME, ZipMissingFiles, ZipRefused, type ZipLimits } from "../../../../src/server/platform/files/zip-guard";
import { writeZip } from "../../../../src/server/platform/files/zip-writer";

const LIMITS: ZipLimits = { maxBytes: 1024 * 1024, maxEntries: 20 };
const WANTED = ["a.csv", "b.csv"];
const MISSING = "Some files are missing.";

const zipOf = (entries: Record<string, string | Buffer>) => writeZip(Object.entries(entries).map(([name, content]) => ({ name, content: Buffer.from(content) })));

/** The refusal's message, or "read" with the files' texts. */
async function outcome(file: Buffer, limits = LIMITS): Promise<string> {
  try {
    const files = await readZipFiles(file, WANTED, limits, MISSING);
    return `read ${[...files].map(([name, content]) => `${name}=${content.toString()}`).join(" ")}`;
  } catch (error) {
    assert.instance(error, ZipRefused);
    return error instanceof ZipMissingFiles ? `${error.message} ${error.missing.join(",")}` : (error as Error).message;
  }
}

test("the wanted files are found by base name, in any folder and any case; other entries are left alone", async () => {
  assert.is(await outcome(zipOf({ "export/A.CSV": "1", "b.csv": "2", "readme.txt": "hello", "__MACOSX/._a.csv": "fork", "export/": "" })), "read a.csv=1 b.csv=2");
});

test("what the archive lacks is named, before anything is decompressed", async () => {
  assert.is(await outcome(zipOf({ "a.csv": "1", "c.csv": "3" })), "Some files are missing. b.csv");
  assert.is(await outcome(zipOf({ "readme.txt": "x" })), "Some files are missing. a.csv,b.csv");
  // A folder named like a file is no file.
  assert.is(await outcome(zipOf({ "a.csv": "1", "b.csv/": "" })), "Some files are missing. b.csv");
});

test("a wanted file twice is refused rather than guessed", async () => {
  assert.is(await outcome(zipOf({ "one/a.csv": "1", "two/a.csv": "2", "b.csv": "" })), "The ZIP archive holds a.csv more than once; keep one.");
});

test("absolute and climbing entry names refuse the whole archive, whatever the entry", async () => {
  for (const name of ["../a.csv", "x/../../b.csv", "/etc/a.csv", "C:/a.csv", "..\\..\\a.csv", "../../readme.txt"]) {
    assert.is(await outcome(zipOf({ [name]: "1", "a.csv": "1", "b.csv": "2" })), UNSAFE_ENTRY_NAME, name);
  }
});

test("a zip bomb stops at the decompressed limit, counting real bytes, and quickly", async () => {
  const bomb = zipOf({ "a.csv": Buffer.alloc(200 * 1024 * 1024), "b.csv": "" });
  assert.ok(bomb.length < 300 * 1024, `200 MB of zeros packs small (${bomb.length} bytes)`);
  const started = Date.now();
  assert.is(await outcome(bomb, { maxBytes: 8 * 1024 * 1024, maxEntries: 20 }), "The ZIP archive unpacks to more than 8 MB.");
  assert.ok(Date.now() - started < 2000, `refused in ${Date.now() - started} ms`);
  // The limit is over the wanted files together.
  assert.is(await outcome(zipOf({ "a.csv": Buffer.alloc(600 * 1024), "b.csv": Buffer.alloc(600 * 1024) })), "The ZIP archive unpacks to more than 1 MB.");
});

test("a header that understates the unpacked size is caught by the real bytes", async () => {
  const honest = zipOf({ "a.csv": Buffer.alloc(100_000, 65), "b.csv": "2" });
  const lying = Buffer.from(honest);
  // Both the local and the central header of a.csv claim 10 bytes instead of 100,000.
  lying.writeUInt32LE(10, 22);
  const central = lying.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
  lying.writeUInt32LE(10, central + 24);
  assert.is(await outcome(lying), NOT_A_ZIP);
});

test("more entries than allowed are refused from the listing, before anything is read", async () => {
  const many = zipOf(Object.fromEntries([["a.csv", "1"], ["b.csv", "2"], ...Array.from({ length: 30 }, (_, index) => [`note${index}.txt`, "x"])]));
  assert.is(await outcome(many), "The ZIP archive has more than 20 entries.");
  // An archive whose own count is lower than its entries: the entries past the count are never
  // listed, so never decompressed either; what is listed is bounded by the same walk.
  const lowCount = Buffer.from(many);
  lowCount.writeUInt16LE(3, lowCount.length - 22 + 8);
  lowCount.writeUInt16LE(3, lowCount.length - 22 + 10);
  assert.is(await outcome(lowCount), "read a.csv=1 b.csv=2");
});

test("empty, truncated and foreign files are not archives", async () => {
  const good = zipOf({ "a.csv": "1", "b.csv": "2" });
  for (const file of [Buffer.alloc(0), good.subarray(0, good.length - 10), Buffer.from("date;amount\n2026-01-01;5\n"), Buffer.alloc(100, 0x50)]) {
    assert.is(await outcome(file), NOT_A_ZIP);
  }
});

test("the writer is deterministic", () => {
  assert.equal(zipOf({ "a.csv": "1" }), zipOf({ "a.csv": "1" }));
});

test.run();
