import { json, redirect, type ActionFunctionArgs } from "@remix-run/node";
import { FAVOURITE_NOTICE_PARAM, type FavouriteRefusal } from "~/lib/favourites";
import { getUser } from "~/services/auth.server";
import { readForm } from "~/services/forms.server";
import { setFavourite } from "~/services/games.server";
import { PlatformError } from "~/services/platform.server";
import { safeRedirect } from "~/lib/safe-redirect";

/** Nothing to show here: the lobby lists the favourites. */
export function loader() {
  return redirect("/lobby");
}

/** The page the toggle came from, with the refusal as a notice, at the card that was toggled. */
function back(to: string, nodeId: number, refused?: FavouriteRefusal) {
  const url = new URL(to, "http://same.origin");
  if (refused) url.searchParams.set(FAVOURITE_NOTICE_PARAM, refused);
  else url.searchParams.delete(FAVOURITE_NOTICE_PARAM);
  return redirect(url.pathname + url.search + (refused ? "" : `#g${nodeId}`));
}

/**
 * A favourite toggle (spec §4): `toggle` is "add:<nodeId>" or "remove:<nodeId>". A plain form
 * post (no scripts) comes back to `redirectTo`; a fetcher post (`via=fetch`) gets JSON. Logged out
 * → 'You are not logged in, please login' with the login popup link; trial → a real account is
 * needed. The platform refuses those too.
 */
export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request);
  const m = /^(add|remove):(\d{1,10})$/.exec(String(form.get("toggle") ?? ""));
  const redirectTo = safeRedirect(form.get("redirectTo"), "/");
  const viaFetch = form.get("via") === "fetch";
  if (!m) throw json({ message: "toggle must be add:<nodeId> or remove:<nodeId>" }, { status: 400 });
  const add = m[1] === "add";
  const nodeId = Number(m[2]);
  const refuse = (refused: FavouriteRefusal) =>
    viaFetch ? json({ ok: false as const, nodeId, refused }, { status: refused === "login" ? 401 : 403 }) : back(redirectTo, nodeId, refused);

  const user = await getUser(request);
  if (!user) return refuse("login");
  if (user.isTrial) return refuse("trial");
  try {
    const vendor = form.get("vendor");
    const gameType = form.get("gameType");
    await setFavourite(
      request,
      { nodeId, ...(typeof vendor === "string" && vendor ? { vendor: vendor.slice(0, 40) } : {}), ...(typeof gameType === "string" && gameType ? { gameType: gameType.slice(0, 40) } : {}) },
      add,
    );
  } catch (e) {
    if (!(e instanceof PlatformError)) throw e;
    if (e.status === 401) return refuse("login");
    if (e.code === "in_need_true_account") return refuse("trial");
    if (e.code === "FAVOURITES_FULL") return refuse("full");
    // A game that went away: nothing to toggle; the page shows the catalogue as it is now.
    if (e.status !== 404) throw e;
  }
  return viaFetch ? json({ ok: true as const, nodeId, favourite: add }) : back(redirectTo, nodeId);
}
