import JSZip from "jszip";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { buildUsersTemplate } from "../../../../src/server/features/users/users-template";
import { checkXlsx, XlsxRefused } from "../../../../src/server/platform/files/xlsx-guard";

const refused = async (file: Buffer, limits?: Parameters<typeof checkXlsx>[1]) => {
  try {
    await checkXlsx(file, limits);
    return "accepted";
  } catch (error) {
    assert.instance(error, XlsxRefused);
    return (error as Error).message;
  }
};

const zipOf = async (entries: Record<string, string | Buffer>) => {
  const zip = new JSZip();
  for (const [name, content] of Object.entries(entries)) zip.file(name, content);
  return zip.generateAsync({ type: "nodebuffer", compression: "DEFLATE" });
};

test("a real workbook passes", async () => {
  assert.is(await refused(await buildUsersTemplate(["Administrator"])), "accepted");
});

test("empty, truncated, random and foreign files are refused at once", async () => {
  const workbook = await buildUsersTemplate(["Administrator"]);
  for (const file of [Buffer.alloc(0), workbook.subarray(0, workbook.length / 2), Buffer.from("not a workbook at all, just text"), await zipOf({ "readme.txt": "hello" })]) {
    assert.is(await refused(file), "The file is not a valid Excel workbook (.xlsx).");
  }
});

test("what the entries really unpack to is counted, whatever the headers say", async () => {
  const bomb = await zipOf({ "xl/workbook.xml": "<workbook/>", "xl/worksheets/sheet1.xml": Buffer.alloc(3 * 1024 * 1024) });
  assert.ok(bomb.length < 64 * 1024, "3 MB of zeros packs small");
  assert.is(await refused(bomb, { maxBytes: 1024 * 1024, maxEntries: 50, maxSharedStrings: 1000 }), "The workbook unpacks to more than 1 MB.");
});

test("entry and shared-string counts have limits", async () => {
  const many = await zipOf(Object.fromEntries([["xl/workbook.xml", "<workbook/>"], ...Array.from({ length: 60 }, (_, index) => [`xl/part${index}.xml`, "<x/>"])]));
  assert.is(await refused(many, { maxBytes: 1024 * 1024, maxEntries: 50, maxSharedStrings: 1000 }), "The workbook has more than 50 parts.");
  const strings = await zipOf({ "xl/workbook.xml": "<workbook/>", "xl/sharedStrings.xml": `<sst>${"<si><t>x</t></si>".repeat(1500)}</sst>` });
  assert.is(await refused(strings, { maxBytes: 1024 * 1024, maxEntries: 50, maxSharedStrings: 1000 }), "The workbook has more than 1000 different texts.");
  assert.is(await refused(strings, { maxBytes: 1024 * 1024, maxEntries: 50, maxSharedStrings: 2000 }), "accepted");
});

test.run();
