import { Form, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "~/components/translation";
import { CsrfInput } from "./csrf";
import { LANGUAGES } from "~/i18n";
import * as s from "~/styles/shell.css";
import { useRequestInfo } from "./request-info";

function useReturnPath() {
  const location = useLocation();
  return location.pathname + location.search;
}

/**
 * Language selector: a plain form post; with scripts it submits as soon as a language is picked.
 * A language picked before the scripts started (a slow phone) had no change handler to submit it:
 * it is submitted as they start, as a pick after would have been.
 */
export function LanguageForm() {
  const { t, i18n } = useTranslation();
  const returnTo = useReturnPath();
  const select = useRef<HTMLSelectElement>(null);
  useEffect(() => {
    const el = select.current;
    // The option the page was sent with (the first when none matched): never a submit loop.
    const sent = Array.from(el?.options ?? []).find((o) => o.defaultSelected) ?? el?.options[0];
    if (el && sent && el.value !== sent.value) el.form?.requestSubmit();
  }, []);
  return (
    <Form method="post" action="/preferences" className={s.inlineForm} reloadDocument>
      <CsrfInput />
      <input type="hidden" name="redirectTo" value={returnTo} />
      <label className={s.inlineForm}>
        <span>{t("language_label")}</span>
        <select
          ref={select}
          name="lang"
          className={s.field}
          defaultValue={i18n.language}
          data-testid="language-select"
          onChange={(e) => e.currentTarget.form?.requestSubmit()}
        >
          {LANGUAGES.map((l) => (
            <option key={l.tag} value={l.tag} lang={l.tag}>
              {l.name}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" name="intent" value="language" className={s.smallButton}>
        {t("language_submit")}
      </button>
    </Form>
  );
}

/** Theme: three buttons, one click each, stored in a cookie. */
export function ThemeForm() {
  const { t } = useTranslation();
  const { theme } = useRequestInfo();
  const returnTo = useReturnPath();
  return (
    <Form method="post" action="/preferences" className={s.inlineForm} reloadDocument>
      <CsrfInput />
      <input type="hidden" name="redirectTo" value={returnTo} />
      <input type="hidden" name="intent" value="theme" />
      <span id="theme-label">{t("theme_label")}</span>
      <span role="group" aria-labelledby="theme-label" className={s.inlineForm}>
        {(["light", "dark", "system"] as const).map((choice) => (
          <button
            key={choice}
            type="submit"
            name="theme"
            value={choice}
            className={s.smallButton}
            aria-pressed={theme === choice}
            data-testid={`theme-${choice}`}
          >
            {t(`theme_${choice}`)}
          </button>
        ))}
      </span>
    </Form>
  );
}
