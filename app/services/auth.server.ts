import { redirect } from "@remix-run/node";
import type { ShellUser } from "./shell.server";

/**
 * The signed-in member, from the session cookie. Sessions arrive with the accounts work; until
 * then every visitor is anonymous, so guarded pages send them to log in.
 */
export async function getUser(_request: Request): Promise<ShellUser | null> {
  return null;
}

/** Route guard (spec §2): pages that need login redirect to /login with a return path. */
export async function requireUser(request: Request): Promise<ShellUser> {
  const user = await getUser(request);
  if (!user) {
    const url = new URL(request.url);
    throw redirect(`/login?${new URLSearchParams({ redirectTo: url.pathname + url.search })}`);
  }
  return user;
}
