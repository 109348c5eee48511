import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatBalance } from "~/lib/format";
import { isNegative, isZero } from "~/lib/records";
import * as m from "~/styles/member.css";

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
