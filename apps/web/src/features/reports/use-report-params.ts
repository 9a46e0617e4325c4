import { useSearchParams } from 'react-router';
import { rangeFromSearch, reportSearch, type DayRange } from './reports-logic.ts';

/**
 * A report screen's choices, kept in its address (`?from=…&to=…&currency=…`): the range and the
 * currency survive going back, a reload and the "By day" link. Changes replace the history entry,
 * so the back control leaves the report instead of stepping through every range tried.
 */
export function useReportParams() {
  const [search, setSearch] = useSearchParams();
  const range = rangeFromSearch(search, new Date());
  const currency = search.get('currency');
  const write = (nextRange: DayRange, nextCurrency: string | null) =>
    setSearch(new URLSearchParams(reportSearch(nextRange, nextCurrency)), { replace: true });
  return {
    range,
    currency,
    chooseRange: (next: DayRange) => write(next, currency),
    chooseCurrency: (next: string) => write(range, next),
  };
}
