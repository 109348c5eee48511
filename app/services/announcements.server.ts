import { z } from "zod";
import { safeHtml } from "./content.server";
import { callPlatform } from "./platform.server";

const noticeSchema = z.object({
  id: z.number(),
  title: z.string(),
  startDateStr: z.string(),
  promotionType: z.string().nullable(),
  execution: z.string(),
  content: z.string().optional(),
});

const announcementsSchema = z.object({
  banners: z.array(
    z.object({ id: z.number(), groupName: z.string(), url: z.string(), linkageType: z.string(), link: z.string().nullable(), title: z.string() }),
  ),
  player: z.array(noticeSchema),
  popup: z.array(noticeSchema),
  promotion: z.array(noticeSchema),
});

export type Notice = z.infer<typeof noticeSchema>;
export type Banner = z.infer<typeof announcementsSchema>["banners"][number];

const withSafeContent = (n: Notice): Notice => (n.content === undefined ? n : { ...n, content: safeHtml(n.content) });

/** Types B, PL, PU, PR, platform W; executions filter the popups (A member, B visitor, F first login). */
export async function getAnnouncements(request: Request, language: string, opts: { executions: string[]; bannerGroups: string[] }) {
  const value = await callPlatform(request, "/wps/system/announcements", {
    schema: announcementsSchema,
    query: { types: "B,PL,PU,PR", platform: "W", execution: opts.executions.join(","), groupName: opts.bannerGroups.join(","), language },
    language,
  });
  return { ...value, popup: value.popup.map(withSafeContent), promotion: value.promotion.map(withSafeContent) };
}

/** The notice list, 9 a page (spec §9). */
export const NOTICES_PER_PAGE = 9;

export function getNoticeList(request: Request, language: string, pageNo: number) {
  return callPlatform(request, "/wps/system/notices", {
    schema: z.object({ content: z.array(noticeSchema), pageNum: z.number(), totalPages: z.number() }),
    query: { pageNo, pageSize: NOTICES_PER_PAGE, language },
    language,
  });
}

export async function getNotice(request: Request, language: string, id: number) {
  return withSafeContent(await callPlatform(request, `/wps/system/notices/${id}`, { schema: noticeSchema, language }));
}
