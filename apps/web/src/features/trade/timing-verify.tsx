import { Button } from 'antd-mobile';
import type { TimingOrder } from '@vela/contract';
import type { MessageKey } from '@vela/i18n';
import { useT } from '../../lib/i18n.ts';
import { shownPrice } from './timing-logic.ts';
import { formatClock, formatDate } from '../../lib/date-time.ts';
import { useTicks } from './trade-api.ts';
import { tickWindow, verifyRows, type VerifyRow } from './timing-verify-logic.ts';

/**
 * The receipt's "verify" view: the public per-second ticks of the coin around the order's acceptance
 * and around its expiry, read from the same endpoint anyone can call (`/vc/market/ticks`), with the
 * instant marked and the tick the order opened or settled at highlighted. It shows the rules of
 * docs/product.md ("Timed orders") at work: the open tick is the first after the acceptance, the
 * settlement tick the first at or after the expiry.
 */
export function OrderVerify({ order, onBack }: { order: TimingOrder; onBack(): void }) {
  const t = useT();
  return (
    <div className="timing-verify" data-testid="timing-verify">
      <p className="sheet__hint">{t('timing.verify.hint', { symbol: order.symbol })}</p>
      <TickSection
        testId="verify-open"
        title="timing.verify.openSection"
        vcId={order.vcId}
        instant={order.createdAt}
        rule="after"
        chosenId={order.openTickId}
        mark="timing.verify.accepted"
        chosenLabel="timing.verify.opensHere"
      />
      {order.expiresAt !== null ? (
        <TickSection
          testId="verify-settle"
          title="timing.verify.settleSection"
          vcId={order.vcId}
          instant={order.expiresAt}
          rule="atOrAfter"
          chosenId={order.settleTickId}
          mark="timing.verify.expiry"
          chosenLabel="timing.verify.settlesHere"
        />
      ) : null}
      <Button block onClick={onBack} data-testid="timing-verify-back">
        {t('common.back')}
      </Button>
    </div>
  );
}

interface SectionProps {
  testId: string;
  title: MessageKey;
  vcId: number;
  instant: number;
  rule: 'after' | 'atOrAfter';
  chosenId: number | null;
  mark: MessageKey;
  chosenLabel: MessageKey;
}

/** One instant with the ticks around it; a window that has ended never changes, so it is kept. */
function TickSection({ testId, title, vcId, instant, rule, chosenId, mark, chosenLabel }: SectionProps) {
  const t = useT();
  const window = tickWindow(instant);
  const ticks = useTicks(vcId, window);
  const rows = ticks.data ? verifyRows(ticks.data.ticks, instant, rule, chosenId) : null;
  return (
    <section className="timing-verify__section" data-testid={testId}>
      <h3 className="timing-verify__title">
        {t(title)} <bdi className="num muted">{formatDate(instant)}</bdi>
      </h3>
      <div className="timing-verify__head" aria-hidden>
        <span>{t('timing.verify.time')}</span>
        <span>{t('timing.verify.tick')}</span>
        <span>{t('timing.verify.price')}</span>
      </div>
      {rows === null ? (
        <div className="timing-verify__loading" aria-busy>
          {[60, 80, 70].map((width) => (
            <span key={width} className="skeleton-line" style={{ width: `${width}%` }} />
          ))}
        </div>
      ) : (
        <ol className="timing-verify__rows">
          {rows.map((row) => (
            <VerifyLine
              key={row.kind === 'mark' ? 'mark' : row.tick.id}
              row={row}
              mark={t(mark)}
              chosen={t(chosenLabel)}
            />
          ))}
        </ol>
      )}
      {rows !== null && rows.length === 1 ? <p className="sheet__hint">{t('timing.verify.gone')}</p> : null}
      {rows !== null && chosenId === null ? (
        <p className="sheet__hint">{t('timing.verify.pending')}</p>
      ) : null}
    </section>
  );
}

function VerifyLine({ row, mark, chosen }: { row: VerifyRow; mark: string; chosen: string }) {
  if (row.kind === 'mark') {
    return (
      <li className="timing-verify__mark" data-testid="verify-mark">
        <bdi className="num">{formatClock(row.timeMs, { millis: true })}</bdi>
        <span>{mark}</span>
      </li>
    );
  }
  const { tick } = row;
  return (
    <li
      className={row.chosen ? 'timing-verify__tick timing-verify__tick--chosen' : 'timing-verify__tick'}
      data-testid="verify-tick"
      data-tick-id={tick.id}
      aria-current={row.chosen ? 'true' : undefined}
      title={row.chosen ? chosen : undefined}
    >
      <bdi className="num">{formatClock(tick.time)}</bdi>
      <bdi className="num">#{tick.id}</bdi>
      <bdi className="num">{shownPrice(tick.price)}</bdi>
    </li>
  );
}
