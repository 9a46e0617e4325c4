import { useEffect, useRef, useState, type CSSProperties, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import './popup.css';

/** The opening and closing slide; a closed popup leaves the page once it has finished. */
export const POPUP_ANIMATION_MS = 250;

export type PopupPosition = 'bottom' | 'right' | 'center';

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

export interface PopupProps {
  open: boolean;
  onClose: () => void;
  /** A sheet from the bottom (the default), a full-height panel from the right, or a centred dialog. */
  position?: PopupPosition;
  /** The accessible name: the id of the popup's visible title, or else a label. */
  labelledBy?: string;
  label?: string;
  /** Whether a tap on the mask closes it; a notice that must be acknowledged says false. */
  closeOnMask?: boolean;
  /**
   * Whether closing removes the content from the page. By default it stays, hidden, once it has
   * been opened (as antd-mobile's Popup did), so state kept in the DOM survives until the next
   * opening; a popup embedding a page (an iframe) says true so that the page is unloaded.
   */
  destroyOnClose?: boolean;
  className?: string;
  testId?: string;
  children: ReactNode;
}

/**
 * A modal popup: a mask and a panel rendered into <body>, so no transformed or clipped ancestor can
 * move or cut it. It replaces antd-mobile's Popup and Dialog on the first screens, whose animation
 * and gesture libraries made up a fifth of the home screen's JavaScript; here CSS animates.
 *
 * While open it is a dialog in the accessibility sense: focus moves into it and Tab stays inside,
 * Escape closes it, the page behind does not scroll, and on closing focus returns to where it was.
 * Nothing is rendered before the first opening.
 */
export function Popup({
  open,
  onClose,
  position = 'bottom',
  labelledBy,
  label,
  closeOnMask = true,
  destroyOnClose = false,
  className,
  testId,
  children,
}: PopupProps) {
  // `rendered`: the content is in the page (open, closing or kept hidden); `closing`: the closing
  // slide is playing.
  const [rendered, setRendered] = useState(open);
  const [closing, setClosing] = useState(false);
  const wasOpen = useRef(open);
  const panelRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

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
    }, POPUP_ANIMATION_MS);
    return () => clearTimeout(timer);
  }, [open, destroyOnClose]);

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
  }, [open]);

  const keepFocusInside = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Tab' || !panelRef.current) return;
    const focusable = [...panelRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === panelRef.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };

  if (!open && !rendered) return null;
  const state = open ? '' : closing ? ' popup--closing' : ' popup--hidden';
  return createPortal(
    <div
      className={`popup popup--${position}${state}`}
      // Closing or closed, it is no longer a dialog for assistive technology or the keyboard.
      aria-hidden={open ? undefined : true}
      inert={!open}
      style={{ '--popup-ms': `${POPUP_ANIMATION_MS}ms` } as CSSProperties}
    >
      <div className="popup__mask" aria-hidden onClick={closeOnMask ? onClose : undefined} />
      <div
        ref={panelRef}
        className={`popup__panel${className ? ` ${className}` : ''}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={labelledBy}
        aria-label={labelledBy ? undefined : label}
        tabIndex={-1}
        onKeyDown={keepFocusInside}
        data-testid={testId}
      >
        {children}
      </div>
    </div>,
    document.body,
  );
}
