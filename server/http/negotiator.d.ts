// The part of negotiator 1.x used here (its own package has no types; the
// DefinitelyTyped ones are of 0.6, without `preferred`).
declare module "negotiator" {
  export default class Negotiator {
    constructor(request: { headers: Record<string, string | undefined> });
    /** The available encodings the client accepts, best first; ties in `preferred`'s order. */
    encodings(available: readonly string[], options?: { preferred?: readonly string[] }): string[];
  }
}
