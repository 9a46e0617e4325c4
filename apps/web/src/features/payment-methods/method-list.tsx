import type { ReactNode } from 'react';
import { Button } from 'antd-mobile';
import { AddOutline, MessageOutline } from 'antd-mobile-icons';
import type { UseQueryResult } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { EmptyState } from '../../components/empty-state.tsx';
import { openCustomerService } from '../../components/global/customer-service.tsx';
import { PageSkeleton } from '../../components/skeleton.tsx';
import { useT } from '../../lib/i18n.ts';
import './payment-methods.css';

/**
 * The common shape of /receive-ways, /wallet-address and /zsk-account: a note that changes go
 * through customer service (users cannot change or delete what they added), the list with its
 * loading, empty and error states, and the button that adds one more.
 */
export function MethodList<T extends { id: number }>(props: {
  query: UseQueryResult<T[]>;
  emptyText: string;
  addLabel: string;
  addPath: string;
  renderItem(item: T): ReactNode;
  testId: string;
}) {
  const t = useT();
  const navigate = useNavigate();
  const { query } = props;
  let body: ReactNode;
  if (query.isPending) {
    body = <PageSkeleton rows={2} card={false} />;
  } else if (query.isError) {
    body = <EmptyState kind="loadFailed" onRetry={() => void query.refetch()} />;
  } else if (query.data.length === 0) {
    body = <EmptyState kind="noData" message={props.emptyText} />;
  } else {
    body = (
      <ul className="methods__list">
        {query.data.map((item) => (
          <li key={item.id}>{props.renderItem(item)}</li>
        ))}
      </ul>
    );
  }
  return (
    <div className="methods" data-testid={props.testId}>
      <div className="methods__support">
        <p>{t('payment.supportHint')}</p>
        <button
          type="button"
          className="methods__support-link"
          onClick={() => openCustomerService()}
          data-testid="methods-contact-support"
        >
          <MessageOutline aria-hidden /> {t('payment.contactSupport')}
        </button>
      </div>
      {body}
      <div className="methods__footer">
        <Button
          block
          color="primary"
          size="large"
          className="primary-button"
          onClick={() => void navigate(props.addPath)}
          data-testid="methods-add"
        >
          <AddOutline aria-hidden /> {props.addLabel}
        </Button>
      </div>
    </div>
  );
}
