import fs from 'node:fs';
import path from 'node:path';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { COIN_BADGES, coinBadge } from '../../src/components/coin-badges-logic.ts';
import { CoinIcon } from '../../src/components/coin-icon.tsx';

const ICON_DIR = path.resolve(import.meta.dirname, '../../public/coins');

/** The drawing in one of the icon files the coins' `icon` field points at. */
function drawingInFile(file: string) {
  const svg = fs.readFileSync(path.join(ICON_DIR, file), 'utf8');
  const [from, to] = [...svg.matchAll(/stop-color="([^"]+)"/g)].map((match) => match[1]);
  return {
    from,
    to,
    label: svg.match(/>([^<]+)<\/text>/)?.[1],
    labelSize: Number(svg.match(/font-size="([^"]+)"/)?.[1]),
  };
}

describe('coin icons', () => {
  it('draws every icon file the seeded coins point at, and nothing else', () => {
    const files = fs.readdirSync(ICON_DIR).filter((file) => file.endsWith('.svg'));
    expect(files.map((file) => file.slice(0, -4).toUpperCase()).sort()).toEqual(
      Object.keys(COIN_BADGES).sort(),
    );
    for (const file of files)
      expect(COIN_BADGES[file.slice(0, -4).toUpperCase()], file).toEqual(drawingInFile(file));
  });

  it('draws a known coin from its table entry, whatever the pair suffix', () => {
    const { container } = render(<CoinIcon symbol="BTC/USDT" size="lg" />);
    const icon = container.querySelector('.coin-icon') as HTMLElement;
    expect(icon.textContent).toBe('B');
    expect(icon.className).toBe('coin-icon coin-icon--lg');
    expect(icon.style.getPropertyValue('--coin-from')).toBe('#f7931a');
    expect(icon.style.getPropertyValue('--coin-label')).toBe(String(30 / 64));
    expect(icon.getAttribute('aria-hidden')).toBe('true');
    expect(container.querySelector('img')).toBeNull();
  });

  it('gives an unknown coin a plain badge with its first letter in a colour of its own', () => {
    const { getByTestId } = render(<CoinIcon symbol="PEPE" />);
    expect(getByTestId('coin-icon-fallback').textContent).toBe('P');
    expect(coinBadge('PEPE')).toEqual(coinBadge('PEPE'));
    expect(coinBadge('PEPE').from).not.toBe(coinBadge('WIF').from);
    expect(coinBadge('').label).toBe('?');
  });
});
