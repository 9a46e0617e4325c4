import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { usePreferences } from '../../stores/preferences-store.ts';
import { chooseCoin, configuredCoinIds, timingConfigQuery } from '../../system/market-api.ts';
import { futuresCoinToSelect } from './quick-menu-logic.ts';

/**
 * What a quick menu does when tapped: most open their page; the futures menu first makes sure a
 * configured trading pair is selected, so the trade page opens on a coin it can trade, and opens
 * it on its futures (spot) tab.
 */
export function useQuickMenu(): (path: string) => void {
  const navigate = useNavigate();
  const client = useQueryClient();

  const openFutures = async () => {
    try {
      const config = await client.fetchQuery(timingConfigQuery());
      const vcId = futuresCoinToSelect(usePreferences.getState().selectedCoinId, configuredCoinIds(config));
      if (vcId !== null) chooseCoin(vcId);
    } catch (error) {
      // The trade page loads the configuration itself and selects the pair there.
      console.warn('[home] trade configuration unavailable', error);
    }
    void navigate('/trade?tab=futures');
  };

  return (path) => {
    if (path === '/trade') void openFutures();
    else void navigate(path);
  };
}
