import { useEffect, useState } from "react";
import { useTranslation } from "~/components/translation";
import * as s from "~/styles/shell.css";
import { useMoneyFormat } from "./money";

/**
 * The SMS send button (spec §4): disabled for the countdown after a send. Without scripts the
 * page says until when; with scripts the button comes back by itself when the time is up.
 */
export function SendCodeButton({ sentUntil }: { sentUntil?: string | null }) {
  const { t } = useTranslation();
  const fmt = useMoneyFormat();
  const until = sentUntil ? new Date(sentUntil).getTime() : 0;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!until) return;
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, [until]);
  const waiting = until > now;
  const time = sentUntil && until ? fmt.dateTime(sentUntil) : "";
  return (
    <span className={s.inlineForm}>
      <button type="submit" name="intent" value="sendCode" formNoValidate className={s.smallButton} disabled={waiting} data-testid="send-code">
        {t("send_code")}
      </button>
      {until ? (
        <span role="status" data-testid="code-sent" suppressHydrationWarning>
          {t("code_sent_until", { time })}
        </span>
      ) : null}
    </span>
  );
}
