// POST /api/contact {name, email, message}: the contact form's endpoint when
// the page runs JavaScript (the page's own form post is the fallback).
// 201 {"ok":true}; 400 with field errors; 429 with Retry-After.
import { type RequestHandler, Router } from "express";
import { getAppContext } from "#server/context.ts";
import { AppError } from "#server/errors.ts";
import { sendContactMessage } from "#server/services/contact.ts";
import { clientOf } from "./client-address";

const postContact: RequestHandler = async (req, res, next) => {
  try {
    const { db } = await getAppContext();
    const result = await sendContactMessage(db, req.body, clientOf(req));
    if (result.ok) {
      res.status(201).json({ ok: true });
      return;
    }
    if (result.code === "rate_limited") {
      throw new AppError("rate_limited", result.error, {
        retryAfterSeconds: result.retryAfterSeconds,
      });
    }
    throw new AppError("invalid", result.error, {
      code: "invalid_input",
      fieldErrors: result.fieldErrors,
    });
  } catch (error) {
    next(error);
  }
};

export function contactRouter(): Router {
  const router = Router();
  router.post("/contact", postContact);
  return router;
}
