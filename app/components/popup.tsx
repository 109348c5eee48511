import { Link, useNavigate } from "@remix-run/react";
import { useEffect, useId, type ReactNode } from "react";
import { useTranslation } from "~/components/translation";
import * as h from "~/styles/home.css";

/**
 * A popup over the page it belongs to. It is a route (or URL state), so it opens without
 * scripts and with the back button; closing is a link. With scripts, Escape closes it too.
 */
export function Popup({ title, closeTo = "/", children, testId }: { title: string; closeTo?: string; children: ReactNode; testId?: string }) {
  const { t } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") navigate(closeTo, { preventScrollReset: true });
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [navigate, closeTo]);
  return (
    <div className={h.overlay}>
      <div className={h.dialog} role="dialog" aria-modal="true" aria-labelledby={id} data-testid={testId}>
        <div className={h.dialogHead}>
          <h2 id={id} className={h.dialogTitle}>
            {title}
          </h2>
          <Link to={closeTo} className={h.closeLink} preventScrollReset data-testid="popup-close">
            {t("close")} ✕
          </Link>
        </div>
        {children}
      </div>
    </div>
  );
}
