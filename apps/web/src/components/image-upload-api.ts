import type { Envelope, Upload, UploadPurpose } from '@vela/contract';
import { routes } from '@vela/contract/routes';
import { ApiError, apiUrl, call } from '../lib/api-client.ts';
import { translate } from '../lib/i18n.ts';
import { usePreferences } from '../stores/preferences-store.ts';
import { useSession } from '../stores/session-store.ts';

/**
 * Getting a photo to the server (decision 015): big photos are scaled down in the browser first, to
 * save the user's data and time (a 12-megapixel phone photo of 4 MB becomes ~400 KB), then sent as
 * base64 in JSON with upload progress. The server checks and re-encodes whatever arrives; nothing
 * here is trusted for safety.
 */

/** Longest side sent; the server keeps up to 2560 px, so this loses nothing a reviewer needs. */
export const CLIENT_MAX_SIDE_PX = 2048;
/** A file within the size and this many bytes goes as it is; a bigger one is re-encoded. */
export const CLIENT_KEEP_BYTES = 1_200_000;
export const CLIENT_JPEG_QUALITY = 0.85;
/** Uploads of a few MB on a slow mobile line take longer than the API's usual 40 s. */
export const UPLOAD_TIMEOUT_MS = 120_000;

const SENDABLE = new Set(['image/jpeg', 'image/png', 'image/webp']);

export interface SizePlan {
  width: number;
  height: number;
  /** Whether the image is re-encoded in the browser before sending. */
  reencode: boolean;
}

/**
 * The size to send a photo at, keeping its proportions: within CLIENT_MAX_SIDE_PX, never enlarged.
 * It is re-encoded when it must shrink, when it is heavy, or when its type is one the server does
 * not take (a HEIC photo the browser can still decode).
 */
export function planSize(image: { width: number; height: number; bytes: number; type: string }): SizePlan {
  const longest = Math.max(image.width, image.height);
  const scale = longest > CLIENT_MAX_SIDE_PX ? CLIENT_MAX_SIDE_PX / longest : 1;
  const width = Math.max(1, Math.round(image.width * scale));
  const height = Math.max(1, Math.round(image.height * scale));
  const reencode = scale < 1 || image.bytes > CLIENT_KEEP_BYTES || !SENDABLE.has(image.type);
  return { width, height, reencode };
}

/**
 * The file to send: the original when it is already fine, otherwise drawn on a canvas at the
 * planned size (the camera's rotation applied) and encoded as JPEG. A file the browser cannot
 * decode goes as it is, so the server can say clearly what is wrong with it.
 */
export async function prepareImage(file: Blob): Promise<Blob> {
  if (typeof createImageBitmap !== 'function') return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return file;
  }
  try {
    const plan = planSize({ width: bitmap.width, height: bitmap.height, bytes: file.size, type: file.type });
    if (!plan.reencode) return file;
    const canvas = document.createElement('canvas');
    canvas.width = plan.width;
    canvas.height = plan.height;
    const context = canvas.getContext('2d');
    if (!context) return file;
    // JPEG has no transparency: a transparent screenshot gets a white page, not a black one.
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, plan.width, plan.height);
    context.drawImage(bitmap, 0, 0, plan.width, plan.height);
    const blob = await new Promise<Blob | null>((resolve) =>
      canvas.toBlob(resolve, 'image/jpeg', CLIENT_JPEG_QUALITY),
    );
    return blob ?? file;
  } finally {
    bitmap.close();
  }
}

/** The bytes of a blob as base64, without the "data:...;base64," prefix. */
export function blobToBase64(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result);
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(blob);
  });
}

/**
 * POSTs an image to /upload/image. XMLHttpRequest rather than fetch, because only it reports upload
 * progress. Headers and failures are those of `call` (lib/api-client.ts): the token, the language,
 * an ApiError with the server's localized message.
 */
export function sendImage(
  body: { purpose: UploadPurpose; data: string; fileName?: string },
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<Upload> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiUrl(routes.payment.uploadImage.path));
    xhr.timeout = UPLOAD_TIMEOUT_MS;
    xhr.setRequestHeader('content-type', 'application/json');
    xhr.setRequestHeader('lang', usePreferences.getState().locale);
    const token = useSession.getState().token;
    if (token) xhr.setRequestHeader('authorization', token);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    const network = (code: 'NETWORK' | 'TIMEOUT') =>
      reject(
        new ApiError(code, translate(code === 'TIMEOUT' ? 'toast.requestTimeout' : 'toast.networkError')),
      );
    xhr.onerror = () => network('NETWORK');
    xhr.ontimeout = () => network('TIMEOUT');
    xhr.onabort = () => reject(new DOMException('aborted', 'AbortError'));
    xhr.onload = () => {
      let envelope: Envelope<Upload>;
      try {
        envelope = JSON.parse(xhr.responseText) as Envelope<Upload>;
      } catch {
        network('NETWORK');
        return;
      }
      if (envelope.forceLogout) {
        // The session ended: asking for the user once more lets `call` run the app's one
        // forced-logout handling (clear the session, go to the login page).
        void call(routes.user.getLoginInfo, {}).catch(() => undefined);
      }
      if (!envelope.success || !envelope.data) {
        const data = envelope.data as { field?: unknown } | null;
        const field = data && typeof data.field === 'string' ? data.field : null;
        reject(new ApiError(envelope.code, envelope.message, field, envelope.data));
        return;
      }
      onProgress(1);
      resolve(envelope.data);
    };
    signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(JSON.stringify(body));
  });
}
