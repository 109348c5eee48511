import { useRouteLoaderData } from "@remix-run/react";

/**
 * The CSRF token field of every state-changing form, read from the root loader. When the root
 * loader itself failed (an error page) there is no token, and the field is left out: the post
 * is then refused, which is right for a page that could not load.
 */
export function CsrfInput() {
  const root = useRouteLoaderData("root") as { csrfToken?: string } | undefined;
  return root?.csrfToken ? <input type="hidden" name="csrf" value={root.csrfToken} /> : null;
}
