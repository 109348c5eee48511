import { z } from "zod";
import { callPlatform, PlatformError } from "./platform.server";
import { getSessionToken } from "./session.server";

/** The message centre (platform/messages), for /member/messageV2 and the unread badges. */

export const centreMessageSchema = z.object({
  id: z.number(),
  kind: z.string(),
  params: z.record(z.union([z.string(), z.number(), z.boolean(), z.null()])),
  currency: z.string().nullable(),
  read: z.boolean(),
  createdAt: z.string(),
});
export type CentreMessage = z.infer<typeof centreMessageSchema>;
export const messagePageSchema = z.object({
  content: z.array(centreMessageSchema),
  pageNum: z.number(),
  totalPages: z.number(),
  totalCount: z.number(),
  unread: z.number(),
});

const countSchema = z.object({ count: z.number() });

/** Spec §7 CSP_unreadCount for the signed-in member; 0 when signed out or the call is refused. */
export async function getUnreadCount(request: Request, token?: string | null): Promise<number> {
  const t = token === undefined ? await getSessionToken(request) : token;
  if (!t) return 0;
  try {
    return (await callPlatform(request, "/wps/relay/CSP_unreadCount", { schema: countSchema, token: t })).count;
  } catch (e) {
    if (e instanceof PlatformError) return 0;
    throw e;
  }
}
