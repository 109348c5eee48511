import type { LoaderFunctionArgs } from "@remix-run/node";
import { useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { RouteErrorBoundary } from "~/components/error-boundary";


export const handle = { layout: "full" };

export async function loader({ request }: LoaderFunctionArgs) {
  void request;
  return null;
}

export default function Page() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const gameCode = params.get("gameCode");
  return (
    <div data-testid="join-page">
      <h1>{t("join_title")}</h1>
      <p>{t("join_text")}</p>
      {gameCode ? <p>{t("game_code", { code: gameCode })}</p> : null}
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
