import { describe, expect, it } from "vitest";
import { type Covers, fontRuns, splitRuns } from "./pdf-text.ts";

// The embedded families, in pdf-text.ts's order of preference.
const [LATIN, ARABIC, HAN] = [0, 1, 2];

const runsOf = (text: string) => fontRuns(text).map((run) => [run.text, run.family]);

describe("cutting text into runs by the font that has its characters", () => {
  it("keeps Latin with macrons and Vietnamese in Noto Sans, and moves only the Han letter", () => {
    expect(runsOf("Aroha Ngāti-Porou 李")).toEqual([
      ["Aroha Ngāti-Porou ", LATIN],
      ["李", HAN],
    ]);
    expect(runsOf("Nguyễn Thị Minh Khai")).toEqual([["Nguyễn Thị Minh Khai", LATIN]]);
  });

  it("composes letters typed with combining accents, which the font has whole", () => {
    const typed = "Nguye\u0302\u0303n Thi\u0323";
    expect(runsOf(typed)).toEqual([["Nguyễn Thị", LATIN]]);
  });

  it("keeps the space between two Arabic or two Han words in their run, for right-to-left order", () => {
    expect(runsOf("فاطمة الزهراء")).toEqual([["فاطمة الزهراء", ARABIC]]);
    expect(runsOf("王 秀英")).toEqual([["王 秀英", HAN]]);
    expect(runsOf("Guest: فاطمة (Fatima)")).toEqual([
      ["Guest: ", LATIN],
      ["فاطمة", ARABIC],
      [" (Fatima)", LATIN],
    ]);
  });

  it("writes a character no font has in the first font, to show as a box rather than as another letter", () => {
    expect(runsOf("김 Kim")).toEqual([["김 Kim", LATIN]]);
  });
});

describe("the rules of the cut, on made-up fonts", () => {
  const upper: Covers = (c) => /[A-Z .]/.test(c);
  const lower: Covers = (c) => /[a-z .]/.test(c) || c === "\u0301";
  const runs = (text: string) => splitRuns(text, [upper, lower]).map((r) => [r.text, r.family]);

  it("gives a letter to the first font that has it", () => {
    expect(runs("ABcd")).toEqual([
      ["AB", 0],
      ["cd", 1],
    ]);
  });

  it("gives a mark to its letter's font", () => {
    expect(runs("ab\u0301")).toEqual([["ab\u0301", 1]]);
  });

  it("keeps a space or stop between two letters of one font with them, and gives others to the first font", () => {
    expect(runs("ab cd.")).toEqual([
      ["ab cd", 1],
      [".", 0],
    ]);
    expect(runs("ab CD")).toEqual([
      ["ab", 1],
      [" CD", 0],
    ]);
  });

  it("is no run at all for no text", () => {
    expect(runs("")).toEqual([]);
  });
});
