import { Link, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "~/components/translation";
import * as p from "~/styles/pages.css";

function StateCard({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  return (
    <section className={p.stateCard} data-testid={testId} aria-labelledby={`${testId}-title`}>
      <h1 id={`${testId}-title`} className={p.stateTitle}>
        {title}
      </h1>
      {children}
    </section>
  );
}

function CustomerServiceButton({ url }: { url: string | null }) {
  const { t } = useTranslation();
  if (!url) return null;
  return (
    <a className={p.button} href={url} target="_blank" rel="noopener noreferrer" data-testid="customer-service">
      {t("customer_service")}
    </a>
  );
}

/** Spec §2: title, info text and a customer-service button. */
export function MaintenancePage(props: { title: string; info: string; customerServiceUrl: string | null }) {
  const { t } = useTranslation();
  return (
    <div className={p.statePage}>
      <StateCard title={props.title || t("game_maintenance")} testId="maintenance">
        <p className={p.stateText}>{props.info || t("info_maintenance")}</p>
        <CustomerServiceButton url={props.customerServiceUrl} />
      </StateCard>
    </div>
  );
}

/** Spec §2: the visitor's IP, the block message and a customer-service button. */
export function RegionBlockedPage(props: { ip: string | null; customerServiceUrl: string | null }) {
  const { t } = useTranslation();
  return (
    <div className={p.statePage}>
      <StateCard title={t("blockip")} testId="region-blocked">
        <p className={p.stateText}>{t("info_ip_block")}</p>
        <p className={p.stateText}>
          {t("your_ip", { ip: "" })}
          <span className={p.stateCode} data-testid="visitor-ip">
            {props.ip ?? t("ip_unknown")}
          </span>
        </p>
        <CustomerServiceButton url={props.customerServiceUrl} />
      </StateCard>
    </div>
  );
}

export function NetworkErrorPage() {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <div className={p.statePage}>
      <StateCard title={t("network_error")} testId="network-error">
        <a className={p.button} href={location.pathname + location.search}>
          {t("retry")}
        </a>
        <Link className={p.secondaryButton} to="/" reloadDocument>
          {t("back_home")}
        </Link>
      </StateCard>
    </div>
  );
}

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <div className={p.statePage}>
      <StateCard title={t("not_found_title")} testId="not-found">
        <p className={p.stateText}>{t("not_found_info")}</p>
        <Link className={p.button} to="/">
          {t("back_home")}
        </Link>
      </StateCard>
    </div>
  );
}

export function ServerErrorPage({ requestId, detail }: { requestId: string; detail?: string }) {
  const { t } = useTranslation();
  return (
    <div className={p.statePage}>
      <StateCard title={t("server_error_title")} testId="server-error">
        <p className={p.stateText}>{t("server_error_info")}</p>
        <p className={p.stateText}>
          {t("request_id", { id: "" })}
          <span className={p.stateCode} data-testid="request-id">
            {requestId}
          </span>
        </p>
        {detail ? <pre style={{ textAlign: "start", overflow: "auto" }}>{detail}</pre> : null}
        <Link className={p.button} to="/" reloadDocument>
          {t("back_home")}
        </Link>
      </StateCard>
    </div>
  );
}
