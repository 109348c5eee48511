import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "~/components/translation";
import { z } from "zod";
import { CsrfInput } from "~/components/csrf";
import { RouteErrorBoundary } from "~/components/error-boundary";
import { getUser } from "~/services/auth.server";
import { readForm } from "~/services/forms.server";
import { callPlatform } from "~/services/platform.server";
import { destroySession, getSessionToken } from "~/services/session.server";
import * as s from "~/styles/shell.css";

export const handle = { layout: "full" };

export async function loader({ request }: LoaderFunctionArgs) {
  if (!(await getUser(request))) throw redirect("/");
  return null;
}

/** Spec §4 logout: the platform revokes the session, the cookie goes, back to the home page. */
export async function action({ request }: ActionFunctionArgs) {
  await readForm(request);
  const token = await getSessionToken(request);
  if (token) {
    await callPlatform(request, "/wps/session/logout", { method: "DELETE", schema: z.null(), token }).catch(() => null);
  }
  return redirect("/", { headers: { "Set-Cookie": await destroySession() } });
}

/** The sign-out confirmation: a page of its own, so it needs no script. */
export default function Logout() {
  const { t } = useTranslation();
  return (
    <div data-testid="logout-confirm">
      <h1>{t("logout_title")}</h1>
      <p>{t("logout_question")}</p>
      <Form method="post" className={s.inlineForm}>
        <CsrfInput />
        <button type="submit" className={s.primaryButton}>
          {t("sign_out")}
        </button>
        <Link to="/" className={s.smallButton}>
          {t("cancel")}
        </Link>
      </Form>
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
