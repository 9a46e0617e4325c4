import type { ReactNode } from 'react';
import type { MessageKey } from '@vela/i18n';
import { useT } from '../../lib/i18n.ts';

/** Marks a placeholder's place in a translated text; the invisible separator never occurs in a catalogue. */
const MARK = '\u2063';

/**
 * A translated sentence with figures in it ("Available: 1,250.50 USDT", "Min 10, Max 100,000"):
 * each figure goes in its own `<bdi class="num">` wherever the language puts its placeholder, so it
 * keeps tabular, left-to-right digits inside Arabic text instead of being reordered by it. Figures
 * separated only by spaces ("{{amount}} {{symbol}}") are one figure: an amount and its currency
 * stay in that order.
 */
export function FigureText({ k, figures }: { k: MessageKey; figures: Record<string, ReactNode> }) {
  const t = useT();
  const names = Object.keys(figures);
  const marked = t(k, Object.fromEntries(names.map((name, i) => [name, `${MARK}${i}${MARK}`])));
  // Even parts are text, odd parts the indexes between two marks.
  const parts = marked.split(MARK);
  const out: ReactNode[] = [];
  let figure: ReactNode[] | null = null;
  const close = () => {
    if (figure) {
      out.push(
        <bdi key={out.length} className="num">
          {figure}
        </bdi>,
      );
    }
    figure = null;
  };
  parts.forEach((part, i) => {
    if (i % 2 === 1) {
      const name = names[Number(part)];
      if (name === undefined) return;
      figure ??= [];
      figure.push(<span key={i}>{figures[name]}</span>);
      return;
    }
    const joinsFigures = figure !== null && /^\s+$/.test(part) && i + 1 < parts.length;
    if (joinsFigures) {
      figure?.push(part);
      return;
    }
    close();
    if (part) out.push(part);
  });
  close();
  return <>{out}</>;
}

/** An amount with its currency, isolated as one left-to-right figure. */
export function Money({ amount, currency, testId }: { amount: string; currency: string; testId?: string }) {
  return (
    <bdi className="num" data-testid={testId}>
      {amount} {currency}
    </bdi>
  );
}
