import { EmptyState } from './empty-state.tsx';
import { NextPageTrigger } from './next-page-trigger.tsx';
import { Spinner } from './spinner.tsx';
import './list-footer.css';

/** What an infinite query gives the end of its list. */
export interface NextPages {
  data?: { pages: unknown[] } | undefined;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage(): Promise<unknown>;
}

/**
 * Below an infinitely scrolled list: a retry when the next page failed, the trigger that reads the
 * next page as it comes into view (with a spinner while it loads), or "no more data".
 */
export function ListFooter({ query, testId }: { query: NextPages; testId: string }) {
  const pages = query.data?.pages.length ?? 0;
  if (query.isFetchNextPageError) {
    return <EmptyState kind="loadFailed" onRetry={() => void query.fetchNextPage()} />;
  }
  if (!query.hasNextPage) return <EmptyState kind="noMoreData" />;
  return (
    <>
      <NextPageTrigger
        testId={testId}
        // Re-created for every page, so a page too short to fill the screen is followed by the next.
        key={pages}
        onVisible={() => {
          if (!query.isFetchingNextPage) void query.fetchNextPage();
        }}
      />
      <div className="list-footer__loading">{query.isFetchingNextPage ? <Spinner size="sm" /> : null}</div>
    </>
  );
}
