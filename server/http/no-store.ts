// Pages and answers about one person's data are never kept by a browser or a
// shared cache: the back office, sign-in, and the admin API.
import type { RequestHandler } from "express";

export const noStore: RequestHandler = (_req, res, next) => {
  res.set("Cache-Control", "no-store");
  next();
};
