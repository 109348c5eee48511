import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { useTranslation } from "~/components/translation";
import { ChangePasswordForm } from "~/components/change-password";
import { RouteErrorBoundary } from "~/components/error-boundary";
import { Popup } from "~/components/popup";
import { requireUser } from "~/services/auth.server";
import { handleChangePassword, newPasswordHint } from "~/services/password.server";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

/** The change-password popup: where a default or expired password sends the member first. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return json({ forced: user.passwordExpired, hint: await newPasswordHint(request) });
}

export async function action({ request }: ActionFunctionArgs) {
  await requireUser(request);
  const outcome = await handleChangePassword(request);
  if (!outcome.ok) return outcome.response;
  return redirect("/member/securityCenter?changed=1");
}

export default function ChangePasswordPopup() {
  const { t } = useTranslation();
  const { forced, hint } = useLoaderData<typeof loader>();
  const acted = useActionData<typeof action>();
  return (
    <Popup title={t("change_password_title")} testId="change-password-popup" closeTo={forced ? "/logout" : "/"}>
      {forced ? <p>{t("force_change_info")}</p> : null}
      <ChangePasswordForm forced={forced} lastResult={acted?.result} action="/changePassword" hint={hint} />
    </Popup>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
