// The error of an admin page printed or opened on its own, outside the admin
// frame (run sheet, printable cards, invoice): 'Access Denied' with the way to
// sign in for a non-admin, else what went wrong and the way back.
import { isRouteErrorResponse } from "react-router";
import { isOwnerOnly } from "./admin-screen-error";

type Problem = { title: string; text: string; href: string; action: string };

export function StandalonePageError({
  error,
  failed,
  back,
  notFound,
}: {
  error: unknown;
  /** What could not be loaded: 'the run sheet'. */
  failed: string;
  back: { href: string; label: string };
  /** Words for a 404, when the page has its own. */
  notFound?: Pick<Problem, "title" | "text">;
}) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const problem: Problem = isOwnerOnly(error)
    ? {
        title: "Owner Only",
        text: "Only the farm's owner can open this.",
        href: "/admin/today",
        action: "Go to Today",
      }
    : status === 403
      ? {
          title: "Access Denied",
          text: "You don't have admin privileges.",
          href: "/login",
          action: "Admin Login",
        }
      : {
          ...(status === 404 && notFound
            ? notFound
            : {
                title: "Unexpected Application Error!",
                text: `Something went wrong loading ${failed}. Please try again in a moment.`,
              }),
          href: back.href,
          action: back.label,
        };
  return (
    <main className="mx-auto max-w-xl px-6 py-24 text-center">
      <h1 className="text-2xl font-bold">{problem.title}</h1>
      <p className="mt-4 text-stone-700">{problem.text}</p>
      <a
        href={problem.href}
        className="mt-8 inline-block rounded-md bg-paddock-700 px-5 py-3 font-semibold text-white hover:bg-paddock-800"
      >
        {problem.action}
      </a>
    </main>
  );
}
