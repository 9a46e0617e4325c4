import { useId } from 'react';
import { Button } from 'antd-mobile';
import type { MessageKey } from '@vela/i18n';
import { Popup } from '../../components/popup.tsx';
import { useT } from '../../lib/i18n.ts';
import { rateComparisons, type AddUserCaps, type AddUserValues, type RateField } from './add-user-logic.ts';
import { Percent } from './agent-parts.tsx';
import './agent.css';

const RATE_NAME: Record<RateField, MessageKey> = {
  timingPercent: 'agent.timingShort',
  contractPercent: 'agent.contractShort',
};

/** Short names of the test ids: `confirm-timing-member`, `confirm-contract-kept` and so on. */
const RATE_TEST_ID: Record<RateField, string> = { timingPercent: 'timing', contractPercent: 'contract' };

/** Each rebate beside the agent's own rate, and the difference the agent keeps on each trade. */
function RateTable({ values, caps }: { values: AddUserValues; caps: AddUserCaps }) {
  const t = useT();
  return (
    <table className="agent-rates">
      <thead>
        <tr>
          <th scope="col">{t('agent.rebate')}</th>
          <th scope="col">{t('agent.memberRate')}</th>
          <th scope="col">{t('agent.ownRate')}</th>
          <th scope="col">{t('agent.keptRate')}</th>
        </tr>
      </thead>
      <tbody>
        {rateComparisons(values, caps).map((row) => {
          const id = `confirm-${RATE_TEST_ID[row.field]}`;
          return (
            <tr key={row.field}>
              <th scope="row">{t(RATE_NAME[row.field])}</th>
              <td>
                <Percent value={row.memberPercent} testId={`${id}-member`} />
              </td>
              <td>
                <Percent value={row.ownPercent} testId={`${id}-own`} />
              </td>
              <td className="agent-rates__kept">
                <Percent value={row.keptPercent} testId={`${id}-kept`} />
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

export interface AddUserConfirmProps {
  open: boolean;
  values: AddUserValues;
  caps: AddUserCaps;
  busy: boolean;
  onConfirm(): void;
  onCancel(): void;
}

/**
 * The confirmation before a user is added: who (type and username) and their rebates beside the
 * agent's own, so the agent sees what they keep on every trade of the new user before committing.
 */
export function AddUserConfirm({ open, values, caps, busy, onConfirm, onCancel }: AddUserConfirmProps) {
  const t = useT();
  const titleId = useId();
  return (
    <Popup open={open} onClose={onCancel} labelledBy={titleId} testId="add-user-confirm">
      <div className="sheet agent-sheet">
        <div className="sheet__title" id={titleId}>
          {t('agent.confirmTitle')}
        </div>
        <dl className="agent-rows">
          <div className="agent-rows__row">
            <dt>{t('agent.userType')}</dt>
            <dd data-testid="confirm-user-type">
              {t(`dict.UserTypeEnum.${values.userType === '2' ? 2 : 1}`)}
            </dd>
          </div>
          <div className="agent-rows__row">
            <dt>{t('field.username')}</dt>
            <dd className="num" data-testid="confirm-username">
              {values.username.trim()}
            </dd>
          </div>
        </dl>
        <RateTable values={values} caps={caps} />
        <p className="sheet__hint">{t('agent.keepNote')}</p>
        <div className="agent-buttons">
          <Button block onClick={onCancel} data-testid="add-user-confirm-cancel">
            {t('common.cancel')}
          </Button>
          <Button
            block
            color="primary"
            className="agent-buttons__ok"
            loading={busy}
            onClick={onConfirm}
            data-testid="add-user-confirm-ok"
          >
            {t('common.confirm')}
          </Button>
        </div>
      </div>
    </Popup>
  );
}
