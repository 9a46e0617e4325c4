/** The popup's decisions, kept out of the DOM so they are tested as plain functions. */

export type PopupPosition = 'bottom' | 'right' | 'center';

/**
 * The classes of the popup's layer: its position, and while not open whether the closing slide is
 * playing or the content is kept hidden.
 */
export function popupClassName(position: PopupPosition, open: boolean, closing: boolean): string {
  const state = open ? '' : closing ? ' popup--closing' : ' popup--hidden';
  return `popup popup--${position}${state}`;
}

/** Where focus is, relative to the panel's focusable elements, when Tab is pressed. */
export interface TabFocus {
  /** How many focusable elements the panel holds. */
  count: number;
  atFirst: boolean;
  atLast: boolean;
  /** Focus is on the panel itself, as right after opening. */
  onPanel: boolean;
}

/**
 * What Tab does so focus never leaves an open popup: `hold` keeps it where it is (nothing to move
 * to), `first` and `last` wrap round from one end to the other, `none` lets the browser move it.
 */
export function tabWrap(focus: TabFocus, shift: boolean): 'none' | 'hold' | 'first' | 'last' {
  if (focus.count === 0) return 'hold';
  if (shift && (focus.atFirst || focus.onPanel)) return 'last';
  if (!shift && focus.atLast) return 'first';
  return 'none';
}
