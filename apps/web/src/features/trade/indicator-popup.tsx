import { Popup } from 'antd-mobile';
import { CheckOutline } from 'antd-mobile-icons';
import { CHART_MAIN_INDICATORS, CHART_SUB_INDICATORS, type ChartSettings } from '@vela/contract';
import { useT } from '../../lib/i18n.ts';
import { toggleIndicator, type MainIndicator, type SubIndicator } from './chart-settings-logic.ts';

/** Indicator settings: main-chart overlays (MA, EMA, BOLL) and sub-chart panes (VOL, MACD, KDJ, RSI). */
export function IndicatorPopup({
  visible,
  settings,
  scope,
  onChange,
  onClose,
}: {
  visible: boolean;
  settings: ChartSettings;
  scope: 'account' | 'visit';
  onChange(next: ChartSettings): void;
  onClose(): void;
}) {
  const t = useT();
  const group = (title: string, kind: 'main' | 'sub', names: readonly (MainIndicator | SubIndicator)[]) => (
    <section className="indicator-group">
      <h3 className="indicator-group__title">{title}</h3>
      <div className="indicator-group__options">
        {names.map((name) => {
          const on = (kind === 'main' ? settings.main : settings.sub).includes(name as never);
          return (
            <button
              key={name}
              type="button"
              className={`indicator-option${on ? ' indicator-option--on' : ''}`}
              aria-pressed={on}
              onClick={() => onChange(toggleIndicator(settings, kind, name))}
              data-testid={`indicator-${name}`}
            >
              {on ? <CheckOutline /> : null}
              {name}
            </button>
          );
        })}
      </div>
    </section>
  );
  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      onClose={onClose}
      bodyStyle={{ borderRadius: '0.75rem 0.75rem 0 0' }}
    >
      <div className="sheet indicator-popup" data-testid="indicator-popup">
        <h2 className="sheet__title">{t('trade.indicators')}</h2>
        {group(t('trade.mainIndicators'), 'main', CHART_MAIN_INDICATORS)}
        {group(t('trade.subIndicators'), 'sub', CHART_SUB_INDICATORS)}
        <p className="indicator-popup__hint">
          {t(scope === 'account' ? 'trade.indicatorsSaved' : 'trade.indicatorsLocal')}
        </p>
        <button
          type="button"
          className="indicator-popup__close"
          onClick={onClose}
          data-testid="indicator-close"
        >
          {t('common.close')}
        </button>
      </div>
    </Popup>
  );
}
