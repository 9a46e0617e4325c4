import { describe, expect, it } from 'vitest';
import {
  previewUrl,
  tapAction,
  uploadPercent,
  uploadStatus,
  type UploadPhase,
} from '../../src/components/image-upload-logic.ts';

describe('upload progress', () => {
  it('rounds to whole percents and stops at 99 until the server has answered', () => {
    expect(uploadPercent(0)).toBe(0);
    expect(uploadPercent(0.424)).toBe(42);
    expect(uploadPercent(0.996)).toBe(99);
    expect(uploadPercent(1)).toBe(99);
  });
});

describe('upload status line', () => {
  it('names each phase, with the percentage while uploading', () => {
    expect(uploadStatus({ kind: 'empty' })).toEqual({ key: 'upload.add' });
    expect(uploadStatus({ kind: 'preparing' })).toEqual({ key: 'upload.preparing' });
    expect(uploadStatus({ kind: 'uploading', percent: 37 })).toEqual({
      key: 'upload.progress',
      params: { percent: 37 },
    });
    expect(uploadStatus({ kind: 'done' })).toEqual({ key: 'upload.replace' });
    expect(uploadStatus({ kind: 'failed' })).toEqual({ key: 'upload.failed' });
  });
});

describe('a tap on the photo tile', () => {
  it('sends the same picture again after a failure', () => {
    expect(tapAction({ kind: 'failed' }, true)).toBe('retry');
  });

  it('opens the chooser when there is nothing to retry', () => {
    const phases: UploadPhase[] = [{ kind: 'empty' }, { kind: 'done' }, { kind: 'failed' }];
    for (const phase of phases) expect(tapAction(phase, false)).toBe('choose');
    expect(tapAction({ kind: 'done' }, true)).toBe('choose');
  });

  it('does nothing while a picture is being prepared or sent', () => {
    expect(tapAction({ kind: 'preparing' }, false)).toBe('wait');
    expect(tapAction({ kind: 'uploading', percent: 10 }, true)).toBe('wait');
  });
});

describe('photo preview', () => {
  it('is a data URL of the prepared type, JPEG when the blob has none', () => {
    expect(previewUrl('image/png', 'QUJD')).toBe('data:image/png;base64,QUJD');
    expect(previewUrl('', 'QUJD')).toBe('data:image/jpeg;base64,QUJD');
  });
});
