import { Form } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "~/components/translation";
import { formatBalance, formatDate, formatDateTime, formatMoney } from "~/lib/format";
import * as m from "~/styles/member.css";
import * as s from "~/styles/shell.css";
import { CsrfInput } from "./csrf";
import { FieldError } from "./field-error";
import { useRootData } from "./header";
import { isNegative, isZero } from "~/lib/records";

/** Amounts and times as the member centre shows them: the visitor's language, the site's time zone. */
export function useMoneyFormat() {
  const { i18n } = useTranslation();
  const timeZone = useRootData()?.shell?.site.timeZone ?? "UTC";
  return {
    amount: (value: string, currency?: string | null) => formatMoney(value, currency, i18n.language),
    /** The date kind: "Nov 24, 2026" (en). */
    date: (value: string) => formatDate(value, i18n.language, timeZone),
    /** The date-time kind: "Nov 24, 2026, 14:45:00" (en). */
    dateTime: (value: string) => formatDateTime(value, i18n.language, timeZone),
    language: i18n.language,
    timeZone,
  };
}

/** A field's errors, with the bounds of a range message ("10.00 - 50000.00") in the visitor's number format. */
export function MoneyFieldError({ id, errors }: { id: string; errors?: string[] }) {
  const { language } = useMoneyFormat();
  const localised = errors?.map((e) => {
    const [key, bounds] = e.split("|");
    if (!bounds) return e;
    return `${key}|${bounds.replace(/\d+(?:\.\d+)?/g, (n) => formatBalance(n, language)).replace(" - ", " – ")}`;
  });
  return <FieldError id={id} errors={localised} />;
}

const GOOD = new Set(["CREDITED", "APPROVED", "RECEIVED", "AUTO"]);
const BAD = new Set(["FAILED", "REJECTED", "NOT_RECEIVED", "PARTIAL"]);

/** A deposit, withdrawal or receipt status in words (i18n `<prefix><STATUS>`). */
export function StatusTag({ prefix, status, testId }: { prefix: "deposit_status_" | "withdraw_status_" | "receipt_"; status: string; testId?: string }) {
  const { t } = useTranslation();
  const tone = GOOD.has(status) ? m.tagGood : BAD.has(status) ? m.tagBad : "";
  return (
    <span className={`${m.tag} ${tone}`} data-status={status} data-testid={testId}>
      {t(`${prefix}${status}`)}
    </span>
  );
}

export interface MemberMessage {
  id: number;
  type: string;
  amount: string | null;
  currency: string | null;
  reference: string | null;
  read: boolean;
}

/**
 * An unread money message of spec §3 (deposit credited or failed, withdrawal approved or rejected)
 * as a notice, with a form that marks the messages read (the page's action handles intent "read").
 */
export function MessageNotice({ message, action }: { message: MemberMessage; action?: string }) {
  const { t } = useTranslation();
  const fmt = useMoneyFormat();
  const bad = message.type.endsWith("failed") || message.type.endsWith("rejected");
  return (
    <div role="status" className={`${m.notice} ${bad ? m.noticeBad : ""}`} data-testid="money-message" data-type={message.type}>
      <span>{t(`msg_${message.type}`, { amount: message.amount ? fmt.amount(message.amount, message.currency) : "" })}</span>
      <Form method="post" action={action}>
        <CsrfInput />
        <input type="hidden" name="intent" value="read" />
        <button type="submit" className={s.smallButton}>
          {t("mark_read")}
        </button>
      </Form>
    </div>
  );
}

/** A signed amount with two decimals: "+" and bold for money in, "-" and the danger colour for money out. */
export function SignedAmount({ amount }: { amount: string }) {
  const { i18n } = useTranslation();
  const text = formatBalance(amount, i18n.language);
  // <bdi>: the sign stays before the digits in right-to-left languages.
  if (isZero(amount)) return <bdi>{text}</bdi>;
  return isNegative(amount) ? (
    <bdi className={m.negative} data-sign="negative">
      {text}
    </bdi>
  ) : (
    <bdi className={m.positive} data-sign="positive">
      +{text}
    </bdi>
  );
}

/**
 * A key for a money form that changes only when a new success message arrives, so the form is
 * emptied after a transfer but never remounted (losing what is being typed) by a mere reload of
 * the page's data.
 */
export function useFormResetKey(flashId: string | undefined): number {
  const [key, setKey] = useState(0);
  useEffect(() => {
    if (flashId) setKey((k) => k + 1);
  }, [flashId]);
  return key;
}
