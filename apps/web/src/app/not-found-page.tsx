import { Button } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { EmptyState } from '../components/empty-state.tsx';
import { useT } from '../lib/i18n.ts';

export function NotFoundPage() {
  const t = useT();
  const navigate = useNavigate();
  return (
    <div style={{ padding: '2rem 1rem', textAlign: 'center' }}>
      <EmptyState kind="noData" message={t('empty.notFound')} />
      <Button color="primary" onClick={() => void navigate('/home', { replace: true })}>
        {t('empty.goHome')}
      </Button>
    </div>
  );
}
