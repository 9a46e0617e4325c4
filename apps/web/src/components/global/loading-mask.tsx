import { useUi } from '../../stores/ui-store.ts';
import { Spinner } from '../spinner.tsx';

/**
 * The global loading mask with its optional text. It blocks taps on the page while
 * shown; it is not a dialog, so focus stays where it was.
 */
export function LoadingMask() {
  const loading = useUi((s) => s.loading);
  if (!loading.visible) return null;
  return (
    <div className="loading-layer" data-testid="loading-mask">
      <div className="loading-mask" role="status" aria-live="polite">
        <Spinner size="lg" />
        {loading.text ? <div className="loading-mask__text">{loading.text}</div> : null}
      </div>
    </div>
  );
}
