import { useRef, type CSSProperties, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { popupClassName, type PopupPosition } from './popup-logic.ts';
import { useModalFocus, usePopupPresence } from './use-popup.ts';
import './popup.css';

/** The opening and closing slide; a closed popup leaves the page once it has finished. */
export const POPUP_ANIMATION_MS = 250;

export type { PopupPosition };

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
  const panelRef = useRef<HTMLDivElement>(null);
  const { rendered, closing } = usePopupPresence(open, destroyOnClose, POPUP_ANIMATION_MS);
  const keepFocusInside = useModalFocus(open, panelRef, onClose);

  if (!open && !rendered) return null;
  return createPortal(
    <div
      className={popupClassName(position, open, closing)}
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
