import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ChangePasswordForm } from "~/components/change-password";
import { RouteErrorBoundary } from "~/components/error-boundary";
import { TrialWarning } from "~/components/trial-warning";
import { requireRealUser } from "~/services/auth.server";
import { handleChangePassword } from "~/services/password.server";

export const handle = { layout: "full" };

/** The member centre's default page: account security, with the change-password form. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { user, trial } = await requireRealUser(request);
  return json({ trial, account: user.account });
}

export async function action({ request }: ActionFunctionArgs) {
  const { trial } = await requireRealUser(request);
  if (trial) return json({ result: null, changed: false }, { status: 403 });
  const outcome = await handleChangePassword(request);
  if (!outcome.ok) return outcome.response;
  return json({ result: null, changed: true });
}

export default function SecurityCenter() {
  const { t } = useTranslation();
  const { trial, account } = useLoaderData<typeof loader>();
  const acted = useActionData<typeof action>();
  const [params] = useSearchParams();
  const changed = (acted && "changed" in acted && acted.changed) || params.get("changed") === "1";
  return (
    <div data-testid="security-centre">
      <h1>{t("security_centre_title")}</h1>
      <p>{account}</p>
      {params.get("first") === "1" ? (
        <p role="status" data-testid="first-login">
          {t("first_login_info")}
        </p>
      ) : null}
      {trial ? (
        <TrialWarning />
      ) : (
        <section aria-labelledby="change-password-title">
          <h2 id="change-password-title">{t("change_password_title")}</h2>
          {changed ? (
            <p role="status" data-testid="password-changed">
              {t("password_changed")}
            </p>
          ) : null}
          <ChangePasswordForm forced={false} lastResult={acted && "result" in acted ? acted.result : null} />
        </section>
      )}
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
