import { useCallback, useEffect, useRef, useState } from 'react';
import type { TimingOrder } from '@vela/contract';
import { RESULT_SHOWN_MS } from './timing-logic.ts';

/**
 * The orders that have just settled, each kept for `shownMs` after it is added: the open orders
 * show them as result cards for that moment, instead of letting them vanish at settlement.
 */
export function useSettledResults(shownMs = RESULT_SHOWN_MS) {
  const [results, setResults] = useState<TimingOrder[]>([]);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    const pending = timers.current;
    return () => {
      mounted.current = false;
      for (const timer of pending) clearTimeout(timer);
      pending.clear();
    };
  }, []);
  const add = useCallback(
    (order: TimingOrder) => {
      // The answer may come after the page was left; nothing is shown then.
      if (!mounted.current) return;
      setResults((list) => [order, ...list.filter((o) => o.id !== order.id)]);
      const timer = setTimeout(() => {
        timers.current.delete(timer);
        setResults((list) => list.filter((o) => o.id !== order.id));
      }, shownMs);
      timers.current.add(timer);
    },
    [shownMs],
  );
  return { results, add };
}
