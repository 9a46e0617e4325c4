import { useState } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Popup, POPUP_ANIMATION_MS } from '../../src/components/popup.tsx';
import { setupWebTests } from '../setup.tsx';
import { advance, setupActEnvironment } from '../support/helpers.tsx';

setupWebTests();
setupActEnvironment();

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

/** An opener button and a popup with a title and two buttons, as the app's popups are built. */
function Harness(props: { closeOnMask?: boolean; destroyOnClose?: boolean; onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  const close = () => {
    props.onClose?.();
    setOpen(false);
  };
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Popup
        open={open}
        onClose={close}
        labelledBy="popup-title"
        closeOnMask={props.closeOnMask}
        destroyOnClose={props.destroyOnClose}
      >
        <h2 id="popup-title">Notice</h2>
        <button type="button">First</button>
        <button type="button" onClick={close}>
          Last
        </button>
      </Popup>
    </>
  );
}

const dialog = () => screen.queryByRole('dialog');
const layer = () => document.querySelector('.popup');

async function openWithKeyboardFocusOnOpener() {
  const opener = screen.getByRole('button', { name: 'Open' });
  act(() => opener.focus());
  fireEvent.click(opener);
  await advance(0);
  return opener;
}

describe('popup', () => {
  it('is not in the page before it first opens', () => {
    render(<Harness />);
    expect(layer()).toBeNull();
  });

  it('opens as a named modal dialog with focus inside and the page behind it held still', async () => {
    render(<Harness />);
    await openWithKeyboardFocusOnOpener();
    const popup = screen.getByRole('dialog', { name: 'Notice' });
    expect(popup.getAttribute('aria-modal')).toBe('true');
    expect(popup.contains(document.activeElement)).toBe(true);
    expect(document.body.style.overflow).toBe('hidden');
  });

  it('closes with Escape, then returns focus to the opener and lets the page scroll again', async () => {
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    const opener = await openWithKeyboardFocusOnOpener();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
    await advance(0);
    expect(layer()?.classList.contains('popup--closing')).toBe(true);
    expect(document.activeElement).toBe(opener);
    expect(document.body.style.overflow).toBe('');
  });

  it('keeps Tab inside: from the last button to the first and back', async () => {
    render(<Harness />);
    await openWithKeyboardFocusOnOpener();
    const first = screen.getByRole('button', { name: 'First' });
    const last = screen.getByRole('button', { name: 'Last' });
    act(() => last.focus());
    fireEvent.keyDown(last, { key: 'Tab' });
    expect(document.activeElement).toBe(first);
    fireEvent.keyDown(first, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(last);
  });

  it('closes on a tap on the mask, unless told not to', async () => {
    const { unmount } = render(<Harness />);
    await openWithKeyboardFocusOnOpener();
    fireEvent.click(document.querySelector('.popup__mask')!);
    await advance(0);
    expect(dialog()).toBeNull();
    unmount();

    render(<Harness closeOnMask={false} />);
    await openWithKeyboardFocusOnOpener();
    fireEvent.click(document.querySelector('.popup__mask')!);
    await advance(0);
    expect(screen.getByRole('dialog', { name: 'Notice' })).toBeTruthy();
  });

  it('after the closing slide stays hidden in the page, or leaves it with destroyOnClose', async () => {
    const { unmount } = render(<Harness />);
    await openWithKeyboardFocusOnOpener();
    fireEvent.click(screen.getByRole('button', { name: 'Last' }));
    await advance(POPUP_ANIMATION_MS - 1);
    expect(layer()?.classList.contains('popup--closing')).toBe(true);
    await advance(1);
    expect(layer()?.classList.contains('popup--hidden')).toBe(true);
    unmount();

    render(<Harness destroyOnClose />);
    await openWithKeyboardFocusOnOpener();
    fireEvent.click(screen.getByRole('button', { name: 'Last' }));
    await advance(POPUP_ANIMATION_MS);
    expect(layer()).toBeNull();
  });

  it('opening again during the closing slide keeps it open', async () => {
    render(<Harness />);
    await openWithKeyboardFocusOnOpener();
    fireEvent.click(screen.getByRole('button', { name: 'Last' }));
    await advance(POPUP_ANIMATION_MS / 2);
    fireEvent.click(screen.getByRole('button', { name: 'Open', hidden: true }));
    await advance(POPUP_ANIMATION_MS);
    expect(layer()?.className).toBe('popup popup--bottom');
  });
});
