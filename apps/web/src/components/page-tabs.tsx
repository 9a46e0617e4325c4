import type { MessageKey } from '@vela/i18n';
import { useT } from '../lib/i18n.ts';
import './page-tabs.css';

/**
 * The tabs at the top of an order page (timed orders' in progress and history, spot holdings and
 * history, contract positions, open orders and history): one shown at a time, each button
 * `<testId>-<key>`.
 */
export function PageTabs<Key extends string>({
  tabs,
  value,
  onChange,
  testId,
}: {
  tabs: readonly { key: Key; label: MessageKey }[];
  value: NoInfer<Key>;
  onChange(key: NoInfer<Key>): void;
  testId: string;
}) {
  const t = useT();
  return (
    <div className="page-tabs" role="tablist">
      {tabs.map((tab) => (
        <button
          key={tab.key}
          type="button"
          role="tab"
          aria-selected={value === tab.key}
          className={`page-tabs__tab${value === tab.key ? ' page-tabs__tab--on' : ''}`}
          onClick={() => onChange(tab.key)}
          data-testid={`${testId}-${tab.key}`}
        >
          {t(tab.label)}
        </button>
      ))}
    </div>
  );
}
