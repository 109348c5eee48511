import { useTranslation } from "react-i18next";
import { HELP_TAGS } from "~/components/footer";
import { Popup } from "~/components/popup";

/** /help and /help#{tag}: the help centre over the home page; the tag scrolls to its section. */
export default function HelpPopup() {
  const { t } = useTranslation();
  return (
    <Popup title={t("help_centre")} testId="help-popup">
      {HELP_TAGS.map((tag) => (
        <section key={tag} id={tag} aria-labelledby={`help-${tag}`}>
          <h3 id={`help-${tag}`}>{t(`help_${tag}`)}</h3>
          <p>{t(`help_${tag}_text`)}</p>
        </section>
      ))}
    </Popup>
  );
}
