// The farm's questions at booking (vehicle registration, rig length, arrival
// time...): what a booking keeps of them is the question as asked and the answer.

/** One answer, with the question's wording at the time it was asked. */
export type GuestAnswer = { question: string; answer: string };
