import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { useTranslation } from "~/components/translation";
import { z } from "zod";
import { CsrfInput } from "~/components/csrf";
import { RouteErrorBoundary } from "~/components/error-boundary";
import { Pager } from "~/components/period-controls";
import { TrialWarning } from "~/components/trial-warning";
import { UnreadBadge, useUnreadCount } from "~/components/unread-badge";
import { formatBalance } from "~/lib/format";
import { messageBody, messageTitle } from "~/lib/messages";
import { requireRealUser } from "~/services/auth.server";
import { setFlash, takeFlash } from "~/services/flash.server";
import { readForm } from "~/services/forms.server";
import { getLocale } from "~/services/i18n.server";
import { centreMessageSchema, messagePageSchema } from "~/services/messages.server";
import { memberCall } from "~/services/money.server";
import { PlatformError } from "~/services/platform.server";
import { recordQuery } from "~/services/records.server";
import * as ms from "~/styles/messages.css";
import * as m from "~/styles/member.css";
import * as s from "~/styles/shell.css";

export const handle = { layout: "full", unreadFromPage: true };

const PAGE_SIZE = 10;

/** Spec §2 messageV2: the member's messages per site and currency, newest first, paged. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { user, trial } = await requireRealUser(request);
  const { flash, headers } = await takeFlash(request);
  if (trial) return json({ trial, page: null, opened: null, missing: false, currency: "", siteCurrency: user.currency, flash: null });
  const url = new URL(request.url);
  const [q, language] = await Promise.all([recordQuery(request), getLocale(request)]);
  const currency = /^[A-Z]{3}$/.test(url.searchParams.get("currency") ?? "") ? url.searchParams.get("currency")! : "";
  const id = Number.parseInt(url.searchParams.get("id") ?? "", 10);
  // Opening a message marks it read, so it is read before the list and the count.
  let opened: (z.infer<typeof centreMessageSchema> & { time: string }) | null = null;
  let missing = false;
  if (Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647) {
    try {
      const msg = await memberCall(request, `/wps/member/messageV2/${id}`, { schema: centreMessageSchema, language });
      opened = { ...msg, time: q.dateTime(msg.createdAt) };
    } catch (e) {
      if (!(e instanceof PlatformError) || e.status !== 404) throw e;
      missing = true;
    }
  }
  const page = await memberCall(request, "/wps/member/messageV2", {
    schema: messagePageSchema,
    language,
    query: { pageNo: q.page, pageSize: PAGE_SIZE, currency: currency || undefined },
  });
  return json(
    {
      trial,
      page: { ...page, content: page.content.map((msg) => ({ ...msg, time: q.dateTime(msg.createdAt) })) },
      opened,
      missing,
      currency,
      siteCurrency: user.currency,
      flash,
    },
    { headers },
  );
}

const actionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("readAll") }),
  z.object({ intent: z.literal("delete"), id: z.coerce.number().int().min(1).max(2_147_483_647) }),
]);

/** Mark all read, or delete one; then back to the list (post/redirect/get). */
export async function action({ request }: ActionFunctionArgs) {
  const { trial } = await requireRealUser(request);
  const formData = await readForm(request);
  if (trial) throw json({ message: "in_need_true_account" }, { status: 403 });
  const parsed = actionSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) throw json({ message: "err_correct_info" }, { status: 400 });
  const url = new URL(request.url);
  const back = new URLSearchParams();
  for (const k of ["page", "currency"]) {
    const v = url.searchParams.get(k);
    if (v && /^[A-Za-z0-9]{1,10}$/.test(v)) back.set(k, v);
  }
  let key = "msg_all_read_done";
  if (parsed.data.intent === "readAll") {
    await memberCall(request, "/wps/member/messageV2/read-all", { method: "POST", schema: z.null() });
  } else {
    key = "msg_deleted";
    try {
      await memberCall(request, `/wps/member/messageV2/${parsed.data.id}`, { method: "DELETE", schema: z.null() });
    } catch (e) {
      // Deleted already (another tab, a double submit): the list is what the member wanted.
      if (!(e instanceof PlatformError) || e.status !== 404) throw e;
    }
  }
  return redirect(`/member/messageV2${back.size ? `?${back}` : ""}`, { headers: { "Set-Cookie": await setFlash({ key, values: {} }) } });
}

export default function MessageCentre() {
  const { t, i18n } = useTranslation();
  const data = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const unread = useUnreadCount(data.page?.unread ?? 0, !!data.page);
  const keep = (extra: Record<string, string>) => {
    const next = new URLSearchParams();
    for (const k of ["page", "currency"]) if (params.get(k)) next.set(k, params.get(k)!);
    for (const [k, v] of Object.entries(extra)) next.set(k, v);
    return `?${next}`;
  };
  if (!data.page) {
    return (
      <div data-testid="message-centre">
        <h1>{t("msg_centre_title")}</h1>
        <TrialWarning />
      </div>
    );
  }
  const { page, opened } = data;
  return (
    <div data-testid="message-centre" className={m.panel}>
      <h1>
        {t("msg_centre_title")}
        <UnreadBadge count={unread} testId="message-centre-unread" />
      </h1>
      {data.flash ? (
        <p className={m.status} role="status" data-testid="message-flash" key={data.flash.id}>
          {t(data.flash.key)}
        </p>
      ) : null}
      {data.missing ? (
        <p className={m.status} role="status">
          {t("msg_not_found")}
        </p>
      ) : null}
      {opened ? (
        <article className={ms.opened} data-testid="message-opened" aria-labelledby="message-opened-title">
          <h2 id="message-opened-title" style={{ margin: 0 }}>
            {messageTitle(t, opened.kind, opened.params)}
          </h2>
          <p className={ms.meta}>
            <time dateTime={opened.createdAt}>{opened.time}</time>
            {opened.currency ? ` · ${opened.currency}` : ""}
          </p>
          <p style={{ margin: 0 }} data-testid="message-body">
            {messageBody(t, opened.kind, opened.params, (a) => formatBalance(a, i18n.language))}
          </p>
          <div className={ms.toolbar}>
            <Link to={keep({})} className={s.smallButton}>
              {t("msg_back")}
            </Link>
            <Form method="post" action={`/member/messageV2${keep({})}`}>
              <CsrfInput />
              <input type="hidden" name="id" value={opened.id} />
              <button type="submit" name="intent" value="delete" className={s.smallButton} data-testid="message-delete-opened">
                {t("msg_delete")}
              </button>
            </Form>
          </div>
        </article>
      ) : null}
      <div className={ms.toolbar}>
        <Form method="post" action={`/member/messageV2${keep({})}`}>
          <CsrfInput />
          <button type="submit" name="intent" value="readAll" className={s.smallButton} disabled={page.unread === 0} data-testid="message-read-all">
            {t("msg_mark_all_read")}
          </button>
        </Form>
        <Form method="get" action="/member/messageV2" className={s.inlineForm}>
          <label htmlFor="message-currency">{t("msg_currency")}</label>
          <select id="message-currency" name="currency" defaultValue={data.currency} className={s.field}>
            <option value="">{t("msg_currency_all")}</option>
            {data.siteCurrency ? <option value={data.siteCurrency}>{data.siteCurrency}</option> : null}
          </select>
          <button type="submit" className={s.smallButton}>
            {t("msg_filter")}
          </button>
        </Form>
      </div>
      {page.content.length === 0 ? (
        <p className={m.status} role="status" data-testid="message-empty">
          {t("msg_empty")}
        </p>
      ) : (
        <ul className={ms.list} data-testid="message-list">
          {page.content.map((msg) => (
            <li key={msg.id} className={`${ms.item} ${msg.read ? "" : ms.unread}`} data-testid="message-item" data-kind={msg.kind} data-read={msg.read ? "true" : "false"}>
              <Link to={keep({ id: String(msg.id) })} className={ms.itemLink} aria-current={opened?.id === msg.id ? "true" : undefined}>
                <span className={msg.read ? ms.itemTitleRead : ms.itemTitle}>
                  {msg.read ? null : <span className={s.visuallyHidden}>{t("msg_unread")}: </span>}
                  {messageTitle(t, msg.kind, msg.params)}
                </span>
                <span className={ms.meta}>
                  <time dateTime={msg.createdAt}>{msg.time}</time>
                  {msg.currency ? ` · ${msg.currency}` : ""}
                </span>
              </Link>
              <Form method="post" action={`/member/messageV2${keep({})}`}>
                <CsrfInput />
                <input type="hidden" name="id" value={msg.id} />
                <button type="submit" name="intent" value="delete" className={s.smallButton} aria-label={`${t("msg_delete")}: ${messageTitle(t, msg.kind, msg.params)}`}>
                  {t("msg_delete")}
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
      <Pager page={page.pageNum} totalPages={page.totalPages} />
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
