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
