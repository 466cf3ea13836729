import type { LogoMediaType } from "../../contracts/company";

/** What a logo's bytes are: its type and pixel size, read from the image's own header. */
export interface SniffedImage {
  readonly mediaType: LogoMediaType;
  readonly width: number;
  readonly height: number;
}

/**
 * A PNG or JPEG recognised by its content (signature and header), whatever its file name or
 * declared type says; anything else (SVG, GIF, a renamed PDF, a truncated file) is null. SVG is
 * refused rather than sanitised: it can carry script and external references, and a raster logo
 * at 60 px loses nothing (docs/decisions.md).
 */
export function sniffImage(bytes: Uint8Array): SniffedImage | null {
  if (startsWith(bytes, PNG_SIGNATURE)) return pngSize(bytes);
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return jpegSize(bytes);
  return null;
}

/** The width a logo takes when shown at most `maxHeight` pixels high (never scaled up). */
export function displaySize(image: { width: number; height: number }, maxHeight: number): { width: number; height: number } {
  if (image.height <= maxHeight) return { width: image.width, height: image.height };
  return { width: Math.max(1, Math.round((image.width * maxHeight) / image.height)), height: maxHeight };
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** Beyond what any screen shows; a header claiming more is a broken or hostile file. */
const MAX_DIMENSION = 20_000;

function pngSize(bytes: Uint8Array): SniffedImage | null {
  // The first chunk must be IHDR: length 13, then width and height as 32-bit big-endian.
  if (bytes.length < 33 || ascii(bytes, 12, 4) !== "IHDR") return null;
  return sized("image/png", uint32(bytes, 16), uint32(bytes, 20));
}

/** Walks the JPEG's marker segments to the first frame header (SOFn), which holds the size. */
function jpegSize(bytes: Uint8Array): SniffedImage | null {
  let offset = 2;
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1]!;
    if (marker === 0xff) {
      offset += 1; // fill byte
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += 2; // markers without a length
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null; // image data or end before any frame header
    const length = uint16(bytes, offset + 2);
    if (length < 2) return null;
    if (isFrameHeader(marker)) {
      if (offset + 9 > bytes.length) return null;
      return sized("image/jpeg", uint16(bytes, offset + 7), uint16(bytes, offset + 5));
    }
    offset += 2 + length;
  }
  return null;
}

/** SOF0–SOF15 except DHT (C4), JPG (C8) and DAC (CC), which share the range. */
const isFrameHeader = (marker: number) => marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

function sized(mediaType: LogoMediaType, width: number, height: number): SniffedImage | null {
  if (width < 1 || height < 1 || width > MAX_DIMENSION || height > MAX_DIMENSION) return null;
  return { mediaType, width, height };
}

const startsWith = (bytes: Uint8Array, prefix: readonly number[]) => prefix.every((byte, index) => bytes[index] === byte);
const ascii = (bytes: Uint8Array, at: number, length: number) => String.fromCharCode(...bytes.subarray(at, at + length));
const uint16 = (bytes: Uint8Array, at: number) => ((bytes[at] ?? 0) << 8) | (bytes[at + 1] ?? 0);
const uint32 = (bytes: Uint8Array, at: number) => (((bytes[at] ?? 0) << 24) >>> 0) + ((bytes[at + 1] ?? 0) << 16) + ((bytes[at + 2] ?? 0) << 8) + (bytes[at + 3] ?? 0);
