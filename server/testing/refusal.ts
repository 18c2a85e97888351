// For service tests: the AppError a call is expected to be refused with.
import { expect } from "vitest";
import { AppError } from "#server/errors.ts";

/** Runs `attempt`, expecting a refusal; answers it. */
export async function refusal(attempt: Promise<unknown>): Promise<AppError> {
  const error = await attempt.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}
