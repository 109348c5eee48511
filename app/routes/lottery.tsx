import type { LoaderFunctionArgs } from "@remix-run/node";
import { useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { RouteErrorBoundary } from "~/components/error-boundary";
import { requireUser } from "~/services/auth.server";

export const handle = { layout: "header", gamePage: true };

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return null;
}

export default function Page() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const gameCode = params.get("gameCode");
  return (
    <div data-testid="lottery-page">
      <h1>{t("lottery_title")}</h1>
      
      {gameCode ? <p>{t("game_code", { code: gameCode })}</p> : null}
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
