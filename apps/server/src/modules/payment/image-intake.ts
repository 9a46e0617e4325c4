import sharp, { type Metadata } from 'sharp';
import { UPLOAD_LIMITS, type UploadMimeType } from '@vela/contract';
import { AppError } from '../../errors.ts';

/**
 * Turns uploaded bytes into a stored image (decision 015): the type is read from the content (magic
 * bytes), never from a name; the size and the pixel dimensions are limited before anything is
 * decoded; the image is then decoded and encoded again, which drops every byte that is not picture
 * (EXIF with its GPS position, comments, a script hidden after the image) and bakes the camera's
 * rotation into the pixels, since the orientation tag goes with the metadata.
 */

// libvips' operation cache helps repeated work on the same images; uploads are all different, so it
// would only hold memory.
sharp.cache(false);

export interface IntakeImage {
  content: Buffer;
  mime: UploadMimeType;
  width: number;
  height: number;
}

type Kind = 'jpeg' | 'png' | 'webp';

const MIME: Record<Kind, UploadMimeType> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

const startsWith = (bytes: Uint8Array, prefix: readonly number[], offset = 0) =>
  prefix.every((byte, i) => bytes[offset + i] === byte);

/** The image type the first bytes announce, or null for anything else (SVG, GIF, text, HEIC...). */
export function sniffImage(bytes: Uint8Array): Kind | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  // RIFF <size> WEBP
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8))
    return 'webp';
  return null;
}

/**
 * Images decode on libuv's thread pool; a 40-megapixel photo takes ~160 MB while it does. Two at a
 * time keeps a burst of uploads from taking the memory and the cores from everything else.
 */
const MAX_CONCURRENT = 2;
let running = 0;
const waiting: (() => void)[] = [];

async function withSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  try {
    return await work();
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

const dimensionsError = () =>
  new AppError('UPLOAD_DIMENSIONS', {
    params: {
      min: UPLOAD_LIMITS.minSidePx,
      max: UPLOAD_LIMITS.maxSidePx,
      megapixels: UPLOAD_LIMITS.maxPixels / 1_000_000,
    },
    data: { field: 'data' },
  });

const notImage = () => new AppError('UPLOAD_NOT_IMAGE', { data: { field: 'data' } });

/** Checks and re-encodes an image; throws the AppError the caller should see. */
export async function intakeImage(bytes: Buffer): Promise<IntakeImage> {
  if (bytes.length > UPLOAD_LIMITS.maxBytes) {
    throw new AppError('UPLOAD_TOO_LARGE', {
      params: { maxMb: UPLOAD_LIMITS.maxBytes / (1024 * 1024) },
      data: { field: 'data', maxBytes: UPLOAD_LIMITS.maxBytes },
    });
  }
  const kind = sniffImage(bytes);
  if (!kind) throw notImage();

  const options = { limitInputPixels: UPLOAD_LIMITS.maxPixels, failOn: 'truncated' } as const;
  return withSlot(async () => {
    let metadata: Metadata;
    try {
      // Reads the header only: the dimensions are known before any pixel is decoded, so the pixel
      // limit is ours to apply (with sharp's, an oversized image would look like a broken one).
      metadata = await sharp(bytes, { ...options, limitInputPixels: false }).metadata();
    } catch {
      throw notImage();
    }
    // The decoder must agree with the magic bytes, so a file is never handled as another type.
    if (metadata.format !== kind) throw notImage();
    const { width, height } = metadata;
    if (!width || !height) throw notImage();
    if (
      Math.max(width, height) > UPLOAD_LIMITS.maxSidePx ||
      Math.min(width, height) < UPLOAD_LIMITS.minSidePx ||
      width * height > UPLOAD_LIMITS.maxPixels
    ) {
      throw dimensionsError();
    }

    let pipeline = sharp(bytes, options).rotate().resize({
      width: UPLOAD_LIMITS.storedMaxSidePx,
      height: UPLOAD_LIMITS.storedMaxSidePx,
      fit: 'inside',
      withoutEnlargement: true,
    });
    // The same type goes out as came in: screenshots (PNG) stay sharp, photos (JPEG) stay small.
    if (kind === 'jpeg') pipeline = pipeline.jpeg({ quality: 85, mozjpeg: true });
    else if (kind === 'png') pipeline = pipeline.png();
    else pipeline = pipeline.webp({ quality: 85 });
    try {
      // No keepMetadata/withMetadata: sharp writes none of the input's metadata.
      const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
      return { content: data, mime: MIME[kind], width: info.width, height: info.height };
    } catch {
      throw notImage();
    }
  });
}
