import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { CameraOutline, CheckCircleFill, ExclamationCircleFill } from 'antd-mobile-icons';
import type { UploadPurpose } from '@vela/contract';
import { errorMessage } from '../lib/api-client.ts';
import { useT } from '../lib/i18n.ts';
import { FormField } from './form-field.tsx';
import { blobToBase64, prepareImage, sendImage } from './image-upload.ts';
import './payment-methods.css';

type Phase =
  | { kind: 'empty' }
  | { kind: 'preparing' }
  | { kind: 'uploading'; percent: number }
  | { kind: 'done' }
  | { kind: 'failed' };

/**
 * A photo input: tap to choose (or take) a picture, see it at once, watch the upload's progress.
 * The form holds the upload id (empty until the upload finished); a failure shows the server's
 * message under the field, and a tap tries again with the same picture.
 */
export function ImageUploadField(props: {
  name: string;
  label: string;
  purpose: UploadPurpose;
  hint?: string;
  /** The upload id, as text; '' when there is none. */
  value: string;
  onChange(uploadId: string): void;
  error?: string | undefined;
  onError(message: string): void;
}) {
  const t = useT();
  const input = useRef<HTMLInputElement>(null);
  const [phase, setPhase] = useState<Phase>({ kind: props.value ? 'done' : 'empty' });
  const [preview, setPreview] = useState<string | null>(null);
  const pending = useRef<{ data: string; fileName: string } | null>(null);
  const controller = useRef<AbortController | null>(null);
  const { onChange, onError, purpose } = props;

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
        (fraction) => setPhase({ kind: 'uploading', percent: Math.min(99, Math.round(fraction * 100)) }),
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
    // A data URL, not an object URL: the page's content security policy allows data: images only.
    setPreview(`data:${blob.type || 'image/jpeg'};base64,${data}`);
    await upload(data, file.name);
  };

  const tap = () => {
    if (phase.kind === 'failed' && pending.current) {
      void upload(pending.current.data, pending.current.fileName);
      return;
    }
    if (phase.kind === 'preparing' || phase.kind === 'uploading') return;
    input.current?.click();
  };

  const status =
    phase.kind === 'preparing'
      ? t('upload.preparing')
      : phase.kind === 'uploading'
        ? t('upload.progress', { percent: phase.percent })
        : phase.kind === 'failed'
          ? t('upload.failed')
          : phase.kind === 'done'
            ? t('upload.replace')
            : t('upload.add');

  return (
    <FormField name={props.name} label={props.label} error={props.error}>
      <div className="image-upload" data-phase={phase.kind}>
        <button
          type="button"
          className="image-upload__tile"
          onClick={tap}
          aria-label={`${props.label}: ${status}`}
          data-testid={`upload-${props.name}`}
        >
          {preview ? <img className="image-upload__preview" src={preview} alt="" /> : null}
          <span className="image-upload__overlay">
            {phase.kind === 'done' ? (
              <CheckCircleFill className="image-upload__icon image-upload__icon--done" />
            ) : phase.kind === 'failed' ? (
              <ExclamationCircleFill className="image-upload__icon image-upload__icon--failed" />
            ) : phase.kind === 'empty' ? (
              <CameraOutline className="image-upload__icon" />
            ) : null}
            <span className="image-upload__status" role="status">
              {status}
            </span>
          </span>
          {phase.kind === 'uploading' ? (
            <span className="image-upload__bar" aria-hidden>
              <span className="image-upload__bar-fill" style={{ width: `${phase.percent}%` }} />
            </span>
          ) : null}
        </button>
        {props.hint ? <p className="image-upload__hint">{props.hint}</p> : null}
        <input
          ref={input}
          className="image-upload__input"
          type="file"
          name={props.name}
          accept="image/jpeg,image/png,image/webp"
          onChange={(event) => void choose(event)}
          tabIndex={-1}
          aria-hidden
        />
      </div>
    </FormField>
  );
}
