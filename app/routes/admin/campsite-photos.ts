// POST /admin/campsites/photos: one campsite photo as the raw request body.
// Answers 201 {"url"} with the address to put among the campsite's images,
// 400 {"error"} for a file that is not a photo, 413 for one over 8 MB.
import { requireOwner } from "#app/routes/admin/guards.server.ts";
import { AppError } from "#server/errors.ts";
import { saveCampsitePhoto } from "#server/services/campsite-admin.ts";
import { photoStorage } from "#server/storage/photo-storage.ts";
import { MAX_PHOTO_BYTES, PHOTO_SIZE_ERROR } from "#server/storage/photo-type.ts";
import { BodyTooLargeError, readLimited } from "#server/storage/read-limited.ts";
import type { Route } from "./+types/campsite-photos";

export async function loader() {
  return Response.json({ error: "Upload a photo with POST." }, { status: 405 });
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireOwner(request, context);
  if (request.method !== "POST") {
    return Response.json({ error: "Upload a photo with POST." }, { status: 405 });
  }
  if (Number(request.headers.get("content-length") ?? 0) > MAX_PHOTO_BYTES) {
    return Response.json({ error: PHOTO_SIZE_ERROR }, { status: 413 });
  }
  try {
    const bytes = await readLimited(request.body, MAX_PHOTO_BYTES);
    const url = await saveCampsitePhoto(context.db, photoStorage(), admin, bytes);
    return Response.json({ url }, { status: 201 });
  } catch (error) {
    if (error instanceof BodyTooLargeError) {
      return Response.json({ error: PHOTO_SIZE_ERROR }, { status: 413 });
    }
    if (error instanceof AppError) {
      return Response.json({ error: error.message }, { status: 400 });
    }
    throw error;
  }
}
