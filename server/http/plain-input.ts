// A last line behind the schemas: no NUL reaches a handler, whatever field or
// parameter it hides in. PostgreSQL cannot store one, and a NUL that slipped
// past a schema would otherwise be a 500. The schemas name the field first
// (domain/forms/plain-text.ts); these catch what no schema reads.
import type { RequestHandler } from "express";
import { controlCharacterMessage, pathOfUnplainText } from "#domain/forms/plain-text.ts";
import { AppError } from "#server/errors.ts";

/** A control character, percent-encoded, anywhere in the address (path or query). */
const ENCODED_CONTROL = /%(?:[01][0-9a-f]|7f)/i;

export const ADDRESS_HAS_CONTROL =
  "This address has a character that cannot be used. Please check the link.";

/** 400 for an address carrying a control character, before any route or loader sees it. */
export const refuseControlCharactersInAddress: RequestHandler = (req, res, next) => {
  if (!ENCODED_CONTROL.test(req.originalUrl)) return next();
  res.status(400).type("text/plain").set("Cache-Control", "no-store").send(ADDRESS_HAS_CONTROL);
};

/** The path of the first string (or key) holding a NUL inside a parsed JSON body, if any. */
export const pathOfNul = (body: unknown) =>
  pathOfUnplainText(body, (text) => !text.includes("\u0000"));

/** 400 naming the field when a JSON body holds a NUL that no schema refused by name. */
export const refuseNulInBody: RequestHandler = (req, _res, next) => {
  const path = pathOfNul(req.body);
  if (!path) return next();
  const field = path.replace(/^body\.?/, "") || "body";
  next(new AppError("invalid", controlCharacterMessage(field), { code: "invalid_input", field }));
};
