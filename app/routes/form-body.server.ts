// The one reader of a route action's body. Actions take forms (a document
// POST or React Router's `.data` request), and a body that is not one (JSON,
// plain text, none, broken multipart) reads as an empty form: each action's
// own schema or intent check then refuses it with the page's 400, where
// `request.formData()` would throw and answer 500. An action whose empty form
// would still do something asks for an intent of its own.
import { data } from "react-router";
import { BodyTooLargeError, readLimited } from "#server/storage/read-limited.ts";

/** No page's form of words comes near this; a form with a photo gives its own limit. */
const MAX_FORM_BYTES = 256 * 1024;

/**
 * The posted form, or an empty one when the body is not a form. A body past
 * the limit is refused with 413, read no further than it.
 */
export async function readForm(
  request: Request,
  /** A form that carries a photo says how large it may be. */
  maxBytes = MAX_FORM_BYTES,
): Promise<FormData> {
  let bytes: Uint8Array;
  try {
    bytes = await readLimited(request.body, maxBytes);
  } catch (error) {
    if (error instanceof BodyTooLargeError)
      throw data("This form is too large to send.", { status: 413 });
    return new FormData();
  }
  const type = request.headers.get("content-type") ?? "";
  return new Response(bytes as Uint8Array<ArrayBuffer>, { headers: { "content-type": type } })
    .formData()
    .catch(() => new FormData());
}
