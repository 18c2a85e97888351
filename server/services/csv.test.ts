import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { toCsv } from "./csv";

/** The lines of a CSV after its BOM and header. */
const rows = (csv: string) =>
  csv
    .replace(/^\uFEFF/, "")
    .split("\n")
    .slice(1);

describe("a CSV file for spreadsheets", () => {
  it("quotes a cell with a line or paragraph separator or a C1 control, as one with a newline", () => {
    const cells = ["a\u2028b", "a\u2029b", "a\u0085b", "a\u009bb", "a\nb"];
    const csv = toCsv(
      ["Note"],
      cells.map((cell) => [cell]),
    );
    for (const cell of cells) expect(csv).toContain(`"${cell}"`);
    expect(parse(csv, { bom: true, columns: true })).toEqual(cells.map((Note) => ({ Note })));
  });

  it("leaves other cells bare, and puts an apostrophe before a formula", () => {
    const csv = toCsv(
      ["Name", "Amount"],
      [
        ["Zoë O'Brien", "-25.00"],
        ["=1+1", 3],
      ],
    );
    expect(rows(csv)).toEqual(["Zoë O'Brien,-25.00", "'=1+1,3", ""]);
  });
});
