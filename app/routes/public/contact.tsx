import { useActionData } from "react-router";
import { failure, sent } from "#app/components/public/contact-form.tsx";
import { ContactPage } from "#app/components/public/pages/contact-page.tsx";
import { islandsPage, metaFromLoader } from "#app/components/public/route-exports.ts";
import { pageMeta } from "#app/components/public/seo.ts";
import { ok, passRetryAfter, refused } from "#app/routes/action-answer.server.ts";
import { readForm } from "#app/routes/form-body.server.ts";
import { pageSeo } from "#content/seo.ts";
import { AppError, invalid } from "#server/errors.ts";
import { sendContactMessage } from "#server/services/contact.ts";
import type { Route } from "./+types/contact";
import { readPage } from "./read-or.server";

export async function loader({ context }: Route.LoaderArgs) {
  return { page: await readPage(context.db, "contact"), meta: pageMeta(pageSeo.contact) };
}

export const meta: Route.MetaFunction = metaFromLoader;

// A marketing page: no React Router scripts, its interactive parts are islands.
export const handle = islandsPage;

// A message refused for too many attempts says when to try again.
export const headers = passRetryAfter;

// The 'Send us a Message' form: stored and queued for the farm by the contact
// service. Works as a plain form post without JavaScript.
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : undefined;
  };
  const result = await sendContactMessage(
    context.db,
    { name: text("name"), email: text("email"), message: text("message") },
    context.clientAddress,
  );
  if (result.ok) return ok(undefined, sent);
  // The service answers with a result; as an AppError it gets the one status mapping.
  const refusal =
    result.code === "rate_limited"
      ? new AppError("rate_limited", result.error, { retryAfterSeconds: result.retryAfterSeconds })
      : invalid(result.error, { fieldErrors: result.fieldErrors });
  return refused(undefined, refusal, failure);
}

export default function Contact({ loaderData }: Route.ComponentProps) {
  const documentAnswer = useActionData<typeof action>();
  return <ContactPage page={loaderData.page} documentAnswer={documentAnswer ?? undefined} />;
}
