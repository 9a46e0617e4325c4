import { useEffect, useState } from 'react';

/**
 * The current time, moving every `intervalMs` while the screen is shown, for countdowns and for
 * what depends on an instant having passed (an order can no longer be redeemed after its end).
 */
export function useNow(intervalMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
