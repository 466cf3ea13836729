import yauzl, { type Entry, type ZipFile } from "yauzl";

/**
 * Checks an uploaded workbook before any spreadsheet library parses it (DESIGN.md section 4,
 * "Files"): an .xlsx is a zip archive, and a zip can claim anything in its headers. So every entry
 * is really decompressed, as a stream, counting the bytes that come out, the entries and the
 * workbook's shared strings; the check stops at the first limit passed. Paths inside the archive
 * are never used. A 0-byte, truncated or foreign file fails at once.
 */
export interface XlsxLimits {
  /** Decompressed bytes of all entries together. */
  readonly maxBytes: number;
  readonly maxEntries: number;
  /** Distinct texts in xl/sharedStrings.xml (each `<si>`). */
  readonly maxSharedStrings: number;
}

export const UPLOAD_XLSX_LIMITS: XlsxLimits = { maxBytes: 64 * 1024 * 1024, maxEntries: 500, maxSharedStrings: 200_000 };

export class XlsxRefused extends Error {}

const NOT_A_WORKBOOK = "The file is not a valid Excel workbook (.xlsx).";

export async function checkXlsx(file: Buffer, limits: XlsxLimits = UPLOAD_XLSX_LIMITS): Promise<void> {
  if (file.length < 22 || file.readUInt32LE(0) !== 0x04034b50) throw new XlsxRefused(NOT_A_WORKBOOK);
  const zip = await new Promise<ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(file, { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: false }, (error, opened) => (error || !opened ? reject(new XlsxRefused(NOT_A_WORKBOOK)) : resolve(opened))),
  );
  const state = { entries: 0, bytes: 0, sharedStrings: 0, workbook: false };
  try {
    await new Promise<void>((resolve, reject) => {
      const fail = (error: unknown) => reject(error instanceof XlsxRefused ? error : new XlsxRefused(NOT_A_WORKBOOK));
      zip.on("error", fail);
      zip.on("end", () => resolve());
      zip.on("entry", (entry: Entry) => {
        state.entries += 1;
        if (state.entries > limits.maxEntries) return fail(new XlsxRefused(`The workbook has more than ${limits.maxEntries} parts.`));
        if (entry.fileName === "xl/workbook.xml") state.workbook = true;
        if (entry.fileName.endsWith("/")) return zip.readEntry();
        zip.openReadStream(entry, (error, stream) => {
          if (error || !stream) return fail(error);
          const counting = entry.fileName === "xl/sharedStrings.xml";
          let carry = "";
          stream.on("data", (chunk: Buffer) => {
            state.bytes += chunk.length;
            if (state.bytes > limits.maxBytes) {
              stream.destroy();
              return fail(new XlsxRefused(`The workbook unpacks to more than ${Math.round(limits.maxBytes / 1024 / 1024)} MB.`));
            }
            if (counting) {
              // Count "<si>" / "<si " across chunk borders: keep the last few characters.
              const text = carry + chunk.toString("latin1");
              state.sharedStrings += (text.match(/<si[\s>]/g) ?? []).length;
              carry = text.slice(-3);
              if (state.sharedStrings > limits.maxSharedStrings) {
                stream.destroy();
                return fail(new XlsxRefused(`The workbook has more than ${limits.maxSharedStrings} different texts.`));
              }
            }
          });
          stream.on("error", fail);
          stream.on("end", () => zip.readEntry());
        });
      });
      zip.readEntry();
    });
  } finally {
    zip.close();
  }
  if (!state.workbook) throw new XlsxRefused(NOT_A_WORKBOOK);
}
