import type { MessageKey } from '@vela/i18n';

/** The photo field's decisions, kept out of React so they are tested as plain functions. */

export type UploadPhase =
  | { kind: 'empty' }
  | { kind: 'preparing' }
  | { kind: 'uploading'; percent: number }
  | { kind: 'done' }
  | { kind: 'failed' };

/**
 * The percentage shown while uploading. It stops at 99: the last bytes sent are not yet a stored
 * photo, and 100 appears only as "done" once the server has answered.
 */
export function uploadPercent(fraction: number): number {
  return Math.min(99, Math.round(fraction * 100));
}

/** The status line of each phase, with the percentage while uploading. */
export function uploadStatus(phase: UploadPhase): { key: MessageKey; params?: { percent: number } } {
  switch (phase.kind) {
    case 'preparing':
      return { key: 'upload.preparing' };
    case 'uploading':
      return { key: 'upload.progress', params: { percent: phase.percent } };
    case 'failed':
      return { key: 'upload.failed' };
    case 'done':
      return { key: 'upload.replace' };
    case 'empty':
      return { key: 'upload.add' };
  }
}

/**
 * What a tap on the tile does: after a failure it sends the same picture again, while a picture is
 * being prepared or sent it does nothing, otherwise it opens the file chooser.
 */
export function tapAction(phase: UploadPhase, hasPicture: boolean): 'retry' | 'wait' | 'choose' {
  if (phase.kind === 'failed' && hasPicture) return 'retry';
  if (phase.kind === 'preparing' || phase.kind === 'uploading') return 'wait';
  return 'choose';
}

/**
 * The preview of a prepared picture as a data URL, not an object URL: the page's content security
 * policy allows data: images only. A blob without a type was encoded as JPEG.
 */
export function previewUrl(type: string, base64: string): string {
  return `data:${type || 'image/jpeg'};base64,${base64}`;
}
