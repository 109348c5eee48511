import jpeg from "jpeg-js";
import { PNG } from "pngjs";
import { FEEDBACK_MAX_IMAGE_BYTES, FEEDBACK_MAX_PIXELS } from "./rules.js";

export type ImageProblem = "IMAGE_TOO_LARGE" | "IMAGE_TYPE" | "IMAGE_INVALID";
export type CheckedImage = { ok: true; mime: "image/png" | "image/jpeg"; width: number; height: number; data: Buffer } | { ok: false; problem: ImageProblem };

const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function startsWith(bytes: Uint8Array, magic: number[]) {
  return bytes.length >= magic.length && magic.every((b, i) => bytes[i] === b);
}

/**
 * An uploaded image judged by its content, never its name or declared type: the magic bytes say
 * PNG or JPEG, the whole file must decode, and what is kept is a fresh encoding of the pixels
 * (no metadata, no trailing bytes, nothing a browser could sniff as HTML).
 */
export function checkImage(input: Uint8Array): CheckedImage {
  if (input.byteLength > FEEDBACK_MAX_IMAGE_BYTES) return { ok: false, problem: "IMAGE_TOO_LARGE" };
  const bytes = Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  try {
    if (startsWith(bytes, PNG_MAGIC)) {
      // IHDR comes first: refuse a decompression bomb before inflating it.
      if (bytes.length < 24 || bytes.toString("latin1", 12, 16) !== "IHDR") return { ok: false, problem: "IMAGE_INVALID" };
      const width = bytes.readUInt32BE(16);
      const height = bytes.readUInt32BE(20);
      if (!width || !height || width * height > FEEDBACK_MAX_PIXELS) return { ok: false, problem: "IMAGE_INVALID" };
      // A whole file ends with IEND (a cut-off or padded one is not an image we keep).
      if (bytes.toString("latin1", bytes.length - 8, bytes.length - 4) !== "IEND") return { ok: false, problem: "IMAGE_INVALID" };
      const png = PNG.sync.read(bytes, { checkCRC: true });
      const data = PNG.sync.write(png, { colorType: 6, inputColorType: 6, inputHasAlpha: true });
      return { ok: true, mime: "image/png", width: png.width, height: png.height, data };
    }
    if (startsWith(bytes, [0xff, 0xd8, 0xff])) {
      const raw = jpeg.decode(bytes, { useTArray: true, formatAsRGBA: true, maxResolutionInMP: FEEDBACK_MAX_PIXELS / 1_000_000, maxMemoryUsageInMB: 256 });
      if (!raw.width || !raw.height) return { ok: false, problem: "IMAGE_INVALID" };
      const data = Buffer.from(jpeg.encode({ data: raw.data, width: raw.width, height: raw.height }, 85).data);
      return { ok: true, mime: "image/jpeg", width: raw.width, height: raw.height, data };
    }
  } catch {
    return { ok: false, problem: "IMAGE_INVALID" };
  }
  return { ok: false, problem: "IMAGE_TYPE" };
}
