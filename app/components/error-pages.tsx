import { isRouteErrorResponse, useRouteError } from "@remix-run/react";
import { Form } from "@remix-run/react";
import { useTranslation } from "~/components/translation";
import * as sh from "~/styles/shell.css";
import { safeRedirect } from "~/lib/safe-redirect";
import { CsrfInput } from "./csrf";
import { useRequestInfo } from "./request-info";
import { AppShell } from "./shell";
import {
  MaintenancePage,
  NetworkErrorPage,
  NotFoundPage,
  RegionBlockedPage,
  ServerErrorPage,
} from "./status-pages";

type KnownErrorData =
  | { kind: "maintenance"; title: string; info: string; customerServiceUrl: string | null }
  | { kind: "restricted"; ip: string | null; customerServiceUrl: string | null }
  | { kind: "network"; requestId: string }
  | { kind: "expired"; action: string; fields: [string, string][] };

function knownData(data: unknown): KnownErrorData | null {
  if (data && typeof data === "object" && "kind" in data) return data as KnownErrorData;
  return null;
}

/**
 * The one error boundary every route uses. Full-page states (maintenance, region block) stand
 * alone; everything else renders inside the site shell when `withShell` is set (the root).
 */
export function GeneralErrorBoundary({ withShell = false }: { withShell?: boolean }) {
  const error = useRouteError();
  const { requestId } = useRequestInfo();
  const data = isRouteErrorResponse(error) ? knownData(error.data) : null;

  if (data?.kind === "maintenance") return <MaintenancePage {...data} />;
  if (data?.kind === "restricted") return <RegionBlockedPage {...data} />;

  let page;
  if (data?.kind === "network") page = <NetworkErrorPage />;
  else if (data?.kind === "expired") page = <ExpiredFormPage action={data.action} fields={data.fields} />;
  else if (isRouteErrorResponse(error) && error.status === 404) page = <NotFoundPage />;
  else {
    const detail =
      process.env.NODE_ENV === "development" && error instanceof Error ? (error.stack ?? error.message) : undefined;
    page = <ServerErrorPage requestId={requestId} detail={detail} />;
  }
  return withShell ? <AppShell>{page}</AppShell> : page;
}

/**
 * A form posted with a stale or mismatched CSRF token (issue 14): "the page expired, try
 * again", with the input kept (never passwords or codes) and a fresh token, status 403.
 * Cross-site posts get the message only: nothing of theirs is offered to send again.
 */
function ExpiredFormPage({ action, fields }: { action: string; fields: [string, string][] }) {
  const { t } = useTranslation();
  const safeAction = safeRedirect(action, "/");
  const visible = fields.filter(([name]) => !["intent", "redirectTo", "type", "token", "_action"].includes(name));
  return (
    <section data-testid="page-expired" style={{ padding: 16, maxWidth: 520 }}>
      <h1>{t("sec_page_expired_title")}</h1>
      <p role="alert">{t("sec_page_expired")}</p>
      <Form method="post" action={safeAction} className={sh.stackForm} reloadDocument>
        <CsrfInput />
        {fields
          .filter(([name]) => !visible.some(([v]) => v === name))
          .map(([name, value], i) => (
            <input key={`h${i}`} type="hidden" name={name} value={value} />
          ))}
        {visible.map(([name, value], i) => (
          <label key={`v${i}`} className={sh.stackForm}>
            <span>{name}</span>
            <input name={name} defaultValue={value} className={sh.field} />
          </label>
        ))}
        <button type="submit" className={sh.primaryButton}>
          {t("sec_try_again")}
        </button>
      </Form>
    </section>
  );
}
