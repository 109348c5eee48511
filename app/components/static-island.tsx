import { useNavigate } from "@remix-run/react";
import { useState, useSyncExternalStore, type MouseEvent, type ReactNode } from "react";

/**
 * A part of the page that never changes once the page is drawn (the footer), which the browser
 * keeps as the server sent it instead of hydrating it (issue 15, ADR 050).
 *
 * Hydration walks every element of the page in React: on a phone's throttled CPU its slices are
 * long tasks, and the footer is a third of the home page's elements. An element whose content is
 * `dangerouslySetInnerHTML` is hydrated without its children, whose DOM stays the server's. So:
 * - on the server, and in a render after the first hydration (a page reached by a client-side
 *   navigation), the island renders its children as any element would;
 * - in the first hydration, it renders the same element with an empty inner HTML, which React
 *   leaves alone (and does not write later: the value never changes).
 * `useSyncExternalStore`'s server snapshot tells the first hydration from later renders.
 *
 * Its links then have no React handlers of their own. One handler on the island does what they
 * did, in both modes: a link within the site navigates client-side as a `<Link>` does; a link
 * with `data-window` (its features) opens in a window of that name and size, as the spec's
 * customer-service window; the others (another site, a new tab, a download, a modified click)
 * are left to the browser. Without scripts none of this runs: the links are plain links.
 */
type IslandProps = {
  as: "footer" | "div" | "section";
  className?: string;
  children: ReactNode;
  "data-testid"?: string;
};

const NO_HTML = { __html: "" };
const noSubscription = () => () => {};

export function StaticIsland({ as: Tag, children, ...rest }: IslandProps) {
  const hydrating = useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  );
  // Kept from the first render: the island stays as the server drew it for the page's life.
  const [kept] = useState(() => hydrating && typeof document !== "undefined");
  const navigate = useNavigate();
  const onClick = (e: MouseEvent<HTMLElement>) => followLink(e, navigate);
  return kept ? (
    <Tag {...rest} onClick={onClick} dangerouslySetInnerHTML={NO_HTML} suppressHydrationWarning />
  ) : (
    <Tag {...rest} onClick={onClick}>
      {children}
    </Tag>
  );
}

/** What a click on one of the island's links does with scripts (see StaticIsland). */
export function followLink(e: MouseEvent<HTMLElement>, navigate: (to: string) => void) {
  if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.altKey || e.ctrlKey || e.shiftKey) return;
  const link = (e.target as Element | null)?.closest?.("a[href]");
  if (!(link instanceof HTMLAnchorElement) || !e.currentTarget.contains(link)) return;
  const features = link.dataset.window;
  if (features) {
    const opened = window.open(link.href, link.dataset.windowName ?? "_blank", features);
    if (opened) {
      opened.opener = null;
      e.preventDefault();
    }
    return;
  }
  if ((link.target && link.target !== "_self") || link.hasAttribute("download") || link.hasAttribute("data-reload")) return;
  const url = new URL(link.href);
  if (url.origin !== window.location.origin) return;
  e.preventDefault();
  navigate(url.pathname + url.search + url.hash);
}
