import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/components/translation";
import { z } from "zod";
import { HELP_TAGS } from "~/components/footer";
import { Popup } from "~/components/popup";
import { getLocale } from "~/services/i18n.server";
import { callPlatform, PlatformError } from "~/services/platform.server";

const helpSchema = z.array(z.object({ tag: z.string(), title: z.string(), content: z.string() }));

/** Spec §7 helpCenter (lang, device WEB): the operator's sections; none yet means the built-in texts. */
export async function loader({ request }: LoaderFunctionArgs) {
  const locale = await getLocale(request);
  try {
    const sections = await callPlatform(request, "/wps/system/helpCenter", { schema: helpSchema, query: { lang: locale, device: "WEB" }, language: locale });
    return json({ sections });
  } catch (e) {
    if (e instanceof PlatformError) return json({ sections: [] as z.infer<typeof helpSchema> });
    throw e;
  }
}

/** /help and /help#{tag}: the help centre over the home page; the tag scrolls to its section. */
export default function HelpPopup() {
  const { t } = useTranslation();
  const { sections } = useLoaderData<typeof loader>();
  return (
    <Popup title={t("help_centre")} testId="help-popup">
      {sections.length
        ? sections.map((section) => (
            <section key={section.tag} id={section.tag} aria-labelledby={`help-${section.tag}`} data-testid="help-section">
              <h3 id={`help-${section.tag}`}>{section.title}</h3>
              {/* Plain text from the operator, never HTML: paragraphs by line breaks. */}
              <p style={{ whiteSpace: "pre-line", overflowWrap: "anywhere" }}>{section.content}</p>
            </section>
          ))
        : HELP_TAGS.map((tag) => (
            <section key={tag} id={tag} aria-labelledby={`help-${tag}`}>
              <h3 id={`help-${tag}`}>{t(`help_${tag}`)}</h3>
              <p>{t(`help_${tag}_text`)}</p>
            </section>
          ))}
    </Popup>
  );
}
