import { describe, expect, it } from 'vitest';
import { popupClassName, tabWrap } from '../../src/components/popup-logic.ts';

describe('popup classes', () => {
  it('names the position, with no state while open', () => {
    expect(popupClassName('bottom', true, false)).toBe('popup popup--bottom');
    expect(popupClassName('center', true, true)).toBe('popup popup--center');
  });

  it('plays the closing slide, then keeps the content hidden', () => {
    expect(popupClassName('right', false, true)).toBe('popup popup--right popup--closing');
    expect(popupClassName('right', false, false)).toBe('popup popup--right popup--hidden');
  });
});

describe('Tab inside a popup', () => {
  const at = (where: Partial<{ atFirst: boolean; atLast: boolean; onPanel: boolean }>, count = 3) => ({
    count,
    atFirst: false,
    atLast: false,
    onPanel: false,
    ...where,
  });

  it('keeps focus where it is when nothing in the panel can take it', () => {
    expect(tabWrap(at({ onPanel: true }, 0), false)).toBe('hold');
    expect(tabWrap(at({ onPanel: true }, 0), true)).toBe('hold');
  });

  it('wraps from the last element to the first, and back from the first (or the panel) to the last', () => {
    expect(tabWrap(at({ atLast: true }), false)).toBe('first');
    expect(tabWrap(at({ atFirst: true }), true)).toBe('last');
    expect(tabWrap(at({ onPanel: true }), true)).toBe('last');
  });

  it('lets the browser move focus everywhere in between', () => {
    expect(tabWrap(at({}), false)).toBe('none');
    expect(tabWrap(at({}), true)).toBe('none');
    expect(tabWrap(at({ atFirst: true }), false)).toBe('none');
    expect(tabWrap(at({ onPanel: true }), false)).toBe('none');
  });
});
