import ExcelJS from "exceljs";

/**
 * Opens a workbook that passed checkXlsx, for reading its cells. ExcelJS's streaming reader
 * (stream.xlsx.WorkbookReader) is not used: it sometimes loses a zip entry when it pauses its
 * input (about one read in 300 here), so a good file could be refused or lose a sheet. The
 * whole-file reader has no such race; what it holds in memory is bounded by the size an upload
 * route accepts and by the guard's decompressed-bytes limit, and it parses in chunks between
 * which other requests are served.
 */
export async function openWorkbook(bytes: Buffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  return workbook;
}

/** The rows of the workbook's first sheet (in the workbook's own sheet order), blank rows left out. */
export function* rowsOfFirstSheet(workbook: ExcelJS.Workbook): Generator<ExcelJS.Row> {
  const sheet = workbook.worksheets[0];
  if (!sheet) return;
  for (let number = 1; number <= sheet.rowCount; number += 1) {
    const row = sheet.findRow(number);
    if (row && row.hasValues) yield row;
  }
}
