import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/components/translation";
import { z } from "zod";
import { CsrfInput } from "~/components/csrf";
import { RouteErrorBoundary } from "~/components/error-boundary";
import { StatusTag, useMoneyFormat } from "~/components/money";
import { readForm } from "~/services/forms.server";
import { depositSchema } from "~/services/money.server";
import { callPlatform, PlatformError } from "~/services/platform.server";
import * as m from "~/styles/member.css";
import * as p from "~/styles/pages.css";
import * as s from "~/styles/shell.css";

export const handle = { layout: "header" };

const paymentSchema = z.object({
  reference: z.string(),
  amount: z.string(),
  currency: z.string(),
  merchantName: z.string(),
  channel: z.string(),
  status: z.enum(["PENDING", "CREDITED", "FAILED", "REJECTED"]),
});

/** A reference the gateway does not know is the 404 page, like any unknown URL. */
function notFound(e: unknown): never {
  if (e instanceof PlatformError && e.status === 404) throw json(null, { status: 404 });
  throw e;
}

/**
 * The sandbox payment provider's payer page (a stand-in for a real gateway): the member pays or
 * fails the payment, the platform receives the provider's signed callback, and the member returns
 * to the deposit page with the outcome. It is public, as a provider's page would be.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const reference = params.reference ?? "";
  const payment = await callPlatform(request, `/payments/v1/sandbox/${encodeURIComponent(reference)}`, { schema: paymentSchema }).catch(notFound);
  return json({ payment });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const reference = params.reference ?? "";
  const formData = await readForm(request);
  const outcome = formData.get("outcome") === "failed" ? "failed" : formData.get("outcome") === "paid" ? "paid" : null;
  if (!outcome) return redirect(`/sandbox/gateway/${encodeURIComponent(reference)}`);
  const deposit = await callPlatform(request, `/payments/v1/sandbox/${encodeURIComponent(reference)}/complete`, {
    method: "POST",
    body: { outcome },
    schema: depositSchema.pick({ reference: true, status: true }),
  }).catch(notFound);
  return redirect(`/member/depositv2?deposit=${encodeURIComponent(deposit.reference)}`);
}

export default function SandboxGateway() {
  const { t } = useTranslation();
  const { payment } = useLoaderData<typeof loader>();
  const fmt = useMoneyFormat();
  return (
    <div className={p.statePage}>
      <section className={p.stateCard} aria-labelledby="sandbox-title" data-testid="sandbox-gateway">
        <h1 id="sandbox-title" className={p.stateTitle}>
          {t("sandbox_title")}
        </h1>
        <p className={p.stateText}>{t("sandbox_info")}</p>
        <dl className={m.details} style={{ textAlign: "start", marginBottom: 16 }}>
          <dt className={m.term}>{t("merchant_label")}</dt>
          <dd className={m.value}>{payment.merchantName}</dd>
          <dt className={m.term}>{t("deposit_channel")}</dt>
          <dd className={m.value}>{payment.channel}</dd>
          <dt className={m.term}>{t("amount_label")}</dt>
          <dd className={m.value} data-testid="sandbox-amount">
            {fmt.amount(payment.amount, payment.currency)}
          </dd>
          <dt className={m.term}>{t("reference_label")}</dt>
          <dd className={m.value}>{payment.reference}</dd>
          <dt className={m.term}>{t("status_label")}</dt>
          <dd className={m.value}>
            <StatusTag prefix="deposit_status_" status={payment.status} testId="sandbox-status" />
          </dd>
        </dl>
        {payment.status === "PENDING" ? (
          <Form method="post" className={m.buttonRow} style={{ justifyContent: "center" }}>
            <CsrfInput />
            <button type="submit" name="outcome" value="paid" className={s.primaryButton}>
              {t("sandbox_pay")}
            </button>
            <button type="submit" name="outcome" value="failed" className={s.smallButton}>
              {t("sandbox_fail")}
            </button>
          </Form>
        ) : (
          <Link to={`/member/depositv2?deposit=${encodeURIComponent(payment.reference)}`} className={p.button}>
            {t("back_to_deposit")}
          </Link>
        )}
      </section>
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
