import { Link } from "@remix-run/react";
import { useTranslation } from "~/components/translation";
import * as s from "~/styles/shell.css";
import { vendorImage } from "~/lib/vendors";
import { DeferredPicture, pictureStyle } from "~/components/deferred-picture";
import { deferredSection } from "~/styles/deferred-picture.css";
import type { RootData } from "./header";
import { StaticIsland } from "./static-island";

const CONTACT_TYPES = ["WHATSAPP", "TELEGRAM", "LANDING", "YOUTUBE", "INSTAGRAM", "FACEBOOK"];
export const HELP_TAGS = ["about", "terms", "privacy", "responsible", "faq", "deposit", "withdraw"] as const;
const PRODUCTS = ["live", "slots", "sports", "fish", "cards", "lottery"] as const;
/** Spec §9: 23 bank logos. */
export const BANK_LOGOS = 23;
const bankLogo = (i: number) => `/images/banks/${i + 1}.svg`;
/** Spec §9: customer-service window 440x750. */
const CS_WINDOW = "width=440,height=750";

/** Spec §9: average deposit 3 min and withdraw 5 min, bars of a random 180-194 s. */
function barPercent(seed: number) {
  const seconds = 180 + (seed % 15);
  return Math.round((seconds / 300) * 100);
}

/**
 * The footer: an island the first hydration keeps as the server drew it (ADR 050). Its content is
 * a component of its own, so that the kept island never runs it in the browser.
 */
export function SiteFooter({ data }: { data: RootData | undefined }) {
  return (
    <StaticIsland as="footer" className={s.footer} data-testid="site-footer">
      <FooterContent data={data} />
    </StaticIsland>
  );
}

function FooterContent({ data }: { data: RootData | undefined }) {
  const { t } = useTranslation();
  const shell = data?.shell;
  const siteName = shell?.site.name ?? "";
  const contacts = shell?.site.customerService.filter((c) => CONTACT_TYPES.includes(c.csType)) ?? [];
  const chat = shell?.site.customerService.find((c) => c.csType === "LIVECHAT") ?? shell?.site.customerService[0];
  const seed = shell?.footerSeed ?? 0;
  return (
    <div className={s.footerInner}>
      {shell ? (
        <>
          <section aria-labelledby="footer-contact">
            <h2 id="footer-contact" className={s.footerTitle}>
              {t("contact_us")}
            </h2>
            <ul className={s.footerList}>
              {contacts.map((c) => (
                <li key={c.csType}>
                  <a href={c.url} target="_blank" rel="noopener noreferrer" data-contact={c.csType}>
                    {c.title}
                  </a>
                </li>
              ))}
              {chat ? (
                <li>
                  <a
                    href={chat.url}
                    target="_blank"
                    rel="noopener noreferrer"
                    data-testid="footer-customer-service"
                    // With scripts: the spec's 440x750 pop-up window (StaticIsland); without, a new tab.
                    data-window={CS_WINDOW}
                    data-window-name="customer-service"
                  >
                    {t("customer_service")}
                  </a>
                </li>
              ) : null}
            </ul>
          </section>
          <section aria-labelledby="footer-help">
            <h2 id="footer-help" className={s.footerTitle}>
              {t("help_title")}
            </h2>
            <ul className={s.footerList}>
              {HELP_TAGS.map((tag) => (
                <li key={tag}>
                  <Link to={`/help#${tag}`}>{t(`help_${tag}`)}</Link>
                </li>
              ))}
              <li>
                <Link to="/feedback" data-testid="footer-feedback">{t("fb_title")}</Link>
              </li>
            </ul>
          </section>
          <section aria-labelledby="footer-products">
            <h2 id="footer-products" className={s.footerTitle}>
              {t("products_title")}
            </h2>
            <ul className={s.footerList}>
              {PRODUCTS.map((p) => (
                <li key={p}>{t(`product_${p}`)}</li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="footer-times">
            <h2 id="footer-times" className={s.footerTitle}>
              {t("avg_deposit")}
            </h2>
            <p className={s.fineprint}>{t("minutes", { n: 3 })}</p>
            <div className={s.timeBar} aria-hidden="true">
              <div className={s.timeBarFill} style={{ width: `${barPercent(seed)}%` }} />
            </div>
            <h2 className={s.footerTitle} style={{ marginTop: 12 }}>
              {t("avg_withdraw")}
            </h2>
            <p className={s.fineprint}>{t("minutes", { n: 5 })}</p>
            <div className={s.timeBar} aria-hidden="true">
              <div className={s.timeBarFill} style={{ width: `${barPercent(seed + 7)}%` }} />
            </div>
          </section>
          {/* The icons and logos below are fetched when the reader gets near them, scripts or not (deferred-picture.tsx). */}
          <section aria-labelledby="footer-providers" className={`${s.footerWide} ${deferredSection}`}>
            <h2 id="footer-providers" className={s.footerTitle}>
              {t("providers_title")}
            </h2>
            <ul className={`${s.footerList} ${s.providerIcons}`}>
              {shell.providers.map((p) => (
                <li key={p.vassalage}>
                  <DeferredPicture src={vendorImage(p, shell.csp.img, "listColour")} alt={p.displayName} />
                </li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="footer-banks" className={`${s.footerWide} ${deferredSection}`}>
            <h2 id="footer-banks" className={s.footerTitle}>
              {t("banks_title")}
            </h2>
            <div className={s.bankStrip} data-testid="bank-strip">
              <ul className={`${s.footerList} ${s.bankTrack}`} style={{ display: "flex" }}>
                {/* The list runs twice so the scroll loops without a gap; the copy, hidden from assistive tech, is only backgrounds. */}
                {Array.from({ length: BANK_LOGOS }, (_, i) => (
                  <li key={i}>
                    <DeferredPicture src={bankLogo(i)} alt={t("bank_logo", { n: i + 1 })} />
                  </li>
                ))}
                <li aria-hidden className={s.bankLoopCopy}>
                  {Array.from({ length: BANK_LOGOS }, (_, i) => (
                    <span key={i} style={pictureStyle(bankLogo(i))} />
                  ))}
                </li>
              </ul>
            </div>
          </section>
        </>
      ) : null}
      <section className={s.footerWide}>
        <p className={s.fineprint}>{t("footer_responsible")}</p>
        {siteName ? <p className={s.fineprint}>{t("footer_rights", { year: shell?.year ?? "", name: siteName })}</p> : null}
      </section>
    </div>
  );
}
