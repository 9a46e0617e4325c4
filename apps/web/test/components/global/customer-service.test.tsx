import { act, fireEvent, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Toast } from 'antd-mobile';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConfigItem } from '@vela/contract';
import {
  CUSTOMER_OPEN_DELAY_MS,
  CustomerServicePopup,
  openCustomerService,
} from '../../../src/components/global/customer-service.tsx';
import { queryClient } from '../../../src/lib/query-client.ts';
import { useUi } from '../../../src/stores/ui-store.ts';
import { configQuery } from '../../../src/system/system-api.ts';
import { setupWebTests, signInAs } from '../../setup.tsx';
import { advance, settleOverlays, setupActEnvironment } from '../../support/helpers.tsx';

setupWebTests();
setupActEnvironment();

const REFUSAL = 'Not Allow Open Customer';

function seedConfig(list: ConfigItem[]) {
  queryClient.setQueryData(configQuery('en').queryKey, { dict: {}, list });
}

const visitorsAllowed: ConfigItem = { group: 'PORTAL', key: 'customerOpenWithoutLogin', value: 'true' };

async function open(): Promise<boolean> {
  let result = false;
  await act(async () => {
    result = openCustomerService();
  });
  return result;
}

const customerOpen = () => useUi.getState().customerOpen;

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(async () => {
  await act(async () => {
    Toast.clear();
  });
  await settleOverlays();
  vi.useRealTimers();
  queryClient.clear();
});

describe('openCustomerService', () => {
  it('refuses a visitor when the configuration does not allow it', async () => {
    expect(await open()).toBe(false);
    await advance(100);
    expect(document.body.textContent).toContain(REFUSAL);
    await advance(5000);
    expect(customerOpen()).toBe(false);
  });

  it('refuses a visitor when the flag is off or in another group', async () => {
    seedConfig([
      { group: 'PORTAL', key: 'customerOpenWithoutLogin', value: 'false' },
      { group: 'REGISTER', key: 'customerOpenWithoutLogin', value: 'true' },
    ]);
    expect(await open()).toBe(false);
    await advance(100);
    expect(document.body.textContent).toContain(REFUSAL);
    await advance(5000);
    expect(customerOpen()).toBe(false);
  });

  it('opens for a signed-in user after 400 ms, not before', async () => {
    expect(CUSTOMER_OPEN_DELAY_MS).toBe(400);
    signInAs();
    expect(await open()).toBe(true);
    expect(customerOpen()).toBe(false);

    await advance(CUSTOMER_OPEN_DELAY_MS - 1);
    expect(customerOpen()).toBe(false);
    await advance(1);
    expect(customerOpen()).toBe(true);
    await advance(100);
    expect(document.body.textContent).not.toContain(REFUSAL);
  });

  it('opens for a visitor when the PORTAL flag customerOpenWithoutLogin is "true"', async () => {
    seedConfig([visitorsAllowed]);
    expect(await open()).toBe(true);
    await advance(CUSTOMER_OPEN_DELAY_MS - 1);
    expect(customerOpen()).toBe(false);
    await advance(1);
    expect(customerOpen()).toBe(true);
    await advance(100);
    expect(document.body.textContent).not.toContain(REFUSAL);
  });
});

describe('customer-service popup', () => {
  it('embeds the configured page in the app theme and closes with its close button', async () => {
    seedConfig([{ group: 'PORTAL', key: 'customerServiceUrl', value: 'https://support.example/chat' }]);
    render(
      <QueryClientProvider client={queryClient}>
        <CustomerServicePopup />
      </QueryClientProvider>,
    );
    await act(async () => {
      useUi.setState({ customerOpen: true });
    });
    await advance(500);

    const frame = screen.getByTitle('Customer service');
    expect(frame.tagName).toBe('IFRAME');
    // The page is told the theme (dark is the default preference).
    expect(frame.getAttribute('src')).toBe('https://support.example/chat?theme=dark');

    fireEvent.click(screen.getByRole('button', { name: 'Close', hidden: true }));
    expect(customerOpen()).toBe(false);
  });
});
