import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  changePercentText,
  compareDecimal,
  ensureSelectedVc,
  RANKING_SIZE,
  risingList,
  selectVc,
  turnoverList,
  type RankableTicker,
} from '../../src/index.ts';

const ticker = (vcId: number, type: number, changePercent: number, turnover = '0'): RankableTicker => ({
  vcId,
  type,
  changePercent,
  turnover,
});

describe('risingList', () => {
  it('takes five coins of the type by change percent descending, ties by id', () => {
    const tickers = [
      ticker(1, 1, 2.5),
      ticker(2, 1, -1),
      ticker(3, 2, 50),
      ticker(4, 1, 7),
      ticker(5, 1, 2.5),
      ticker(6, 1, 0),
      ticker(7, 1, 12.25),
      ticker(8, 1, -30),
      ticker(9, 2, 1),
    ];
    expect(risingList(tickers, 1).map((t) => t.vcId)).toEqual([7, 4, 1, 5, 6]);
    expect(risingList(tickers, 2).map((t) => t.vcId)).toEqual([3, 9]);
    expect(risingList(tickers, 3)).toEqual([]);
    expect(RANKING_SIZE).toBe(5);
  });

  it('does not reorder its input and ranks a missing change (NaN) last', () => {
    const tickers = [ticker(5, 1, NaN), ticker(2, 1, -3), ticker(9, 1, NaN), ticker(1, 1, 4)];
    const before = [...tickers];
    expect(risingList(tickers, 1).map((t) => t.vcId)).toEqual([1, 2, 5, 9]);
    expect(tickers).toEqual(before);
  });

  it('is sorted, at most five long, and independent of the input order', () => {
    const tickersArb = fc.uniqueArray(
      fc.record({
        vcId: fc.integer({ min: 1, max: 1000 }),
        type: fc.integer({ min: 1, max: 3 }),
        changePercent: fc.oneof(
          fc.double({ min: -100, max: 1000, noNaN: true }),
          fc.constantFrom(0, 1.5, -2),
        ),
        turnover: fc.constant('0'),
      }),
      { selector: (t) => t.vcId, maxLength: 40 },
    );
    fc.assert(
      fc.property(tickersArb, fc.integer({ min: 1, max: 3 }), (tickers, type) => {
        const list = risingList(tickers, type);
        const all = tickers.filter((t) => t.type === type);
        expect(list).toHaveLength(Math.min(5, all.length));
        for (let i = 1; i < list.length; i++) {
          const [a, b] = [list[i - 1]!, list[i]!];
          expect(
            a.changePercent > b.changePercent || (a.changePercent === b.changePercent && a.vcId < b.vcId),
          ).toBe(true);
        }
        expect(risingList([...tickers].reverse(), type)).toEqual(list);
        // Nothing left out beats the last one taken.
        const lastTaken = list[list.length - 1];
        if (lastTaken) {
          for (const t of all.filter((x) => !list.includes(x))) {
            expect(t.changePercent <= lastTaken.changePercent).toBe(true);
          }
        }
      }),
    );
  });
});

describe('turnoverList and compareDecimal', () => {
  it('compares decimal strings exactly', () => {
    expect(compareDecimal('100.5', '99.99')).toBeGreaterThan(0);
    expect(compareDecimal('1000', '999.999999')).toBeGreaterThan(0);
    expect(compareDecimal('0.1', '0.09')).toBeGreaterThan(0);
    expect(compareDecimal('1.50', '1.5')).toBe(0);
    expect(compareDecimal('007', '7.000')).toBe(0);
    expect(compareDecimal('0', '0.000001')).toBeLessThan(0);
    expect(compareDecimal('.5', '0.4')).toBeGreaterThan(0);
    // Beyond float precision: these are equal as doubles but not as decimals.
    expect(compareDecimal('9007199254740993', '9007199254740992')).toBeGreaterThan(0);
    expect(compareDecimal('0.30000000000000001', '0.3')).toBeGreaterThan(0);
  });

  it('agrees with bigint comparison of the same amounts', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 30n }),
        fc.bigInt({ min: 0n, max: 10n ** 30n }),
        (a, b) => {
          const text = (minor: bigint, scale: number) => {
            const digits = minor.toString().padStart(scale + 1, '0');
            return `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
          };
          // Different scales for the two sides: '12.340000' against '12.34'.
          const expected = a === b ? 0 : a < b ? -1 : 1;
          expect(Math.sign(compareDecimal(text(a * 10_000n, 10), text(b, 6)))).toBe(expected);
        },
      ),
    );
  });

  it('takes five coins of the type by turnover descending, ties by id', () => {
    const tickers = [
      ticker(1, 1, 0, '99.99'),
      ticker(2, 1, 0, '100.5'),
      ticker(3, 1, 0, '999.999999'),
      ticker(4, 1, 0, '1000'),
      ticker(5, 2, 0, '5000000'),
      ticker(6, 1, 0, '100.50'),
      ticker(7, 1, 0, '0'),
      ticker(8, 1, 0, '12'),
    ];
    expect(turnoverList(tickers, 1).map((t) => t.vcId)).toEqual([4, 3, 2, 6, 1]);
    expect(turnoverList(tickers, 2).map((t) => t.vcId)).toEqual([5]);
    expect(turnoverList(tickers, 1, 2).map((t) => t.vcId)).toEqual([4, 3]);
  });
});

describe('selectVc', () => {
  it.each([
    '',
    '   ',
    null,
    undefined,
    0,
    -1,
    'abc',
    1.5,
    '1.5',
    NaN,
    Infinity,
    '0x10',
    '1e3',
    '-3',
    '0',
    2 ** 53,
  ])('refuses %j', (value) => {
    expect(selectVc(value)).toEqual({ ok: false, error: 'noSuchVcId' });
  });

  it.each([
    [3, 3],
    ['3', 3],
    [' 12 ', 12],
    ['007', 7],
  ])('accepts %j as %i', (value, id) => {
    expect(selectVc(value)).toEqual({ ok: true, vcId: id });
  });
});

describe('ensureSelectedVc', () => {
  it('keeps a configured selection', () => {
    expect(ensureSelectedVc(7, [3, 7, 9])).toBe(7);
  });

  it('picks the first configured coin when none is selected or the selection is unknown', () => {
    expect(ensureSelectedVc(null, [3, 7, 9])).toBe(3);
    expect(ensureSelectedVc(42, [3, 7, 9])).toBe(3);
  });

  it('gives null without a configuration', () => {
    expect(ensureSelectedVc(null, [])).toBeNull();
    expect(ensureSelectedVc(7, [])).toBeNull();
  });
});

describe('changePercentText', () => {
  it.each([
    [1.25, '+1.25%'],
    [-0.5, '-0.50%'],
    [12, '+12.00%'],
    [0.125, '+0.13%'],
    [-100, '-100.00%'],
    [0, '0%'],
    [-0, '0%'],
    [null, '0%'],
    [undefined, '0%'],
    [NaN, '0%'],
    [Infinity, '0%'],
  ])('shows %j as %s', (value, text) => {
    expect(changePercentText(value)).toBe(text);
  });
});
