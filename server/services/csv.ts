// CSV files for spreadsheets (payments, prepaid cards): a header row, a BOM so
// Excel reads UTF-8, and any cell a spreadsheet would run as a formula
// (=, +, -, @ at the start) prefixed with an apostrophe. A cell with a C1
// control or a line or paragraph separator (U+2028, U+2029) is quoted, as one
// with a newline is: some readers end a line or a record at them. Forms
// refuse them (domain/forms/plain-text.ts); older rows may still hold them.
import { stringify } from "csv-stringify/sync";

const LINE_BREAKING = /[\u0080-\u009f\u2028\u2029]/;

export function toCsv(header: readonly string[], rows: (string | number)[][]): string {
  return stringify(rows, {
    header: true,
    columns: [...header],
    cast: { string: neutraliseFormula },
    quoted_match: LINE_BREAKING,
    bom: true,
  });
}

function neutraliseFormula(value: string): string {
  // A signed amount ("-25.00") is a number to a spreadsheet, not a formula.
  if (/^-?\d+(\.\d+)?$/.test(value)) return value;
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** A file name with today's date: "payments-2032-03-15.csv". */
export function csvFileName(prefix: string, day: string): string {
  return `${prefix}-${day}.csv`;
}
