import { Button, Typography } from 'antd';

/** The part of an infinite query the footer of a list reads. */
export interface PagedQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * The end of a list read page by page: a button for the next page while there is one, then a line
 * saying the list is complete (nothing at all under an empty list).
 */
export function LoadMore({
  query,
  rowCount,
  moreText,
  endText,
}: {
  query: PagedQuery;
  rowCount: number;
  moreText: string;
  endText: string;
}) {
  if (query.hasNextPage) {
    return (
      <Button onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage}>
        {moreText}
      </Button>
    );
  }
  return rowCount > 0 ? <Typography.Text type="secondary">{endText}</Typography.Text> : null;
}
