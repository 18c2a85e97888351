// CSV files for spreadsheets (payments, prepaid cards): a header row, a BOM so
// Excel reads UTF-8, and any cell a spreadsheet would run as a formula
// (=, +, -, @ at the start) prefixed with an apostrophe.
import { stringify } from "csv-stringify/sync";

export function toCsv(header: readonly string[], rows: (string | number)[][]): string {
  return stringify(rows, {
    header: true,
    columns: [...header],
    cast: { string: neutraliseFormula },
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
