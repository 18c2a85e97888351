// GET /api/calendar/<token>.ics: the exported calendar of a campsite or of one
// of its units, for outside listings to import. The token is the only key, so
// an unknown or revoked one answers 404 and nothing else.
import { type RequestHandler, Router } from "express";
import { type AppContext, getAppContext } from "#server/context.ts";
import { notFound } from "#server/errors.ts";
import { exportFeedForToken } from "#server/services/channel-sync/export-feed.ts";
import { tokenOfFileName } from "#server/services/channel-sync/export-tokens.ts";

const serveCalendar =
  (getContext: () => Promise<Pick<AppContext, "db">>): RequestHandler =>
  async (req, res, next) => {
    try {
      const token = tokenOfFileName(String(req.params.file ?? ""));
      const { db } = await getContext();
      const feed = token ? await exportFeedForToken(db, token) : null;
      if (!feed) throw notFound("No calendar at this address.");
      res
        .set({
          "Content-Type": "text/calendar; charset=utf-8",
          "Content-Disposition": `inline; filename="${feed.fileName}"`,
          // Listings poll it; let them revalidate cheaply (Express answers 304 on a matching ETag).
          "Cache-Control": "private, no-cache",
          "X-Robots-Tag": "noindex",
        })
        .send(feed.ics);
    } catch (error) {
      next(error);
    }
  };

export function calendarFeedsRouter(
  getContext: () => Promise<Pick<AppContext, "db">> = getAppContext,
): Router {
  const router = Router();
  router.get("/calendar/:file", serveCalendar(getContext));
  return router;
}
