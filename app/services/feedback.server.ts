import { unstable_parseMultipartFormData, type UploadHandler } from "@remix-run/node";
import { FEEDBACK_MAX_IMAGE_BYTES, FEEDBACK_MAX_IMAGES } from "#platform/feedback/rules.js";

/** Text fields the feedback form has, each at most this long (content is checked again for 140). */
const TEXT_FIELDS = ["csrf", "type", "content"];
const TEXT_LIMIT = 4_000;
/** Everything a feedback post may carry; past this the rest is not read. */
export const FEEDBACK_BODY_LIMIT = (FEEDBACK_MAX_IMAGES + 1) * (FEEDBACK_MAX_IMAGE_BYTES + 64 * 1024) + 64 * 1024;

export interface ParsedFeedback {
  form: FormData;
  /** Files as sent, in order; `tooLarge` when the file passed 5 MB (its bytes were not kept). */
  images: { bytes: Uint8Array | null; tooLarge: boolean }[];
  /** The body was cut off (over FEEDBACK_BODY_LIMIT) or was not a multipart form. */
  broken: boolean;
}

class TooMuch extends Error {}

/**
 * The feedback post (multipart/form-data) read with bounded memory: at most 5 MB + 1 byte of any
 * file is kept (a larger one is only counted), at most 4 files, short text fields, and the whole
 * body is cut off past FEEDBACK_BODY_LIMIT. Nothing here throws for bad input.
 */
export async function parseFeedbackPost(request: Request): Promise<ParsedFeedback> {
  const images: ParsedFeedback["images"] = [];
  let total = 0;
  const take = async (data: AsyncIterable<Uint8Array>, limit: number): Promise<{ bytes: Uint8Array; over: boolean }> => {
    const chunks: Uint8Array[] = [];
    let size = 0;
    let over = false;
    for await (const chunk of data) {
      total += chunk.byteLength;
      if (total > FEEDBACK_BODY_LIMIT) throw new TooMuch();
      if (over) continue;
      if (size + chunk.byteLength > limit) {
        over = true;
        chunks.length = 0;
        continue;
      }
      size += chunk.byteLength;
      chunks.push(chunk);
    }
    const bytes = new Uint8Array(over ? 0 : size);
    let offset = 0;
    if (!over) {
      for (const c of chunks) {
        bytes.set(c, offset);
        offset += c.byteLength;
      }
    }
    return { bytes, over };
  };
  const handler: UploadHandler = async ({ name, filename, data }) => {
    if (name === "images" && filename !== undefined) {
      const { bytes, over } = await take(data, images.length > FEEDBACK_MAX_IMAGES ? 0 : FEEDBACK_MAX_IMAGE_BYTES);
      // A file input with nothing chosen still sends an empty, nameless part.
      if (!filename && bytes.byteLength === 0 && !over) return undefined;
      images.push({ bytes: over ? null : bytes, tooLarge: over && images.length <= FEEDBACK_MAX_IMAGES });
      return undefined;
    }
    if (filename === undefined && TEXT_FIELDS.includes(name)) {
      const { bytes, over } = await take(data, TEXT_LIMIT * 4);
      return over ? "" : new TextDecoder().decode(bytes);
    }
    await take(data, 0);
    return undefined;
  };
  const type = request.headers.get("content-type") ?? "";
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (!type.toLowerCase().startsWith("multipart/form-data") || declared > FEEDBACK_BODY_LIMIT) {
    return { form: new FormData(), images: [], broken: true };
  }
  try {
    const form = await unstable_parseMultipartFormData(request, handler);
    return { form, images, broken: false };
  } catch {
    // Cut off, malformed or not multipart at all: the form is answered as refused, never a 500.
    return { form: new FormData(), images, broken: true };
  }
}
