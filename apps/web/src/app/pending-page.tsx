import { EmptyState } from '../components/empty-state.tsx';

/** A route whose screen is not built yet shows an honest empty state instead of a broken page. */
export default function PendingPage() {
  return <EmptyState kind="pageNotReady" />;
}
