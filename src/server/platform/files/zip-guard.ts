import yauzl, { type Entry, type ZipFile } from "yauzl";

/**
 * Reads the files an import needs out of an uploaded ZIP archive of CSV files (DESIGN.md section
 * 4, "Files"), the sibling of xlsx-guard.ts. A zip can claim anything in its headers, so:
 * - the entries are counted as they are listed (and the archive's own count is checked first),
 *   before anything is decompressed;
 * - a name that is absolute or climbs with ".." refuses the whole archive: a tool that would
 *   unpack it could write outside its folder, and such an archive is no export of a bookkeeping;
 * - entry names are used for one thing only, recognising the wanted files by their base name
 *   (any folder, any case); they never become paths;
 * - a wanted file named twice (two folders) is refused rather than guessed;
 * - when a wanted file is missing the answer says so before anything is decompressed;
 * - only the wanted entries are decompressed, as streams, counting the bytes that really come
 *   out (never the sizes the headers claim); the read stops at the first limit passed.
 * Other entries (a readme, macOS's __MACOSX folder) are counted but never decompressed.
 */
export interface ZipLimits {
  /** Decompressed bytes of the wanted entries together. */
  readonly maxBytes: number;
  /** Entries of the archive, folders included. */
  readonly maxEntries: number;
}

export class ZipRefused extends Error {}

/** The archive lacks some of the wanted files: their names, as wanted. */
export class ZipMissingFiles extends ZipRefused {
  constructor(
    message: string,
    readonly missing: readonly string[],
  ) {
    super(message);
  }
}

export const NOT_A_ZIP = "The file is not a valid ZIP archive.";
export const UNSAFE_ENTRY_NAME = "The ZIP archive holds an entry whose name is an absolute path or climbs out of its folder (\"..\"); such archives are refused.";

/**
 * The wanted files' contents by their wanted name. `missingText` is the message when some are
 * missing (the caller's product text).
 */
export async function readZipFiles(file: Buffer, wanted: readonly string[], limits: ZipLimits, missingText: string): Promise<Map<string, Buffer>> {
  if (file.length < 22 || file.readUInt32LE(0) !== 0x04034b50) throw new ZipRefused(NOT_A_ZIP);
  const zip = await new Promise<ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(file, { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: false }, (error, opened) => (error || !opened ? reject(new ZipRefused(NOT_A_ZIP)) : resolve(opened))),
  );
  try {
    if (zip.entryCount > limits.maxEntries) throw tooManyEntries(limits);
    const found = await wantedEntries(zip, wanted, limits);
    const missing = wanted.filter((name) => !found.has(name));
    if (missing.length > 0) throw new ZipMissingFiles(missingText, missing);
    const contents = new Map<string, Buffer>();
    const total = { bytes: 0 };
    for (const name of wanted) contents.set(name, await decompress(zip, found.get(name)!, total, limits));
    return contents;
  } finally {
    zip.close();
  }
}

const tooManyEntries = (limits: ZipLimits) => new ZipRefused(`The ZIP archive has more than ${limits.maxEntries} entries.`);

/** Walks the archive's listing once: counts every entry and keeps the wanted ones, by wanted name. */
function wantedEntries(zip: ZipFile, wanted: readonly string[], limits: ZipLimits): Promise<Map<string, Entry>> {
  const byBaseName = new Map(wanted.map((name) => [name.toLowerCase(), name] as const));
  const found = new Map<string, Entry>();
  let entries = 0;
  return new Promise((resolve, reject) => {
    const fail = (error: unknown) => {
      zip.removeAllListeners();
      reject(error instanceof ZipRefused ? error : refusalOf(error));
    };
    zip.on("error", fail);
    zip.on("end", () => resolve(found));
    zip.on("entry", (entry: Entry) => {
      entries += 1;
      if (entries > limits.maxEntries) return fail(tooManyEntries(limits));
      const name = byBaseName.get(entry.fileName.split("/").at(-1)!.toLowerCase());
      if (name && !entry.fileName.endsWith("/")) {
        if (found.has(name)) return fail(new ZipRefused(`The ZIP archive holds ${name} more than once; keep one.`));
        found.set(name, entry);
      }
      zip.readEntry();
    });
    zip.readEntry();
  });
}

/** One entry's real bytes, added to the archive's running total, which must stay within the limit. */
function decompress(zip: ZipFile, entry: Entry, total: { bytes: number }, limits: ZipLimits): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => {
      if (error || !stream) return reject(refusalOf(error));
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => {
        total.bytes += chunk.length;
        if (total.bytes > limits.maxBytes) {
          stream.destroy();
          return reject(new ZipRefused(`The ZIP archive unpacks to more than ${Math.round(limits.maxBytes / 1024 / 1024)} MB.`));
        }
        chunks.push(chunk);
      });
      stream.on("error", (streamError) => reject(refusalOf(streamError)));
      stream.on("end", () => resolve(Buffer.concat(chunks)));
    });
  });
}

/** yauzl's own refusals: an unsafe name is said as such, anything else is "not a valid ZIP". */
function refusalOf(error: unknown): ZipRefused {
  const message = error instanceof Error ? error.message : "";
  return new ZipRefused(/^(absolute path|invalid relative path|invalid characters in fileName)/.test(message) ? UNSAFE_ENTRY_NAME : NOT_A_ZIP);
}
