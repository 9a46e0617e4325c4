import { Mask, SpinLoading } from 'antd-mobile';
import { useUi } from '../../stores/ui-store.ts';

/** The global loading mask with its optional text (spec point 2). */
export function LoadingMask() {
  const loading = useUi((s) => s.loading);
  return (
    <Mask visible={loading.visible} opacity="thin" destroyOnClose>
      <div className="loading-mask" role="status" aria-live="polite">
        <SpinLoading color="primary" style={{ '--size': '2.25rem' } as React.CSSProperties} />
        {loading.text ? <div className="loading-mask__text">{loading.text}</div> : null}
      </div>
    </Mask>
  );
}
