import type { Rebate } from '@vela/contract';
import { PullToRefresh } from '../../components/pull-to-refresh.tsx';
import { useT } from '../../lib/i18n.ts';
import { useRebates } from './team-api.ts';
import { useChosen } from './team-hooks.ts';
import { rowsOf } from './team-logic.ts';
import { RebateCard } from './rebate-card.tsx';
import { RebateSheet } from './rebate-sheet.tsx';
import { EmptyList, PagedList } from './team-parts.tsx';

/**
 * /rebates: the rebates paid or due to the user, newest first, scrolled page by page and refreshed
 * by a pull. Each says what it paid, which member's trade it came from and how it was figured; a tap
 * explains the computation in words and figures. It is open to every signed-in user rather than to
 * agents only: a former agent keeps the history of what was paid.
 */
export default function RebatesPage() {
  const t = useT();
  const query = useRebates();
  const chosen = useChosen<Rebate>();
  return (
    <div className="team" data-testid="rebates-page">
      <PullToRefresh onRefresh={() => query.refetch()}>
        <p className="team-intro" data-testid="rebates-intro">
          {t('team.rebate.intro')}
        </p>
        <PagedList
          query={query}
          items={rowsOf(query.data)}
          testId="rebates"
          empty={<EmptyList message={t('team.rebate.empty')} />}
          renderItem={(rebate) => <RebateCard rebate={rebate} onOpen={() => chosen.choose(rebate)} />}
        />
      </PullToRefresh>
      <RebateSheet rebate={chosen.item} open={chosen.open} onClose={chosen.close} />
    </div>
  );
}
