import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { create } from 'zustand';
import {
  CHART_MAIN_INDICATORS,
  CHART_SUB_INDICATORS,
  type ChartSettings,
  type KlineInterval,
} from '@vela/contract';
import { routes } from '@vela/contract/routes';
import { call, errorMessage } from '../../lib/api-client.ts';
import { toastError } from '../../lib/feedback.tsx';
import { isSignedIn, useSession } from '../../stores/session-store.ts';
import { marketKeys } from '../../system/market-queries.ts';

const { market } = routes;

/**
 * The chart's interval and indicators ("indicator settings" of spec point 2). A user's choice is
 * saved on the server, so it is the same on every device; a visitor's lasts for the visit.
 */
export const DEFAULT_CHART_SETTINGS: ChartSettings = { interval: '15m', main: ['MA'], sub: ['VOL'] };

export type MainIndicator = (typeof CHART_MAIN_INDICATORS)[number];
export type SubIndicator = (typeof CHART_SUB_INDICATORS)[number];

/** Turns one indicator on or off, keeping the catalogue's order (so saved lists compare equal). */
export function toggleIndicator(
  settings: ChartSettings,
  group: 'main' | 'sub',
  name: MainIndicator | SubIndicator,
): ChartSettings {
  if (group === 'main') {
    const on = new Set<string>(settings.main);
    if (on.has(name)) on.delete(name);
    else on.add(name);
    return { ...settings, main: CHART_MAIN_INDICATORS.filter((n) => on.has(n)) };
  }
  const on = new Set<string>(settings.sub);
  if (on.has(name)) on.delete(name);
  else on.add(name);
  return { ...settings, sub: CHART_SUB_INDICATORS.filter((n) => on.has(n)) };
}

export function withInterval(settings: ChartSettings, interval: KlineInterval): ChartSettings {
  return { ...settings, interval };
}

/** A visitor's settings: kept in memory for the visit (moving between tabs keeps them). */
export const useVisitorChartSettings = create<{
  settings: ChartSettings;
  set(settings: ChartSettings): void;
}>()((set) => ({ settings: DEFAULT_CHART_SETTINGS, set: (settings) => set({ settings }) }));

export interface ChartSettingsState {
  settings: ChartSettings;
  /** False until a user's saved settings have loaded (the chart waits, rather than jump). */
  ready: boolean;
  scope: 'account' | 'visit';
  update(next: ChartSettings): void;
}

export function useChartSettings(): ChartSettingsState {
  const client = useQueryClient();
  const token = useSession((s) => s.token);
  const signedIn = useSession(isSignedIn);
  const visitor = useVisitorChartSettings();
  const key = marketKeys.chartSettings(token);
  const saved = useQuery({
    queryKey: key,
    queryFn: () => call(market.chartSettingsGet, {}),
    enabled: signedIn,
    staleTime: Infinity,
  });
  const save = useMutation({
    mutationFn: (next: ChartSettings) => call(market.chartSettingsSave, next),
    onMutate: (next) => {
      const previous = client.getQueryData<ChartSettings>(key);
      client.setQueryData(key, next);
      return { previous };
    },
    onError: (error, _next, context) => {
      if (context?.previous) client.setQueryData(key, context.previous);
      toastError(errorMessage(error));
    },
    onSuccess: (settings) => client.setQueryData(key, settings),
  });

  if (!signedIn) {
    return { settings: visitor.settings, ready: true, scope: 'visit', update: visitor.set };
  }
  return {
    // A failed load shows the defaults; the next change saves over them.
    settings: saved.data ?? DEFAULT_CHART_SETTINGS,
    ready: !saved.isPending,
    scope: 'account',
    update: (next) => save.mutate(next),
  };
}
