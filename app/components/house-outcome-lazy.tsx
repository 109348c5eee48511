import { lazy, Suspense } from "react";
import type { OutcomeProps, SlotLayout } from "./house-outcome";

/**
 * The pictures of a round (house-outcome.tsx, with the cards, dice, wheel and reels it draws)
 * load when a page first shows a round, not with every game page: a player who has not played
 * yet downloads the bet form only (ADR 030). The server renders them whole, so a page without
 * scripts, or before this arrives, shows the same round; the bet form asks for them when it is
 * first used, so the first result does not wait for them.
 */
export const preloadOutcome = () => import("./house-outcome");

const Outcome = lazy(() => preloadOutcome().then((m) => ({ default: m.GameOutcome })));
const Paytable = lazy(() => preloadOutcome().then((m) => ({ default: m.SlotPaytable })));

export function GameOutcome(props: OutcomeProps) {
  return (
    <Suspense fallback={null}>
      <Outcome {...props} />
    </Suspense>
  );
}

export function SlotPaytable(props: { slot: SlotLayout }) {
  return (
    <Suspense fallback={null}>
      <Paytable {...props} />
    </Suspense>
  );
}
