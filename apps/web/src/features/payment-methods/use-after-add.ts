import { useNavigate, useSearchParams } from 'react-router';
import { useGoBack } from '../../lib/use-go-back.ts';
import { addMethodParams, type AddMethodParams } from './method-logic.ts';

/**
 * Where an add form leads: what its link asked for (`addMethodParams`), back (to the previous screen,
 * or to `fallback` when opened directly) when the user leaves, and once saved either to the link's
 * `returnTo` (replacing the form in the history, so "back" from there does not reopen it) or back.
 */
export function useAfterAdd(fallback: string): {
  params: AddMethodParams;
  goBack(): void;
  afterAdd(): void;
} {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const goBack = useGoBack(fallback);
  const params = addMethodParams(search);
  const afterAdd = () => {
    if (params.returnTo === null) goBack();
    else void navigate(params.returnTo, { replace: true });
  };
  return { params, goBack, afterAdd };
}
