// The stay's cancellation policy, its days written out, and the box that
// accepts it with the Terms before paying (issue 29): on step 3 online, and on
// the payment link of a booking the farm took.
import type { ComponentProps, ReactNode } from "react";
import { POLICY_NOT_ACCEPTED } from "#domain/forms/booking-request.ts";

export function PolicyAcceptance({
  policy,
  missing = false,
  box,
  children,
}: {
  /** The words, once known. */
  policy: string | undefined;
  /** Pay was pressed without the box ticked. */
  missing?: boolean;
  /** The checkbox's own props: controlled on step 3, a named, required field of a plain form. */
  box: Omit<ComponentProps<"input">, "type" | "className">;
  /** Fields sent with the box (a plain form's hidden copy of what it shows). */
  children?: ReactNode;
}) {
  return (
    <section
      aria-labelledby="policy-heading"
      className="flex flex-col gap-3 rounded-lg border border-stone-200 bg-stone-50 p-4"
    >
      <h3 id="policy-heading" className="font-semibold">
        Cancellation policy
      </h3>
      <p id="policy-words" className="text-sm text-stone-800">
        {policy ?? "Loading this stay's cancellation policy…"}
      </p>
      {children}
      <label className="flex items-start gap-2 text-sm">
        <input
          type="checkbox"
          aria-invalid={missing || undefined}
          aria-describedby={missing ? "policy-words policy-missing" : "policy-words"}
          {...box}
          disabled={box.disabled || policy === undefined}
          className="mt-0.5 size-5 shrink-0 accent-paddock-700"
        />
        <span>
          I accept this cancellation policy and the{" "}
          <a
            href="/policies"
            target="_blank"
            rel="noopener"
            className="font-medium text-paddock-800 underline underline-offset-4"
          >
            Terms and Conditions
          </a>
          .
        </span>
      </label>
      {missing ? (
        <p id="policy-missing" className="text-sm font-medium text-red-700">
          {POLICY_NOT_ACCEPTED}
        </p>
      ) : null}
    </section>
  );
}
