import { Button } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { EmptyState } from '../components/empty-state.tsx';
import { useT } from '../lib/i18n.ts';

/**
 * An address the app does not know. Rarely seen, so it is loaded only when needed: its antd-mobile
 * Button would otherwise bring the library's shared code into the first screen (decision 013).
 */
export default function NotFoundPage() {
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
