import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from "~/lib/forms";
import { parseWithZod } from "@conform-to/zod";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { useTranslation } from "~/components/translation";
import { z } from "zod";
import { CsrfInput } from "~/components/csrf";
import { RouteErrorBoundary } from "~/components/error-boundary";
import { FieldError } from "~/components/field-error";
import { useMoneyFormat } from "~/components/money";
import { formatNumber } from "~/lib/format";
import { TrialWarning } from "~/components/trial-warning";
import { requireRealUser } from "~/services/auth.server";
import { readForm } from "~/services/forms.server";
import { getLocale } from "~/services/i18n.server";
import { MONEY_ERRORS, memberCall, newRequestKey } from "~/services/money.server";
import { PlatformError } from "~/services/platform.server";
import { getPointMall, POINTS_ERRORS, redemptionSchema, type Goods } from "~/services/points.server";
import * as m from "~/styles/member.css";
import * as s from "~/styles/shell.css";
import { convertSchema, redeemSchema } from "~/lib/member-schemas";
import { useSchemaValidation } from "~/lib/validation";

export const handle = { layout: "full" };

const SECRET = ["paymentPassword"];

/** The points mall (spec §2, §3, §7): balance, goods, rules, points details, redeem history; redeem and convert by plain forms. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { trial } = await requireRealUser(request);
  if (trial) return json({ trial, data: null, requestKey: "" });
  const page = Math.min(Math.max(Number.parseInt(new URL(request.url).searchParams.get("page") ?? "1", 10) || 1, 1), 1000);
  return json({ trial, data: await getPointMall(request, await getLocale(request), page), requestKey: newRequestKey() });
}

function refusal(e: unknown): { field: string; key: string } {
  if (!(e instanceof PlatformError)) throw e;
  const key = POINTS_ERRORS[e.code] ?? MONEY_ERRORS[e.code] ?? (e.status === 400 ? "err_correct_info" : "err_unknown");
  const field = typeof e.details.field === "string" ? e.details.field : "";
  return { field, key };
}

export async function action({ request }: ActionFunctionArgs) {
  const { trial } = await requireRealUser(request);
  const formData = await readForm(request);
  const intent = formData.get("intent");
  if (intent !== "redeem" && intent !== "convert") throw json({ message: "Unknown intent" }, { status: 400 });
  const id = intent === "redeem" ? Number(formData.get("goodsId")) || 0 : 0;
  const submission = parseWithZod(formData, { schema: intent === "redeem" ? redeemSchema : convertSchema });
  if (trial) return json({ intent, id, result: submission.reply({ formErrors: ["in_need_true_account"], hideFields: SECRET }) }, { status: 403 });
  if (submission.status !== "success") return json({ intent, id, result: submission.reply({ hideFields: SECRET }) }, { status: 400 });
  const v = submission.value;
  try {
    if (v.intent === "redeem") {
      await memberCall(request, "/wps/points/redeem", {
        method: "POST",
        enc: true,
        body: { goodsId: v.goodsId, quantity: v.quantity, address: v.address || undefined, paymentPassword: v.paymentPassword, requestKey: v.requestKey },
        schema: redemptionSchema,
      });
    } else {
      await memberCall(request, "/wps/points/convert", {
        method: "POST",
        enc: true,
        body: { points: v.points, paymentPassword: v.paymentPassword, requestKey: v.requestKey },
        schema: z.object({ points: z.number(), amount: z.string() }),
      });
    }
  } catch (e) {
    const { field, key } = refusal(e);
    const reply = submission.reply({ hideFields: SECRET, ...(field ? { fieldErrors: { [field]: [key] } } : { formErrors: [key] }) });
    return json({ intent, id, result: reply }, { status: 400 });
  }
  return redirect(`/pointMall?done=${v.intent}`);
}

type Acted = { intent: string; id: number; result: SubmissionResult<string[]> } | undefined;

export default function PointMall() {
  const { t } = useTranslation();
  const fmt = useMoneyFormat();
  const { data, requestKey } = useLoaderData<typeof loader>();
  const acted = useActionData<typeof action>() as Acted;
  const [params] = useSearchParams();
  const done = params.get("done");
  if (!data) {
    return (
      <div data-testid="point-mall" className={m.panel}>
        <h1>{t("point_mall_title")}</h1>
        <TrialWarning />
      </div>
    );
  }
  const { mall, details, redemptions, paymentPasswordSet } = data;
  return (
    <div data-testid="point-mall" className={m.panel}>
      <h1>{t("point_mall_title")}</h1>
      {done === "redeem" || done === "convert" ? (
        <p role="status" className={m.notice} data-testid="points-done">
          {t(`points_done_${done}`)}
        </p>
      ) : null}
      <p style={{ margin: 0 }}>
        {t("points_balance")}: <strong className={m.amountText} data-testid="points-balance">{formatNumber(mall.balance, fmt.language, 0)}</strong>
      </p>
      {!paymentPasswordSet ? (
        <p className={m.status}>
          {t("err_payment_password_not_set")} <Link to="/member/withdraw">{t("withdraw")}</Link>
        </p>
      ) : null}

      <section aria-labelledby="goods-title" className={m.block}>
        <h2 id="goods-title" className={m.blockTitle}>
          {t("points_goods")}
        </h2>
        {mall.goods.length ? (
          <ul className={m.records}>
            {mall.goods.map((g) => (
              <GoodsCard key={g.id} goods={g} requestKey={requestKey} lastResult={acted?.intent === "redeem" && acted.id === g.id ? acted.result : null} />
            ))}
          </ul>
        ) : (
          <p className={m.hint}>{t("records_empty")}</p>
        )}
      </section>

      {mall.convertRatio > 0 ? (
        <section aria-labelledby="convert-title" className={m.block}>
          <h2 id="convert-title" className={m.blockTitle}>
            {t("points_convert")}
          </h2>
          <p className={m.hint}>{t("points_convert_ratio", { points: mall.convertRatio, currency: mall.currency })}</p>
          <ConvertForm requestKey={requestKey} lastResult={acted?.intent === "convert" ? acted.result : null} />
        </section>
      ) : null}

      <section aria-labelledby="rules-title" className={m.block} data-testid="points-rules">
        <h2 id="rules-title" className={m.blockTitle}>
          {t("points_rules")}
        </h2>
        <ul>
          {Object.entries(mall.betRatios).map(([type, ratio]) => (
            <li key={type}>{t("points_rule_bet", { type: t(`points_type_${type}`), points: ratio, currency: mall.currency })}</li>
          ))}
          <li>{t("points_rule_deposit", { points: mall.depositRatio, currency: mall.currency })}</li>
          <li>{t("points_rule_no_expiry")}</li>
        </ul>
        {mall.rules ? <p className={m.hint}>{mall.rules}</p> : null}
      </section>

      <section aria-labelledby="details-title" className={m.block}>
        <h2 id="details-title" className={m.blockTitle}>
          {t("points_details")}
        </h2>
        {details.content.length ? (
          <div className={m.tableWrap}>
            <table className={m.table} data-testid="points-details">
              <thead>
                <tr>
                  <th scope="col" className={m.cell}>{t("record_time")}</th>
                  <th scope="col" className={m.cell}>{t("points_type")}</th>
                  <th scope="col" className={`${m.cell} ${m.number}`}>{t("points_points")}</th>
                </tr>
              </thead>
              <tbody>
                {details.content.map((d) => (
                  <tr key={d.id}>
                    <td data-label={t("record_time")} className={m.cell}>
                      <time dateTime={d.createdAt}>{fmt.dateTime(d.createdAt)}</time>
                    </td>
                    <td data-label={t("points_type")} className={m.cell}>{t(`points_type_${d.type}`)}</td>
                    <td data-label={t("points_points")} className={`${m.cell} ${m.number}`}>
                      {/* The sign stays before the digits in a right-to-left page; the card's label stays at its start. */}
                      <bdi dir="ltr">{d.points > 0 ? `+${d.points}` : d.points}</bdi>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p className={m.hint}>{t("records_empty")}</p>
        )}
        <nav className={m.pager} aria-label={t("points_details")}>
          {details.pageNum > 1 ? <Link to={`?page=${details.pageNum - 1}`}>← {t("page_prev")}</Link> : null}
          {details.hasMore ? <Link to={`?page=${details.pageNum + 1}`}>{t("page_next")} →</Link> : null}
        </nav>
      </section>

      <section aria-labelledby="history-title" className={m.block}>
        <h2 id="history-title" className={m.blockTitle}>
          {t("points_history")}
        </h2>
        {redemptions.length ? (
          <ul className={m.records} data-testid="redeem-history">
            {redemptions.map((r) => (
              <li key={r.id} className={m.card} data-testid="redeem-row">
                <div className={m.recordHead}>
                  <strong>
                    {r.goods} × {r.quantity}
                  </strong>
                  <span className={`${m.tag} ${r.status === "APPROVED" ? m.tagGood : r.status === "REJECTED" ? m.tagBad : ""}`} data-testid="redeem-status">
                    {t(`points_status_${r.status}`)}
                  </span>
                </div>
                <span className={m.hint}>
                  {t("points_cost", { points: r.points })} · <time dateTime={r.createdAt}>{fmt.dateTime(r.createdAt)}</time>
                </span>
                {r.address ? <span className={m.hint}>{r.address}</span> : null}
                {r.note ? <span className={m.hint}>{r.note}</span> : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className={m.hint}>{t("records_empty")}</p>
        )}
      </section>
    </div>
  );
}

function FormErrors({ errors }: { errors?: string[] }) {
  const { t } = useTranslation();
  if (!errors?.length) return null;
  return (
    <p className={s.fieldError} role="alert">
      {errors.map((e) => t(e)).join(" ")}
    </p>
  );
}

function GoodsCard({ goods, requestKey, lastResult }: { goods: Goods; requestKey: string; lastResult: SubmissionResult<string[]> | null }) {
  const { t } = useTranslation();
  const validation = useSchemaValidation(() => import("~/lib/member-schemas"), (schemas) => schemas.redeemSchema);
  const [form, fields] = useForm({
    id: `redeem-${goods.id}`,
    lastResult,
    shouldValidate: "onSubmit",
    defaultValue: { quantity: "1" },
    onValidate: validation.onValidate,
  });
  return (
    <li className={m.card} data-testid="goods-card" data-code={goods.code}>
      <div style={{ display: "flex", gap: 12, alignItems: "center", flexWrap: "wrap" }}>
        {goods.imageUrl ? <img src={goods.imageUrl} alt="" width={72} height={72} style={{ borderRadius: 8, objectFit: "cover" }} /> : null}
        <div className={m.choiceText}>
          <strong>{goods.name}</strong>
          <span>{t("points_cost", { points: goods.price })}</span>
          <span className={m.hint} data-testid="goods-stock">
            {t("points_available", { n: goods.stock })}
            {goods.perMemberLimit > 0 ? ` · ${t("points_limit", { n: goods.perMemberLimit })}` : ""}
          </span>
        </div>
      </div>
      <Form method="post" action="/pointMall" className={m.formStack} {...getFormProps(form)} onFocus={validation.load} aria-label={goods.name}>
        <CsrfInput />
        <input type="hidden" name="intent" value="redeem" />
        <input type="hidden" name="goodsId" value={goods.id} />
        <input type="hidden" name="requestKey" value={requestKey} />
        <FormErrors errors={form.errors} />
        <div className={m.formRow}>
          <label htmlFor={fields.quantity.id}>{t("points_quantity")}</label>
          <input {...getInputProps(fields.quantity, { type: "number" })} min={1} inputMode="numeric" className={s.field} />
          <FieldError id={fields.quantity.errorId} errors={fields.quantity.errors} />
        </div>
        {goods.physical ? (
          <div className={m.formRow}>
            <label htmlFor={fields.address.id}>{t("points_address")}</label>
            <textarea {...getTextareaProps(fields.address)} rows={2} autoComplete="street-address" className={`${s.field} ${m.wideField}`} />
            <FieldError id={fields.address.errorId} errors={fields.address.errors} />
          </div>
        ) : null}
        <div className={m.formRow}>
          <label htmlFor={fields.paymentPassword.id}>{t("points_payment_password")}</label>
          <input {...getInputProps(fields.paymentPassword, { type: "password" })} inputMode="numeric" autoComplete="off" className={s.field} />
          <FieldError id={fields.paymentPassword.errorId} errors={fields.paymentPassword.errors} />
        </div>
        <div>
          <button type="submit" className={s.primaryButton} disabled={goods.stock < 1}>
            {goods.stock < 1 ? t("points_sold_out") : t("points_redeem")}
          </button>
        </div>
      </Form>
    </li>
  );
}

function ConvertForm({ requestKey, lastResult }: { requestKey: string; lastResult: SubmissionResult<string[]> | null }) {
  const { t } = useTranslation();
  const validation = useSchemaValidation(() => import("~/lib/member-schemas"), (schemas) => schemas.convertSchema);
  const [form, fields] = useForm({ id: "convert", lastResult, shouldValidate: "onSubmit", onValidate: validation.onValidate });
  return (
    <Form method="post" action="/pointMall" className={m.formStack} {...getFormProps(form)} onFocus={validation.load} data-testid="convert-form">
      <CsrfInput />
      <input type="hidden" name="intent" value="convert" />
      <input type="hidden" name="requestKey" value={requestKey} />
      <FormErrors errors={form.errors} />
      <div className={m.formRow}>
        <label htmlFor={fields.points.id}>{t("points_points")}</label>
        <input {...getInputProps(fields.points, { type: "number" })} min={1} inputMode="numeric" className={s.field} />
        <FieldError id={fields.points.errorId} errors={fields.points.errors} />
      </div>
      <div className={m.formRow}>
        <label htmlFor={fields.paymentPassword.id}>{t("points_payment_password")}</label>
        <input {...getInputProps(fields.paymentPassword, { type: "password" })} inputMode="numeric" autoComplete="off" className={s.field} />
        <FieldError id={fields.paymentPassword.errorId} errors={fields.paymentPassword.errors} />
      </div>
      <div>
        <button type="submit" className={s.primaryButton}>
          {t("points_convert_submit")}
        </button>
      </div>
    </Form>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
