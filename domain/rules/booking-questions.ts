// The farm's questions at booking (vehicle registration, rig length, arrival
// time...): what a booking keeps of them is the question as asked and the answer.

/** One answer, with the question's wording at the time it was asked. */
export type GuestAnswer = { question: string; answer: string };

/** The farm's note and the guest's answers, one line each, for Today and the run sheet. */
export function stayNotes(farmNote: string, answers: readonly GuestAnswer[]): string[] {
  const said = answers
    .filter((a) => a.answer.trim() !== "")
    .map((a) => `${a.question}: ${a.answer}`);
  return farmNote.trim() ? [...said, `Farm note: ${farmNote.trim()}`] : said;
}
