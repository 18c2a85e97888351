// /login (spec 2.14): Sign In and Sign Up tabs. A signed-in administrator is
// sent to /admin; a signed-in non-admin is signed out with 'Access Denied'.
// The admin area's 'Admin Login' gate posts here too (intent "admin-login").
// With two-factor on, the password leads to /login?step=code, where the
// authenticator or a recovery code gives the session (decision 0018).
import { useEffect, useRef, useState } from "react";
import { data, Form, Link, redirect, useActionData, useNavigation } from "react-router";
import { toast } from "sonner";
import {
  EmailField,
  newPasswordRefusal,
  PasswordField,
} from "#app/components/admin/auth-fields.tsx";
import { flashToastHeaders, readFlashToast } from "#app/components/admin/flash.server.ts";
import { adminPageTitle } from "#app/components/admin/page-title.ts";
import { SignInCodeForm } from "#app/components/admin/sign-in-code-form.tsx";
import { type ToastMessage, useToastOnce } from "#app/components/admin/use-toast.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Card } from "#app/components/ui/card.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "#app/components/ui/tabs.tsx";
import { useSite } from "#app/root.tsx";
import {
  failed,
  invalidForm,
  ok,
  passRetryAfter,
  retryAfter,
} from "#app/routes/action-answer.server.ts";
import { readForm } from "#app/routes/form-body.server.ts";
import { PASSWORD_MISMATCH, signInSchema, signUpSchema } from "#domain/forms/auth.ts";
import { type FieldErrors, parseForm } from "#domain/forms/form-fields.ts";
import { signInCodeSchema } from "#domain/forms/two-factor.ts";
import { type SignInOutcome, signInAdmin, signUp } from "#server/services/account-auth.ts";
import {
  ACCESS_DENIED,
  getSignedInUser,
  hasAdminRole,
  signOutHeaders,
} from "#server/services/admin-access.ts";
import { verifySignInCode } from "#server/services/two-factor-sign-in.ts";
import type { Route } from "./+types/login";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: adminPageTitle(matches, "Sign in") }, { name: "robots", content: "noindex" }];
}

// A sign-in refused for too many attempts says when to try again.
export const headers = passRetryAfter;

export async function loader({ request, context }: Route.LoaderArgs) {
  const flash = await readFlashToast(request);
  const user = await getSignedInUser(context.auth, request.headers);
  if (user && (await hasAdminRole(context.db, user.id))) throw redirect("/admin");
  if (user) {
    // A signed-in non-admin is signed out again (spec 4, 6).
    const headers = await signOutHeaders(context.auth, request.headers);
    for (const c of flash.headers.getSetCookie()) headers.append("Set-Cookie", c);
    const denied: ToastMessage = { kind: "error", ...ACCESS_DENIED };
    return data({ toast: denied, step: "password" as const }, { headers });
  }
  const step = wantsCodeStep(request) ? ("code" as const) : ("password" as const);
  return data({ toast: flash.toast as ToastMessage | null, step }, { headers: flash.headers });
}

/** The code step shows only while Better Auth's challenge cookie is there. */
function wantsCodeStep(request: Request): boolean {
  const asked = new URL(request.url).searchParams.get("step") === "code";
  return (
    asked && /(^|;\s*)(__Secure-)?[\w.-]*two_factor=/.test(request.headers.get("cookie") ?? "")
  );
}

const CODE_STEP = "/login?step=code";

type LoginIntent = "sign-in" | "sign-up" | "admin-login" | "two-factor";

const UNEXPECTED = "An unexpected error occurred";

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const posted = form.get("intent");
  const intent: LoginIntent =
    posted === "sign-up" || posted === "admin-login" || posted === "two-factor"
      ? posted
      : "sign-in";
  try {
    if (intent === "sign-up") return await signUpAction(request, context, form);
    if (intent === "two-factor") return await codeAction(request, context, form);
    return await signInAction(request, context, form, intent);
  } catch {
    return failed(
      intent,
      intent === "admin-login"
        ? { kind: "error", title: "Login Error", description: `${UNEXPECTED}.` }
        : { kind: "error", title: "Error", description: UNEXPECTED },
      500,
    );
  }
}

async function signInAction(
  request: Request,
  context: Route.ActionArgs["context"],
  form: FormData,
  intent: "sign-in" | "admin-login",
) {
  const failedTitle = intent === "admin-login" ? "Login Failed" : "Sign In Failed";
  const parsed = parseForm(signInSchema, form);
  if (!parsed.ok) {
    return invalidForm(intent, parsed.errors, (description) => ({
      kind: "error",
      title: failedTitle,
      description,
    }));
  }
  const outcome = await signInAdmin(context, request, parsed.data);
  // The password was right, but only the code gives a session.
  if (outcome.kind === "two-factor") return redirect(CODE_STEP, { headers: outcome.headers });
  return signedIn(intent, outcome, failedTitle);
}

/** The second step: the authenticator code or a recovery code, then the same welcome. */
async function codeAction(request: Request, context: Route.ActionArgs["context"], form: FormData) {
  const failedTitle = "Sign In Failed";
  const parsed = parseForm(signInCodeSchema, form);
  if (!parsed.ok) {
    return invalidForm("two-factor", parsed.errors, (description) => ({
      kind: "error",
      title: failedTitle,
      description,
    }));
  }
  const outcome = await verifySignInCode(context, request, parsed.data);
  if (outcome.kind === "failed" && outcome.challengeEnded) {
    const toast: ToastMessage = { kind: "error", title: failedTitle, description: outcome.message };
    return redirect("/login", { headers: await flashToastHeaders(toast) });
  }
  return signedIn("two-factor", outcome, failedTitle);
}

/** What a sign-in step answers: the refusal (with Retry-After when too many), or the session. */
async function signedIn(
  intent: "sign-in" | "admin-login" | "two-factor",
  outcome: SignInOutcome,
  failedTitle: string,
) {
  if (outcome.kind === "failed") {
    return failed(
      intent,
      { kind: "error", title: failedTitle, description: outcome.message },
      { status: outcome.status, headers: retryAfter(outcome.retryAfterSeconds) },
      intent === "two-factor" ? { code: outcome.message } : undefined,
    );
  }
  if (outcome.kind === "two-factor") return redirect(CODE_STEP, { headers: outcome.headers });
  if (outcome.kind === "not-admin") {
    return failed(
      intent,
      { kind: "error", ...ACCESS_DENIED },
      { status: 403, headers: outcome.headers },
    );
  }
  if (intent === "admin-login") {
    return data(ok(intent, { kind: "success", title: "Welcome Admin" }), {
      headers: outcome.headers,
    });
  }
  const headers = await flashToastHeaders(
    { kind: "success", title: "Sign In Successful", description: "Welcome back!" },
    outcome.headers,
  );
  return redirect("/admin", { headers });
}

async function signUpAction(
  request: Request,
  context: Route.ActionArgs["context"],
  form: FormData,
) {
  const parsed = parseForm(signUpSchema, form);
  if (!parsed.ok) {
    return invalidForm(
      "sign-up",
      parsed.errors,
      newPasswordRefusal(parsed.errors, "Sign Up Failed"),
    );
  }
  const result = await signUp(context.auth, request, parsed.data, context.clientAddress);
  if (!result.ok) {
    return failed(
      "sign-up",
      { kind: "error", title: "Sign Up Failed", description: result.message },
      { status: result.status, headers: retryAfter(result.retryAfterSeconds) },
    );
  }
  return ok("sign-up", {
    kind: "success",
    title: "Sign Up Successful",
    description: "Please check your email to confirm your account.",
  });
}

export default function Login({ loaderData }: Route.ComponentProps) {
  const site = useSite();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [tab, setTab] = useState("sign-in");
  const busy = navigation.state !== "idle" && navigation.formAction === "/login";
  const busyIntent = busy ? navigation.formData?.get("intent") : null;

  useToastOnce(loaderData.toast);
  useToastOnce(actionData?.toast);
  useEffect(() => {
    if (actionData?.intent === "sign-up" && actionData.ok) setTab("sign-in");
  }, [actionData]);

  const errors = actionData?.fieldErrors ?? {};
  const errorsFor = (intent: string) => (actionData?.intent === intent ? errors : {});

  return (
    <main className="flex min-h-dvh items-center justify-center bg-paddock-50 px-4 py-12">
      <Card className="w-full max-w-md p-6 sm:p-8">
        <h1 className="text-2xl font-bold text-stone-900">{site.farmName} Station</h1>
        <p className="mt-1 text-sm text-stone-700">Sign in to manage bookings and the farm.</p>
        {loaderData.step === "code" ? (
          <div className="mt-6">
            <h2 className="mb-3 text-lg font-semibold text-stone-900">Two-factor sign-in</h2>
            <SignInCodeForm busy={busy} error={errorsFor("two-factor").code} />
          </div>
        ) : (
          <Tabs value={tab} onValueChange={setTab} className="mt-6">
            <TabsList aria-label="Sign in or sign up">
              <TabsTrigger value="sign-in">Sign In</TabsTrigger>
              <TabsTrigger value="sign-up">Sign Up</TabsTrigger>
            </TabsList>
            <TabsContent value="sign-in" className="mt-6 focus-visible:outline-none">
              <Form method="post" action="/login" className="flex flex-col gap-4" noValidate>
                <input type="hidden" name="intent" value="sign-in" />
                <EmailField id="sign-in-email" error={errorsFor("sign-in").email} />
                <PasswordField
                  id="sign-in-password"
                  name="password"
                  label="Password"
                  autoComplete="current-password"
                  error={errorsFor("sign-in").password}
                />
                <Button type="submit" disabled={busy}>
                  {busyIntent === "sign-in" ? "Signing in…" : "Sign In"}
                </Button>
                <Link
                  to="/forgot-password"
                  className="text-center text-sm font-medium text-paddock-700 underline-offset-4 hover:underline"
                >
                  Forgot your password?
                </Link>
              </Form>
            </TabsContent>
            <TabsContent value="sign-up" className="mt-6 focus-visible:outline-none">
              <SignUpForm busy={busy} busyIntent={busyIntent} errors={errorsFor("sign-up")} />
            </TabsContent>
          </Tabs>
        )}
      </Card>
    </main>
  );
}

function SignUpForm({
  busy,
  busyIntent,
  errors,
}: {
  busy: boolean;
  busyIntent: FormDataEntryValue | null | undefined;
  errors: FieldErrors;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  // The confirmation is checked before anything is sent (spec 5).
  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    const fields = new FormData(event.currentTarget);
    if (fields.get("password") !== fields.get("confirmPassword")) {
      event.preventDefault();
      toast.error(PASSWORD_MISMATCH.title, { description: PASSWORD_MISMATCH.description });
    }
  };
  return (
    <Form
      ref={formRef}
      method="post"
      action="/login"
      className="flex flex-col gap-4"
      noValidate
      onSubmit={onSubmit}
    >
      <input type="hidden" name="intent" value="sign-up" />
      <EmailField id="sign-up-email" error={errors.email} />
      <PasswordField
        id="sign-up-password"
        name="password"
        label="Password"
        autoComplete="new-password"
        hint="At least 8 characters."
        error={errors.password}
      />
      <PasswordField
        id="sign-up-confirm"
        name="confirmPassword"
        label="Confirm password"
        autoComplete="new-password"
        error={errors.confirmPassword}
      />
      <Button type="submit" disabled={busy}>
        {busyIntent === "sign-up" ? "Signing up…" : "Sign Up"}
      </Button>
    </Form>
  );
}
