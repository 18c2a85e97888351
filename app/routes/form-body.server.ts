// The one reader of a route action's body. Actions take forms (a document
// POST or React Router's `.data` request), and a body that is not one (JSON,
// plain text, none, broken multipart) reads as an empty form: each action's
// own schema or intent check then refuses it with the page's 400, where
// `request.formData()` would throw and answer 500. An action whose empty form
// would still do something asks for an intent of its own.

/** The posted form, or an empty one when the body is not a form. */
export function readForm(request: Request): Promise<FormData> {
  return request.formData().catch(() => new FormData());
}
