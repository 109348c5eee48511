import { DownloadQr } from "~/components/download-qr";
import { Form, Link } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/components/translation";
import { CsrfInput } from "./csrf";
import { formatClock, formatNumber, formatWinAmount } from "~/lib/format";
import { formatJackpot, jackpotValueAt, type JackpotPool } from "~/lib/jackpot";
import type { Banner, Notice } from "~/services/announcements.server";
import type { Winner } from "~/services/games.server";
import * as h from "~/styles/home.css";
import * as s from "~/styles/shell.css";
import { Popup } from "./popup";

/** Spec §9: banner autoplay 5000 ms with a 1000 ms transition. */
const AUTOPLAY_MS = 5000;
const TRANSITION_MS = 1000;

function prefersReducedMotion() {
  return typeof window !== "undefined" && window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
}

/** Without scripts a scroll-snap strip with numbered links; with scripts it plays by itself, looping only with more than one banner. */
export function BannerCarousel({ banners }: { banners: Banner[] }) {
  const { t, i18n } = useTranslation();
  const track = useRef<HTMLDivElement>(null);
  const [paused, setPaused] = useState(false);
  useEffect(() => {
    const el = track.current;
    if (!el || banners.length < 2 || paused || prefersReducedMotion()) return;
    let frame = 0;
    const timer = setInterval(() => {
      const width = el.clientWidth;
      const current = Math.round(el.scrollLeft / width);
      const next = (current + 1) % banners.length;
      const from = el.scrollLeft;
      const to = next * width * (document.dir === "rtl" ? -1 : 1);
      const start = performance.now();
      el.style.scrollSnapType = "none";
      const step = (now: number) => {
        const p = Math.min(1, (now - start) / TRANSITION_MS);
        const eased = p < 0.5 ? 2 * p * p : 1 - Math.pow(-2 * p + 2, 2) / 2;
        el.scrollLeft = from + (to - from) * eased;
        if (p < 1) frame = requestAnimationFrame(step);
        else el.style.scrollSnapType = "";
      };
      frame = requestAnimationFrame(step);
    }, AUTOPLAY_MS);
    return () => {
      clearInterval(timer);
      cancelAnimationFrame(frame);
    };
  }, [banners.length, paused]);
  if (!banners.length) return null;
  return (
    <section
      className={h.carousel}
      aria-roledescription="carousel"
      aria-label={t("banners_label")}
      data-testid="banner-carousel"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div className={h.track} ref={track}>
        {banners.map((b, i) => {
          const img = (
            <>
              <img src={b.url} alt="" width={1200} height={400} loading={i === 0 ? "eager" : "lazy"} fetchPriority={i === 0 ? "high" : undefined} />
              {b.title ? <span className={h.slideTitle} dir="auto">{b.title}</span> : null}
            </>
          );
          return (
            <div
              key={b.id}
              id={`banner-${i + 1}`}
              className={h.slide}
              role="group"
              aria-roledescription="slide"
              aria-label={t("banner_n", { n: formatNumber(i + 1, i18n.language), total: formatNumber(banners.length, i18n.language) })}
            >
              {b.link ? <Link to={b.link}>{img}</Link> : img}
            </div>
          );
        })}
      </div>
      {banners.length > 1 ? (
        <div className={h.dots}>
          {banners.map((b, i) => (
            <a key={b.id} href={`#banner-${i + 1}`} className={h.dot} aria-label={t("banner_n", { n: formatNumber(i + 1, i18n.language), total: formatNumber(banners.length, i18n.language) })}>
              {i + 1}
            </a>
          ))}
        </div>
      ) : null}
    </section>
  );
}

/** DD/MM/YYYY HH:mm:ss, rendered by the server and ticking every second with scripts. */
export function Clock({ now, timeZone }: { now: number; timeZone: string }) {
  const { t } = useTranslation();
  const [time, setTime] = useState(now);
  useEffect(() => {
    setTime(Date.now());
    const id = setInterval(() => setTime(Date.now()), 1000);
    return () => clearInterval(id);
  }, []);
  return (
    <time className={h.clock} dateTime={new Date(time).toISOString()} aria-label={t("clock_label")} data-testid="clock" suppressHydrationWarning>
      {formatClock(new Date(time), timeZone)}
    </time>
  );
}

export function NoticeMarquee({ notices, now, timeZone }: { notices: Notice[]; now: number; timeZone: string }) {
  const { t } = useTranslation();
  return (
    <section className={h.noticeBar} aria-label={t("notices_title")} data-testid="notice-marquee">
      <Clock now={now} timeZone={timeZone} />
      <div className={h.marqueeWindow}>
        <ul className={h.marqueeTrack}>
          {[0, 1].flatMap((copy) =>
            notices.map((n) => (
              <li key={`${copy}-${n.id}`} aria-hidden={copy === 1 ? true : undefined}>
                {/* The loop's copy repeats the same paths: the first copy has Remix discover them. */}
                <Link to={`/notice/${n.id}`} preventScrollReset tabIndex={copy === 1 ? -1 : undefined} discover={copy === 1 ? "none" : undefined}>
                  {n.title}
                </Link>
              </li>
            )),
          )}
        </ul>
      </div>
      <Link to="/notices" preventScrollReset className={s.linkish}>
        {t("notices_all")}
      </Link>
    </section>
  );
}

/**
 * The jackpot counter: the platform's pool (real stakes in it) carried on by the spec's clock, so
 * a reload without scripts shows it grown; scripts tick it live.
 */
export function JackpotCounter({ now, pool }: { now: number; pool: JackpotPool | null }) {
  const { t, i18n } = useTranslation();
  const [value, setValue] = useState(() => jackpotValueAt(pool, now).cents);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      const { cents, nextTickAt } = jackpotValueAt(pool, Date.now());
      setValue(cents);
      timer = setTimeout(tick, Math.max(50, nextTickAt - Date.now()));
    };
    tick();
    return () => clearTimeout(timer);
  }, [pool]);
  return (
    <section className={h.jackpot} aria-labelledby="jackpot-title" data-testid="jackpot">
      <h2 id="jackpot-title" className={h.sectionTitle}>
        {t("jackpot_title")}
      </h2>
      <div className={h.jackpotValue} aria-live="off" suppressHydrationWarning data-testid="jackpot-value">
        {formatJackpot(value, i18n.language)}
      </div>
    </section>
  );
}

/** Spec §9: winner board, scrolled by 0.5 px a frame when scripts run. */
export function WinnersBoard({ winners, refreshTo }: { winners: Array<Pick<Winner, "account" | "gameName" | "winAmount" | "currency">>; refreshTo?: string }) {
  const { t, i18n } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // Measured once; the compositor moves the table at 0.5 px a frame (30 px/s), pausing while the
    // pointer or the focus is on the board (home.css.ts), back to the top at the end as before.
    const el = box.current;
    const table = el?.firstElementChild as HTMLElement | null;
    if (!el || !table || prefersReducedMotion()) return;
    const distance = table.offsetHeight - el.clientHeight;
    if (distance <= 0) return;
    el.style.setProperty("--winners-distance", `${-distance}px`);
    el.style.setProperty("--winners-duration", `${Math.round((distance / 30) * 1000)}ms`);
    el.dataset.scrolling = "";
    return () => {
      delete el.dataset.scrolling;
    };
  }, [winners.length]);
  return (
    <section className={h.section} aria-labelledby="winners-title" data-testid="winners">
      <div className={h.sectionHead}>
        <h2 id="winners-title" className={h.sectionTitle}>
          {t("winners_title")}
        </h2>
        {refreshTo ? (
          <Link to={refreshTo} className={s.linkish} preventScrollReset data-testid="refresh-winners">
            {t("refresh_list")}
          </Link>
        ) : null}
      </div>
      {winners.length ? (
        <div className={h.winners} ref={box} tabIndex={0} role="region" aria-labelledby="winners-title">
          <table className={h.winnerTable}>
            <thead>
              <tr>
                <th scope="col">{t("winner_player")}</th>
                <th scope="col">{t("winner_game")}</th>
                <th scope="col">{t("winner_amount")}</th>
              </tr>
            </thead>
            <tbody>
              {winners.map((w, i) => (
                <tr key={i}>
                  <td>{w.account}</td>
                  <td>{w.gameName}</td>
                  <td>
                    <bdi>{`${formatWinAmount(w.winAmount, i18n.language)} ${w.currency}`}</bdi>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p>{t("winners_empty")}</p>
      )}
    </section>
  );
}

export function DownloadSection({ qr, url }: { qr: string; url: string }) {
  const { t } = useTranslation();
  return (
    <section className={h.section} aria-labelledby="download-title" data-testid="download">
      <h2 id="download-title" className={h.sectionTitle}>
        {t("download_title")}
      </h2>
      <div className={h.download}>
        <DownloadQr src={qr} label={t("scan_to_download")} />
        <div>
          <p>{t("download_text")}</p>
          <a href={url} className={s.primaryButton}>
            {t("download_page")}
          </a>
        </div>
      </div>
    </section>
  );
}

/** Announcement popup (spec §4): once per session; closing is a form post, so it works without scripts. */
export function AnnouncementPopup({ notice, returnTo }: { notice: Notice; returnTo: string }) {
  const { t } = useTranslation();
  return (
    <div className={h.overlay}>
      <div className={h.dialog} role="dialog" aria-modal="true" aria-labelledby="announcement-title" data-testid="announcement">
        <div className={h.dialogHead}>
          <h2 id="announcement-title" className={h.dialogTitle}>
            {notice.title || t("announcement_title")}
          </h2>
          <Form method="post" action="/preferences" reloadDocument>
            <CsrfInput />
            <input type="hidden" name="redirectTo" value={returnTo} />
            <input type="hidden" name="announcementId" value={notice.id} />
            <button type="submit" name="intent" value="closeAnnouncement" className={h.closeLink} data-testid="announcement-close">
              {t("close")} ✕
            </button>
          </Form>
        </div>
        <div dangerouslySetInnerHTML={{ __html: notice.content ?? "" }} />
      </div>
    </div>
  );
}

export { Popup };
