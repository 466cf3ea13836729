import { test } from "uvu";
import * as assert from "uvu/assert";
import { displaySize, sniffImage } from "../../../src/domain/company/logo-image";
import { jpegHeader, solidPng } from "../../support/png";

const bytes = (text: string) => new TextEncoder().encode(text);

test("the type is read from the content: PNG and JPEG with their pixel size; everything else is refused", () => {
  const table: [string, Uint8Array, ReturnType<typeof sniffImage>][] = [
    ["PNG 240×60", solidPng(240, 60, [10, 20, 30]), { mediaType: "image/png", width: 240, height: 60 }],
    ["PNG 1×1", solidPng(1, 1, [0, 0, 0]), { mediaType: "image/png", width: 1, height: 1 }],
    ["JPEG 640×120", jpegHeader(640, 120), { mediaType: "image/jpeg", width: 640, height: 120 }],
    ["JPEG with fill bytes before its frame header", Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xff]), jpegHeader(30, 20).subarray(2)]), { mediaType: "image/jpeg", width: 30, height: 20 }],
    ["SVG (may carry script)", bytes('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), null],
    ["SVG with an XML declaration", bytes('<?xml version="1.0"?><svg/>'), null],
    ["GIF", bytes("GIF89a\u0001\u0000\u0001\u0000"), null],
    ["PDF named logo.png", bytes("%PDF-1.7\n"), null],
    ["the PNG signature alone", solidPng(2, 2, [1, 2, 3]).subarray(0, 8), null],
    ["a PNG whose first chunk is not IHDR", Buffer.concat([solidPng(2, 2, [1, 2, 3]).subarray(0, 12), bytes("IDAT"), Buffer.alloc(20)]), null],
    ["a PNG claiming 0 pixels high", solidPng(2, 2, [1, 2, 3]).fill(0, 20, 24), null],
    ["a JPEG without a frame header", Buffer.from([0xff, 0xd8, 0xff, 0xd9]), null],
    ["a JPEG whose segment runs past the end", Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x7f, 0xff]), null],
    ["a JPEG whose segment length is impossible", Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x01, 0xff, 0xc0]), null],
    ["empty", new Uint8Array(0), null],
  ];
  for (const [name, input, expected] of table) assert.equal(sniffImage(input), expected, name);
});

test("a PNG claiming more than 20000 pixels is refused", () => {
  const huge = Buffer.from(solidPng(1, 1, [0, 0, 0]));
  huge.writeUInt32BE(50_000, 16);
  assert.is(sniffImage(huge), null);
});

test("display size: taller than the limit scales down keeping the proportions; smaller stays as it is", () => {
  const table: [{ width: number; height: number }, { width: number; height: number }][] = [
    [{ width: 240, height: 60 }, { width: 240, height: 60 }],
    [{ width: 100, height: 30 }, { width: 100, height: 30 }],
    [{ width: 480, height: 120 }, { width: 240, height: 60 }],
    [{ width: 1000, height: 333 }, { width: 180, height: 60 }],
    [{ width: 1, height: 5000 }, { width: 1, height: 60 }],
  ];
  for (const [image, expected] of table) assert.equal(displaySize(image, 60), expected, JSON.stringify(image));
});

test.run();
