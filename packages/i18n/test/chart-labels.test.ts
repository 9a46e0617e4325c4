import { describe, expect, it } from 'vitest';
import { CHART_LABELS } from '../src/chart-labels.ts';
import { LOCALE_CODES } from '../src/index.ts';

const KEYS = Object.keys(CHART_LABELS.en).sort();
/** The tooltip titles: the chart draws them straight before the value, so each ends with a separator. */
const TITLES = ['time', 'open', 'high', 'low', 'close', 'volume', 'change', 'turnover'] as const;

describe('chart labels', () => {
  it.each(LOCALE_CODES)('%s has every label, none empty', (code) => {
    const labels = CHART_LABELS[code];
    expect(Object.keys(labels).sort()).toEqual(KEYS);
    for (const [key, text] of Object.entries(labels)) expect(text.trim(), `${code} ${key}`).not.toBe('');
  });

  it.each(LOCALE_CODES)('%s ends every tooltip title with a separator', (code) => {
    for (const key of TITLES) expect(CHART_LABELS[code][key], `${code} ${key}`).toMatch(/(:\u200f? |：)$/);
  });

  it('keep an Arabic colon on the left of its word in the left-to-right chart', () => {
    for (const key of TITLES) expect(CHART_LABELS.ar[key], key).toMatch(/:\u200f $/);
  });

  it('are translated, not copies of English', () => {
    for (const code of LOCALE_CODES.filter((c) => c !== 'en')) {
      const labels = CHART_LABELS[code];
      // "Volume" is the same word in several languages; the time and opening price never are.
      expect(labels.time, code).not.toBe(CHART_LABELS.en.time);
      expect(labels.open, code).not.toBe(CHART_LABELS.en.open);
    }
  });
});
