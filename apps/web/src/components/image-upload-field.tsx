import { CameraOutline, CheckCircleFill, ExclamationCircleFill } from 'antd-mobile-icons';
import type { UploadPurpose } from '@vela/contract';
import { useT } from '../lib/i18n.ts';
import { FormField } from './form-field.tsx';
import { uploadStatus, type UploadPhase } from './image-upload-logic.ts';
import { useImageUpload } from './use-image-upload.ts';
import './payment-methods.css';

/** The icon over the tile: a camera to start, a tick when done, a warning after a failure. */
function PhaseIcon({ phase }: { phase: UploadPhase }) {
  if (phase.kind === 'done')
    return <CheckCircleFill className="image-upload__icon image-upload__icon--done" />;
  if (phase.kind === 'failed') {
    return <ExclamationCircleFill className="image-upload__icon image-upload__icon--failed" />;
  }
  if (phase.kind === 'empty') return <CameraOutline className="image-upload__icon" />;
  return null;
}

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
  const { input, phase, preview, choose, tap } = useImageUpload({
    purpose: props.purpose,
    initiallyDone: Boolean(props.value),
    onChange: props.onChange,
    onError: props.onError,
  });
  const { key, params } = uploadStatus(phase);
  const status = t(key, params);

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
            <PhaseIcon phase={phase} />
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
