import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import type { UploadPurpose } from '@vela/contract';
import { errorMessage } from '../lib/api-client.ts';
import { blobToBase64, prepareImage, sendImage } from './image-upload-api.ts';
import { previewUrl, tapAction, uploadPercent, type UploadPhase } from './image-upload-logic.ts';

/**
 * The photo field's upload: `choose` takes the picked file, prepares it and sends it; `tap` opens the
 * chooser or, after a failure, sends the same picture again. Leaving the page stops an upload.
 */
export function useImageUpload(options: {
  purpose: UploadPurpose;
  /** Whether the form already holds an upload id when the field appears. */
  initiallyDone: boolean;
  onChange(uploadId: string): void;
  onError(message: string): void;
}) {
  const { purpose, onChange, onError } = options;
  const input = useRef<HTMLInputElement>(null);
  const [phase, setPhase] = useState<UploadPhase>({ kind: options.initiallyDone ? 'done' : 'empty' });
  const [preview, setPreview] = useState<string | null>(null);
  const pending = useRef<{ data: string; fileName: string } | null>(null);
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const upload = async (data: string, fileName: string) => {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    pending.current = { data, fileName };
    setPhase({ kind: 'uploading', percent: 0 });
    try {
      const answer = await sendImage(
        { purpose, data, fileName },
        (fraction) => setPhase({ kind: 'uploading', percent: uploadPercent(fraction) }),
        current.signal,
      );
      if (current.signal.aborted) return;
      setPhase({ kind: 'done' });
      onChange(String(answer.id));
    } catch (error) {
      if (current.signal.aborted) return;
      setPhase({ kind: 'failed' });
      onError(errorMessage(error));
    }
  };

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file chosen twice in a row must fire `change` again.
    event.target.value = '';
    if (!file) return;
    onChange('');
    setPhase({ kind: 'preparing' });
    const blob = await prepareImage(file);
    const data = await blobToBase64(blob);
    setPreview(previewUrl(blob.type, data));
    await upload(data, file.name);
  };

  const tap = () => {
    const action = tapAction(phase, pending.current !== null);
    if (action === 'retry' && pending.current) void upload(pending.current.data, pending.current.fileName);
    else if (action === 'choose') input.current?.click();
  };

  return { input, phase, preview, choose, tap };
}
