import { Profiler } from 'react';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Notice } from '@vela/contract';
import HomePage from '../../../src/features/home/home-page.tsx';
import { NOTICE_TICK_MS, NoticeTicker } from '../../../src/features/home/notice-ticker.tsx';
import { NOTICE_READ_KEY, SystemNoticeDialog } from '../../../src/features/home/system-notice-dialog.tsx';
import { resetLiveMarketForTests } from '../../../src/system/live-market.ts';
import { MARKET } from '../../support/market-fixtures.ts';
import { stubWebSocket } from '../../support/live-stubs.ts';
import { mockApi, renderPage, setupWebTests } from '../../setup.tsx';
import { advance, setupActEnvironment, until } from '../../support/helpers.tsx';

setupWebTests();
setupActEnvironment();

beforeEach(() => stubWebSocket());
afterEach(() => {
  cleanup();
  resetLiveMarketForTests();
});

const NOTICES: Notice[] = [
  {
    id: 7,
    title: 'Maintenance tonight',
    content: 'Trading pauses 02:00-02:30.',
    popup: true,
    createdAt: 1_700_000_000_000,
  },
  {
    id: 6,
    title: 'New coins listed',
    content: 'SOL and ADA are in.',
    popup: false,
    createdAt: 1_699_000_000_000,
  },
];

function homeApi(answers: { notices?: () => unknown; banners?: () => unknown } = {}) {
  return mockApi({
    '/sys-config/simple-list': () => ({ dict: {}, list: [] }),
    '/sys-notice/list': answers.notices ?? (() => NOTICES),
    '/sys-banner/list': answers.banners ?? (() => []),
    '/vc/market/list': () => MARKET,
    '/portal/vc-timing-trade-config/list': () => [],
  });
}

describe('home: notices', () => {
  it('shows the newest popup notice once; Confirm closes it for good on this device', async () => {
    homeApi();
    renderPage(<HomePage />, { path: '/home' });
    const dialog = await screen.findByRole('dialog', { name: 'Maintenance tonight' });
    expect(dialog.textContent).toContain('Trading pauses 02:00-02:30.');

    // A tap beside it does not dismiss it: it waits for Confirm.
    fireEvent.click(document.querySelector('.popup__mask')!);
    expect(screen.getByRole('dialog', { name: 'Maintenance tonight' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await until(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(localStorage.getItem(NOTICE_READ_KEY)).toBe(String(NOTICES[0]!.createdAt));

    cleanup();
    homeApi();
    renderPage(<HomePage />, { path: '/home' });
    await until(() => expect(screen.getAllByTestId('notice-item')).toHaveLength(2));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows a notice read in one language not again in another, but shows a newer version', async () => {
    const { rerender } = render(<SystemNoticeDialog notices={NOTICES} />);
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await until(() => expect(screen.queryByRole('dialog')).toBeNull());

    // The same notice in Korean: other ids, the same publication.
    const korean: Notice[] = [
      { ...NOTICES[0]!, id: 17, title: '오늘 밤 점검' },
      { ...NOTICES[1]!, id: 16, title: '신규 코인 상장' },
    ];
    rerender(<SystemNoticeDialog notices={korean} />);
    expect(screen.queryByRole('dialog')).toBeNull();

    // An operator publishes the notice again with new text: a new version, shown once more.
    const edited: Notice = { ...korean[0]!, id: 18, title: '점검 시간 변경', createdAt: 1_700_100_000_000 };
    rerender(<SystemNoticeDialog notices={[edited, ...korean]} />);
    expect(screen.getByRole('dialog', { name: '점검 시간 변경' })).toBeTruthy();
  });

  it('opens the popup notice in the first commit when the notices are already there', () => {
    let commits = 0;
    render(
      <Profiler id="dialog" onRender={() => (commits += 1)}>
        <SystemNoticeDialog notices={NOTICES} />
      </Profiler>,
    );
    expect(screen.getByRole('dialog', { name: 'Maintenance tonight' })).toBeTruthy();
    expect(commits).toBe(1);
  });

  it('a tap on a notice in the ticker opens its detail, which closes again', async () => {
    localStorage.setItem(NOTICE_READ_KEY, String(NOTICES[0]!.createdAt));
    homeApi();
    renderPage(<HomePage />, { path: '/home' });
    const item = await screen.findByRole('button', { name: 'Maintenance tonight' });
    fireEvent.click(item);
    const detail = screen.getByRole('dialog', { name: 'Maintenance tonight' });
    expect(screen.getByTestId('notice-detail').textContent).toContain('Trading pauses 02:00-02:30.');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await until(() => expect(detail.closest('.popup')?.getAttribute('aria-hidden')).toBe('true'));
  });

  it('keeps the place of the banners and of the notice ticker while they load', async () => {
    let answerNotices: (value: unknown) => void = () => undefined;
    let answerBanners: (value: unknown) => void = () => undefined;
    homeApi({
      notices: () => new Promise((resolve) => (answerNotices = resolve)),
      banners: () => new Promise((resolve) => (answerBanners = resolve)),
    });
    renderPage(<HomePage />, { path: '/home' });
    expect(document.querySelector('.home-banners--skeleton')).not.toBeNull();
    expect(document.querySelector('.notice-ticker[aria-busy="true"]')).not.toBeNull();

    await act(async () => {
      answerNotices([NOTICES[1]]);
      answerBanners([{ id: 1, title: 'Welcome', img: '/banners/banner-1.svg', url: '/trade' }]);
    });
    await until(() => expect(screen.getByTestId('banner-carousel')).toBeTruthy());
    expect(document.querySelector('.home-banners--skeleton')).toBeNull();
    expect(screen.getAllByTestId('notice-item').map((n) => n.textContent)).toEqual(['New coins listed']);
  });
});

describe('home: notice ticker', () => {
  it('moves up one notice every 2000 ms and comes back to the first', async () => {
    vi.useFakeTimers();
    try {
      const three = [...NOTICES, { ...NOTICES[1]!, id: 5, title: 'Fees lowered' }];
      render(<NoticeTicker notices={three} pending={false} />);
      const track = document.querySelector<HTMLElement>('.notice-ticker__track')!;
      const shown = () => screen.getAllByRole('button').map((b) => b.textContent);
      expect(shown()).toEqual(['Maintenance tonight']);

      await advance(NOTICE_TICK_MS);
      // One notice is a third of the track's height.
      expect(track.style.transform).toBe(`translateY(${-100 / 3}%)`);
      expect(shown()).toEqual(['New coins listed']);
      await advance(NOTICE_TICK_MS);
      expect(shown()).toEqual(['Fees lowered']);
      await advance(NOTICE_TICK_MS);
      expect(track.style.transform).toBe('translateY(0%)');
      expect(shown()).toEqual(['Maintenance tonight']);
    } finally {
      vi.useRealTimers();
    }
  });
});
