import { useSearchParams } from "@remix-run/react";
import { useTranslation } from "~/components/translation";

/**
 * A page whose content other work fills in (join, points mall, lottery and game frames): its
 * title, its text, and the game code it was opened with.
 */
export function InfoPage({ titleKey, textKey, testId }: { titleKey: string; textKey?: string; testId: string }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const gameCode = params.get("gameCode");
  return (
    <div data-testid={testId}>
      <h1>{t(titleKey)}</h1>
      {textKey ? <p>{t(textKey)}</p> : null}
      {gameCode ? <p>{t("game_code", { code: gameCode })}</p> : null}
    </div>
  );
}
