import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { supportedLanguages } from "~/i18n";
import { launchHref } from "~/lib/launch";
import { displayVendorCode } from "~/lib/vendors";

const THAI_SUPPORTED = supportedLanguages.includes("th");
import type { GameItem } from "~/services/games.server";
import * as h from "~/styles/home.css";

export function GameCard({ game }: { game: GameItem }) {
  const { t } = useTranslation();
  return (
    <Link to={launchHref(game)} className={h.gameCard} data-node-id={game.nodeId}>
      <img src={game.iconUrl} alt="" width={104} height={104} loading="lazy" />
      <span>{game.gameName}</span>
      <span className={h.gameMeta}>{game.maintenance ? t("vendor_maintenance") : displayVendorCode(game.vassalage, THAI_SUPPORTED)}</span>
    </Link>
  );
}

export function GameGrid({ games, testId }: { games: GameItem[]; testId?: string }) {
  const { t } = useTranslation();
  if (!games.length) return <p>{t("games_empty")}</p>;
  return (
    <ul className={h.gameGrid} data-testid={testId}>
      {games.map((g) => (
        <li key={g.nodeId}>
          <GameCard game={g} />
        </li>
      ))}
    </ul>
  );
}
