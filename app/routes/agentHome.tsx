import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { RouteErrorBoundary } from "~/components/error-boundary";
import { useRootData } from "~/components/header";
import { LoginForm } from "~/components/login-form";
import { getUser } from "~/services/auth.server";
import { captchaNeeded } from "~/services/captcha.server";

export const handle = { layout: "full" };

/** Agent home: visitors get the agent login (agents only, spec §6); members who are not agents are told so. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getUser(request);
  return json({ state: !user ? "login" : user.isAgent ? "agent" : "not-agent", account: user?.account ?? null, captcha: await captchaNeeded(request) } as const);
}

export default function AgentHome() {
  const { t } = useTranslation();
  const { state, account, captcha } = useLoaderData<typeof loader>();
  const modules = useRootData()?.shell.site.modules ?? [];
  return (
    <div data-testid="agent-home">
      <h1>{t(state === "agent" ? "agent_home_title" : "agent_login_title")}</h1>
      {state === "login" ? (
        <LoginForm modules={modules.filter((m) => m !== "MOBILEVERCODELOGIN3")} idPrefix="agent-login" agent full captcha={captcha} />
      ) : state === "not-agent" ? (
        <p role="alert" data-testid="not-agent">
          {t("err_non_agent")}
        </p>
      ) : (
        <p>
          {account} — {t("join_text")}
        </p>
      )}
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
