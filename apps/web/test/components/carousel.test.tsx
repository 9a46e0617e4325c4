import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Banner } from '@vela/contract';
import { Carousel } from '../../src/components/carousel.tsx';
import { BannerCarousel, CAROUSEL } from '../../src/features/home/banner-carousel.tsx';
import { changeLocale, i18n } from '../../src/lib/i18n.ts';
import { renderPage, setupWebTests } from '../setup.tsx';
import { advance, setupActEnvironment } from '../support/helpers.tsx';

setupWebTests();
setupActEnvironment();

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(async () => {
  vi.useRealTimers();
  if (i18n.language !== 'en') await act(() => changeLocale('en'));
});

const SLIDES = ['one', 'two', 'three'];

function renderCarousel() {
  render(
    <Carousel
      count={SLIDES.length}
      slideKey={(i) => SLIDES[i] ?? i}
      renderSlide={(i) => <button type="button">{SLIDES[i]}</button>}
      loop
      autoplay
      intervalMs={CAROUSEL.intervalMs}
      durationMs={CAROUSEL.durationMs}
      thresholdPx={CAROUSEL.thresholdPx}
    />,
  );
}

const track = () => document.querySelector<HTMLElement>('.carousel__track')!;
const viewport = () => document.querySelector<HTMLElement>('.carousel__viewport')!;
const position = () => Number(track().getAttribute('data-position'));
const activeDot = () =>
  [...document.querySelectorAll('.carousel__dot')].findIndex((d) =>
    d.classList.contains('carousel__dot--active'),
  );
/** The slides assistive technology can reach, by their text. */
const reachable = () =>
  [...document.querySelectorAll('.carousel__slide')]
    .filter((s) => s.getAttribute('aria-hidden') !== 'true')
    .map((s) => s.textContent);

function swipe(dx: number, { cancel = false } = {}) {
  const el = viewport();
  fireEvent.pointerDown(el, { pointerId: 1, pointerType: 'touch', clientX: 200, clientY: 50 });
  fireEvent.pointerMove(el, { pointerId: 1, pointerType: 'touch', clientX: 200 + dx / 2, clientY: 51 });
  fireEvent.pointerMove(el, { pointerId: 1, pointerType: 'touch', clientX: 200 + dx, clientY: 51 });
  if (cancel)
    fireEvent.pointerCancel(el, { pointerId: 1, pointerType: 'touch', clientX: 200 + dx, clientY: 51 });
  else fireEvent.pointerUp(el, { pointerId: 1, pointerType: 'touch', clientX: 200 + dx, clientY: 51 });
}

describe('carousel', () => {
  it('shows the first slide, with a copy at each end that nobody can reach', () => {
    renderCarousel();
    expect(document.querySelectorAll('.carousel__slide')).toHaveLength(5);
    expect(reachable()).toEqual(['one']);
    expect(position()).toBe(1);
    expect(activeDot()).toBe(0);
    expect(document.querySelectorAll('.carousel__dot')).toHaveLength(3);
  });

  it('moves on every 3000 ms and, past the last slide, comes round to the first', async () => {
    renderCarousel();
    await advance(CAROUSEL.intervalMs - 1);
    expect(activeDot()).toBe(0);
    await advance(1);
    expect(activeDot()).toBe(1);
    expect(track().style.transition).toBe(`transform ${CAROUSEL.durationMs}ms ease`);
    await advance(CAROUSEL.intervalMs);
    expect(activeDot()).toBe(2);
    await advance(CAROUSEL.intervalMs);
    // On the copy of the first slide, then settled on the real one without animation.
    expect(position()).toBe(4);
    expect(activeDot()).toBe(0);
    await advance(CAROUSEL.durationMs + 50);
    expect(position()).toBe(1);
    expect(track().style.transition).toBe('none');
    expect(reachable()).toEqual(['one']);
  });

  it('settles as soon as the move ends', async () => {
    renderCarousel();
    // One interval at a time: the next one starts once React has committed the previous move.
    for (let i = 0; i < 3; i += 1) await advance(CAROUSEL.intervalMs);
    expect(position()).toBe(4);
    fireEvent.transitionEnd(track());
    expect(position()).toBe(1);
  });

  it('waits while focus is inside and goes on once it leaves', async () => {
    renderCarousel();
    act(() => screen.getByRole('button', { name: 'one' }).focus());
    await advance(CAROUSEL.intervalMs * 2);
    expect(activeDot()).toBe(0);
    act(() => screen.getByRole('button', { name: 'one' }).blur());
    await advance(CAROUSEL.intervalMs);
    expect(activeDot()).toBe(1);
  });

  it('waits while the page is hidden', async () => {
    renderCarousel();
    Object.defineProperty(document, 'hidden', { value: true, configurable: true });
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await advance(CAROUSEL.intervalMs * 2);
    expect(activeDot()).toBe(0);
    Object.defineProperty(document, 'hidden', { value: false, configurable: true });
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await advance(CAROUSEL.intervalMs);
    expect(activeDot()).toBe(1);
  });

  it('a swipe of 50 px leftwards goes forward, rightwards goes back; a shorter one springs back', () => {
    renderCarousel();
    swipe(-49);
    expect(activeDot()).toBe(0);
    swipe(-50);
    expect(activeDot()).toBe(1);
    swipe(50);
    expect(activeDot()).toBe(0);
    swipe(50);
    expect(activeDot()).toBe(2);
  });

  it('follows the finger while it moves, and a swipe the browser took over changes nothing', () => {
    renderCarousel();
    const el = viewport();
    fireEvent.pointerDown(el, { pointerId: 1, pointerType: 'touch', clientX: 200, clientY: 50 });
    fireEvent.pointerMove(el, { pointerId: 1, pointerType: 'touch', clientX: 170, clientY: 50 });
    expect(track().style.transform).toBe('translate3d(calc(-100% + -30px), 0, 0)');
    expect(track().style.transition).toBe('none');
    swipe(-120, { cancel: true });
    expect(activeDot()).toBe(0);
  });

  it('arrow keys move it', () => {
    renderCarousel();
    fireEvent.keyDown(viewport(), { key: 'ArrowRight' });
    expect(activeDot()).toBe(1);
    fireEvent.keyDown(viewport(), { key: 'ArrowLeft' });
    fireEvent.keyDown(viewport(), { key: 'ArrowLeft' });
    expect(activeDot()).toBe(2);
  });

  it('reads right to left in Arabic: the track moves right, and a swipe rightwards goes forward', async () => {
    await act(() => changeLocale('ar'));
    renderCarousel();
    expect(document.querySelector('.carousel')?.getAttribute('dir')).toBe('rtl');
    expect(track().style.transform).toBe('translate3d(calc(100% + 0px), 0, 0)');
    swipe(50);
    expect(activeDot()).toBe(1);
    expect(track().style.transform).toBe('translate3d(calc(200% + 0px), 0, 0)');
    fireEvent.keyDown(viewport(), { key: 'ArrowLeft' });
    expect(activeDot()).toBe(2);
  });

  it('a single slide neither moves nor shows dots', async () => {
    render(
      <Carousel
        count={1}
        slideKey={() => 'only'}
        renderSlide={() => <span>only</span>}
        loop
        autoplay
        intervalMs={CAROUSEL.intervalMs}
        durationMs={CAROUSEL.durationMs}
        thresholdPx={CAROUSEL.thresholdPx}
      />,
    );
    expect(document.querySelectorAll('.carousel__slide')).toHaveLength(1);
    expect(document.querySelector('.carousel__dots')).toBeNull();
    await advance(CAROUSEL.intervalMs * 2);
    swipe(-80);
    expect(position()).toBe(0);
  });
});

const BANNERS: Banner[] = [
  { id: 1, title: 'Trade fast', img: '/banners/banner-1.svg', url: 'https://example.com/promo' },
  { id: 2, title: 'Deposit now', img: '/banners/banner-2.svg', url: '/recharge' },
] as Banner[];

describe('banner carousel', () => {
  it('keeps the carousel height while the banners load', () => {
    renderPage(<BannerCarousel banners={[]} pending />, { path: '/home' });
    expect(document.querySelector('.home-banners--skeleton')?.getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByTestId('banner-carousel')).toBeNull();
  });

  it('opens an external banner in a new tab, an in-app one in the app, and not after a swipe', async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    renderPage(<BannerCarousel banners={BANNERS} pending={false} />, { path: '/home' });
    expect(CAROUSEL).toMatchObject({ intervalMs: 3000, durationMs: 300, thresholdPx: 50, heightRem: 7.8125 });

    swipe(-60);
    fireEvent.click(screen.getByRole('button', { name: 'Deposit now' }));
    expect(screen.queryByTestId('location')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Deposit now' }));
    expect(screen.getByTestId('location').textContent).toBe('/recharge');
    expect(open).not.toHaveBeenCalled();
  });

  it('opens an http(s) banner url in a new tab', () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    renderPage(<BannerCarousel banners={BANNERS} pending={false} />, { path: '/home' });
    fireEvent.click(screen.getByRole('button', { name: 'Trade fast' }));
    expect(open).toHaveBeenCalledWith('https://example.com/promo', '_blank', 'noopener,noreferrer');
  });
});
