import { useId } from 'react';
import { useT } from '../../lib/i18n.ts';
import { toastError } from '../../lib/feedback.tsx';
import { queryClient } from '../../lib/query-client.ts';
import { usePreferences } from '../../stores/preferences-store.ts';
import { useSession } from '../../stores/session-store.ts';
import { useUi } from '../../stores/ui-store.ts';
import { configQuery, useConfigValue } from '../../system/system-api.ts';
import { translate } from '../../lib/i18n.ts';
import { Popup } from '../popup.tsx';
import { customerServiceAddress } from './customer-service-logic.ts';

/** The customer-service popup opens 400 ms after the request. */
export const CUSTOMER_OPEN_DELAY_MS = 400;

/**
 * Opens customer service when the user is logged in or the configuration allows visitors; otherwise
 * refuses with 'Not Allow Open Customer'. Returns whether it will open.
 */
export function openCustomerService(): boolean {
  const config = queryClient.getQueryData(configQuery(usePreferences.getState().locale).queryKey);
  const allowVisitors = config?.list.some(
    (item) => item.group === 'PORTAL' && item.key === 'customerOpenWithoutLogin' && item.value === 'true',
  );
  if (!useSession.getState().token && !allowVisitors) {
    toastError(translate('toast.notAllowOpenCustomer'));
    return false;
  }
  setTimeout(() => useUi.getState().setCustomerOpen(true), CUSTOMER_OPEN_DELAY_MS);
  return true;
}

/**
 * Full width from the right, embedding the configured customer-service page in the app's theme,
 * with a close button.
 */
export function CustomerServicePopup() {
  const t = useT();
  const open = useUi((s) => s.customerOpen);
  const setOpen = useUi((s) => s.setCustomerOpen);
  const url = useConfigValue('PORTAL', 'customerServiceUrl');
  const theme = usePreferences((s) => s.theme);
  const titleId = useId();
  return (
    <Popup open={open} position="right" onClose={() => setOpen(false)} labelledBy={titleId} destroyOnClose>
      <div className="customer-popup" data-testid="customer-popup">
        <div className="customer-popup__bar">
          <span id={titleId}>{t('customer.title')}</span>
          <button
            type="button"
            className="customer-popup__close"
            aria-label={t('common.close')}
            onClick={() => setOpen(false)}
          >
            ×
          </button>
        </div>
        {url ? (
          <iframe
            title={t('customer.title')}
            src={customerServiceAddress(url, theme)}
            data-testid="customer-frame"
          />
        ) : null}
      </div>
    </Popup>
  );
}
