import { useEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { tabWrap } from './popup-logic.ts';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"])';

/** Popups open at the same time share one lock on the page's scrolling. */
let scrollLocks = 0;
let unlockedOverflow = '';

function lockScroll(): () => void {
  if (scrollLocks === 0) {
    unlockedOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
  }
  scrollLocks += 1;
  return () => {
    scrollLocks -= 1;
    if (scrollLocks === 0) document.body.style.overflow = unlockedOverflow;
  };
}

/**
 * Whether the popup's content is in the page (`rendered`: open, closing or kept hidden) and whether
 * the closing slide is playing (`closing`). Nothing is rendered before the first opening; after a
 * closing the content stays, hidden, unless `destroyOnClose`.
 */
export function usePopupPresence(open: boolean, destroyOnClose: boolean, animationMs: number) {
  const [rendered, setRendered] = useState(open);
  const [closing, setClosing] = useState(false);
  const wasOpen = useRef(open);

  useEffect(() => {
    const opened = wasOpen.current;
    wasOpen.current = open;
    if (open) {
      setRendered(true);
      setClosing(false);
      return;
    }
    if (!opened) return;
    setClosing(true);
    const timer = setTimeout(() => {
      setClosing(false);
      if (destroyOnClose) setRendered(false);
    }, animationMs);
    return () => clearTimeout(timer);
  }, [open, destroyOnClose, animationMs]);

  return { rendered, closing };
}

/**
 * The dialog behaviour of an open popup: focus moves into the panel, Escape closes it, the page
 * behind does not scroll, and on closing focus returns to where it was. The returned handler, on the
 * panel's keydown, keeps Tab inside.
 */
export function useModalFocus(
  open: boolean,
  panelRef: RefObject<HTMLDivElement | null>,
  onClose: () => void,
) {
  // The listener below lives as long as the popup is open; it calls the latest onClose from here.
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    if (!open) return;
    const returnFocus = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    panelRef.current?.focus({ preventScroll: true });
    const unlock = lockScroll();
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') onCloseRef.current();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      unlock();
      if (returnFocus?.isConnected) returnFocus.focus({ preventScroll: true });
    };
  }, [open, panelRef]);

  return (event: KeyboardEvent<HTMLDivElement>) => {
    const panel = panelRef.current;
    if (event.key !== 'Tab' || !panel) return;
    const focusable = [...panel.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    const active = document.activeElement;
    const move = tabWrap(
      {
        count: focusable.length,
        atFirst: active === first,
        atLast: active === last,
        onPanel: active === panel,
      },
      event.shiftKey,
    );
    if (move === 'none') return;
    event.preventDefault();
    if (move === 'first') first?.focus();
    else if (move === 'last') last?.focus();
  };
}
