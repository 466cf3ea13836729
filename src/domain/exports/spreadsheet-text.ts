/**
 * Text bound for a spreadsheet (a CSV or Excel export) that the spreadsheet would run as a
 * formula when it begins with =, +, -, @, a tab or a carriage return gets a leading apostrophe,
 * which spreadsheets read as "this is text" (OWASP CSV injection, ASVS 1.2.10). Only text:
 * numbers we write are numbers, and a negative number is not a formula.
 */
export const spreadsheetText = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

/** The text as written before spreadsheetText: what an exported cell read back in means. */
export const fromSpreadsheetText = (text: string) => (/^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text);
