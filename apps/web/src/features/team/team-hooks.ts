import { useEffect, useState } from 'react';

/**
 * `value` once it has stopped changing for `delayMs`, so a search asks the server once per pause in
 * typing rather than once per key.
 */
export function useDebouncedValue<Value>(value: Value, delayMs: number): Value {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/**
 * A row chosen for a sheet. It stays after the sheet closes, so the sheet slides away with its
 * content instead of emptying first.
 */
export function useChosen<Item>() {
  const [item, setItem] = useState<Item | null>(null);
  const [open, setOpen] = useState(false);
  return {
    item,
    open,
    choose: (chosen: Item) => {
      setItem(chosen);
      setOpen(true);
    },
    close: () => setOpen(false),
  };
}
