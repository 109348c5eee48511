import { safeRedirect } from "~/lib/safe-redirect";
import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { specCode, supportedLanguages } from "~/i18n";
import { callPlatform } from "~/services/platform.server";
import { getSessionToken } from "~/services/session.server";
import { getUser } from "~/services/auth.server";
import { readForm } from "~/services/forms.server";
import { langCookie } from "~/services/i18n.server";
import { labelRoute } from "~/services/observability.server";
import {
  balanceMaskCookie,
  closedAnnouncementsCookie,
  getClosedAnnouncements,
  themeCookie,
} from "~/services/preferences.server";

/**
 * Visitor preferences as plain form posts (language, theme, closed announcements), each
 * answered with a redirect back to the page it came from.
 */
export async function action({ request }: ActionFunctionArgs) {
  labelRoute(request, "routes/preferences");
  const formData = await readForm(request);
  const back = safeRedirect(formData.get("redirectTo"));
  const intent = String(formData.get("intent") ?? (formData.has("lang") ? "language" : formData.has("theme") ? "theme" : ""));
  const headers = new Headers();

  switch (intent) {
    case "language": {
      const asked = String(formData.get("lang") ?? "");
      const lang = supportedLanguages.find((l) => l.toLowerCase() === asked.toLowerCase());
      if (lang) {
        headers.append("Set-Cookie", await langCookie.serialize(lang));
        // Spec §4: a logged-in member's language goes to the platform too (best effort: the cookie already holds it).
        const token = (await getUser(request)) ? await getSessionToken(request) : null;
        if (token) {
          await callPlatform(request, "/wps/member/language", { method: "PUT", body: { language: specCode(lang) }, schema: z.object({ language: z.string() }), token }).catch(
            () => null,
          );
        }
      }
      // The page reloads in the new language, so hot games, winners and announcements do too.
      const url = new URL(back, "http://x");
      url.searchParams.delete("lng");
      return redirect(url.pathname + url.search, { headers });
    }
    case "theme": {
      const theme = String(formData.get("theme") ?? "");
      headers.append(
        "Set-Cookie",
        theme === "dark" || theme === "light" ? await themeCookie.serialize(theme) : await themeCookie.serialize("", { maxAge: 0 }),
      );
      return redirect(back, { headers });
    }
    case "closeAnnouncement": {
      const id = Number(formData.get("announcementId"));
      if (Number.isInteger(id) && id > 0) {
        const closed = await getClosedAnnouncements(request);
        const who = (await getUser(request)) ? "member" : "visitor";
        closed[who] = [...new Set([...closed[who], id])];
        headers.append("Set-Cookie", await closedAnnouncementsCookie.serialize(closed));
      }
      return redirect(back, { headers });
    }
    case "hideBalance":
    case "showBalance":
      headers.append("Set-Cookie", await balanceMaskCookie.serialize(intent === "hideBalance"));
      return redirect(back, { headers });
    default:
      return redirect(back);
  }
}

export function loader() {
  return redirect("/");
}
