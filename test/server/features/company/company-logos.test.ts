// Company logos: type judged by content, the spec's texts, size limit, replace and delete, every
// user reads them, other companies cannot, nothing is stored on a refusal.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { LOGO_MAX_BYTES, LOGO_TOO_BIG, LOGO_TYPE_NOT_ALLOWED } from "../../../../src/contracts/company";
import { jpegHeader, solidPng } from "../../../support/png";
import { settingsCompany } from "./fixture";

test("a PNG is stored with its size; every user of the company reads the image; GET /company/ names its version", async () => {
  const { call, upload, admin, employee, events } = await settingsCompany();
  const png = solidPng(240, 60, [20, 40, 200]);
  const stored = await upload(admin.headers, "/api/company/logos/light/", png, "C:\\fakepath\\acme-light.png");
  assert.is(stored.status, 201);
  assert.equal({ ...stored.body.logos.light, version: "…" }, { theme: "light", fileName: "acme-light.png", mediaType: "image/png", size: png.length, width: 240, height: 60, version: "…" });
  assert.is(stored.body.logos.dark, null);
  const image = await call(employee.headers, "GET", "/api/company/logos/light/");
  assert.is(image.status, 200);
  assert.is(image.headers["content-type"], "image/png");
  assert.is(image.headers["x-content-type-options"], "nosniff");
  assert.ok(Buffer.from(image.raw).equals(png), "the bytes as uploaded");
  const company = (await call(employee.headers, "GET", "/api/company/")).body;
  assert.equal(company.logos, { light: stored.body.logos.light.version, dark: null });
  assert.equal((await events("CompanyLogoChanged")).map((event) => event.payload), [{ theme: "light", version: stored.body.logos.light.version }]);
  assert.is((await call(employee.headers, "GET", "/api/company/logos/dark/")).status, 404, "no dark logo yet");
});

test("the type is read from the bytes: a JPEG named .png is a JPEG; an SVG or a PDF named .png is refused", async () => {
  const { upload, admin, rows, events } = await settingsCompany();
  const jpeg = await upload(admin.headers, "/api/company/logos/dark/", jpegHeader(300, 120), "logo.png", "image/png");
  assert.is(jpeg.status, 201);
  assert.equal([jpeg.body.logos.dark.mediaType, jpeg.body.logos.dark.width, jpeg.body.logos.dark.height], ["image/jpeg", 300, 120]);
  const refused: [string, Buffer, string][] = [
    ["SVG", Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), "image/svg+xml"],
    ["PDF", Buffer.from("%PDF-1.7\n%âãÏÓ\n"), "image/png"],
    ["GIF", Buffer.from("GIF89a\u0001\u0000\u0001\u0000\u0000\u0000\u0000;"), "image/gif"],
    ["text", Buffer.from("hello"), "image/jpeg"],
  ];
  for (const [name, bytes, mediaType] of refused) {
    const answer = await upload(admin.headers, "/api/company/logos/light/", bytes, "logo.png", mediaType);
    assert.is(answer.status, 400, name);
    assert.equal(answer.body, { file: [LOGO_TYPE_NOT_ALLOWED] }, name);
  }
  assert.equal(await rows((db) => db.selectFrom("company_logos").select("theme").execute()), [{ theme: "dark" }], "nothing stored for the refused files");
  assert.is((await events("CompanyLogoChanged")).length, 1);
});

test("past 5 MB: 'File too big' and nothing stored; exactly 5 MB is accepted", async () => {
  const { upload, admin, rows } = await settingsCompany();
  const header = solidPng(200, 50, [0, 0, 0]);
  const exactly = Buffer.concat([header, Buffer.alloc(LOGO_MAX_BYTES - header.length)]);
  const tooBig = Buffer.concat([header, Buffer.alloc(LOGO_MAX_BYTES - header.length + 1)]);
  const refused = await upload(admin.headers, "/api/company/logos/light/", tooBig);
  assert.is(refused.status, 413);
  assert.equal(refused.body, { file: [LOGO_TOO_BIG] });
  assert.equal(await rows((db) => db.selectFrom("company_logos").select("theme").execute()), []);
  const accepted = await upload(admin.headers, "/api/company/logos/light/", exactly);
  assert.is(accepted.status, 201);
  assert.is(accepted.body.logos.light.size, LOGO_MAX_BYTES);
});

test("replace keeps one logo per theme with a new version; delete falls back to none; deleting none is 404", async () => {
  const { call, upload, admin, events } = await settingsCompany();
  const first = (await upload(admin.headers, "/api/company/logos/light/", solidPng(100, 40, [1, 1, 1]))).body.logos.light;
  await new Promise((resolve) => setTimeout(resolve, 5));
  const second = (await upload(admin.headers, "/api/company/logos/light/", solidPng(400, 100, [2, 2, 2]), "wide.png")).body.logos.light;
  assert.equal([second.fileName, second.width, second.height], ["wide.png", 400, 100]);
  assert.is.not(second.version, first.version);
  const removed = await call(admin.headers, "DELETE", "/api/company/logos/light/");
  assert.is(removed.status, 200);
  assert.equal(removed.body.logos, { light: null, dark: null });
  assert.is((await call(admin.headers, "DELETE", "/api/company/logos/light/")).status, 404);
  assert.equal((await events("CompanyLogoChanged")).map((event) => (event.payload as { version: string | null }).version === null), [false, false, true]);
  assert.is((await call(admin.headers, "GET", "/api/company/logos/sepia/")).status, 400, "only light or dark");
});

test("only administrators upload or delete; another company neither sees nor changes the logo", async () => {
  const { call, upload, admin, reader, employee, stranger } = await settingsCompany();
  for (const who of [reader, employee]) {
    assert.is((await upload(who.headers, "/api/company/logos/light/", solidPng(10, 10, [0, 0, 0]))).status, 403);
    assert.is((await call(who.headers, "DELETE", "/api/company/logos/light/")).status, 403);
  }
  await upload(admin.headers, "/api/company/logos/light/", solidPng(10, 10, [9, 9, 9]));
  assert.is((await call(stranger.headers, "GET", "/api/company/logos/light/")).status, 404);
  assert.is((await call(stranger.headers, "DELETE", "/api/company/logos/light/")).status, 404);
  assert.is((await call(employee.headers, "GET", "/api/company/logos/light/")).status, 200, "still there");
  assert.is((await call({}, "GET", "/api/company/logos/light/")).status, 401);
});

test.run();
