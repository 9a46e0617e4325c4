import { describe, expect, it } from 'vitest';
import { futuresCoinToSelect, QUICK_MENUS } from '../../../src/features/home/quick-menu-logic.ts';

describe('futures quick menu', () => {
  it('keeps a selected coin that is configured', () => {
    expect(futuresCoinToSelect(2, [1, 2, 3])).toBeNull();
  });

  it('selects the first configured pair when nothing, or an unconfigured coin, is selected', () => {
    expect(futuresCoinToSelect(null, [4, 2])).toBe(4);
    expect(futuresCoinToSelect(9, [4, 2])).toBe(4);
  });

  it('changes nothing while no pair is configured', () => {
    expect(futuresCoinToSelect(null, [])).toBeNull();
    expect(futuresCoinToSelect(7, [])).toBeNull();
  });
});

describe('quick menus', () => {
  it('lead to futures and finance while the help screen is not built', () => {
    expect(QUICK_MENUS.map((menu) => [menu.path, menu.testId])).toEqual([
      ['/trade', 'menu-futures'],
      ['/finance', 'menu-finance'],
    ]);
  });
});
