import { useNavigate } from 'react-router';

/**
 * "Back" within the app: to the previous screen when there is one in this tab's history, otherwise
 * (a link opened directly) to `fallback`, so the user never leaves the site by pressing back.
 */
export function useGoBack(fallback: string): () => void {
  const navigate = useNavigate();
  return () => {
    const state = window.history.state as { idx?: unknown } | null;
    if (state && typeof state.idx === 'number' && state.idx > 0) void navigate(-1);
    else void navigate(fallback, { replace: true });
  };
}
