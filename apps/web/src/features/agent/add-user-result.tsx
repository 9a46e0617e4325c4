import { useId } from 'react';
import { Button } from 'antd-mobile';
import { CheckCircleFill } from 'antd-mobile-icons';
import { CopyableText } from '../../components/copy-button.tsx';
import { useT } from '../../lib/i18n.ts';
import type { AddedUser } from './agent-api.ts';
import { Percent } from './agent-parts.tsx';
import { rateToPercent } from './rebate-percent.ts';
import './agent.css';

/**
 * The user just added, with the initial password they log in with. The password is shown here once:
 * it is kept nowhere else, and "Add another" or leaving the screen forgets it, so the agent is told
 * to copy it now and that the user must change it at first login.
 */
export function AddedUserCard({ user, onAddAnother }: { user: AddedUser; onAddAnother(): void }) {
  const t = useT();
  const titleId = useId();
  return (
    <div className="form-page" data-testid="add-user-result">
      <section className="agent-result" aria-labelledby={titleId}>
        <CheckCircleFill className="agent-result__icon" aria-hidden />
        <h2 className="agent-result__title" id={titleId}>
          {t('agent.addedTitle')}
        </h2>
        <dl className="agent-rows agent-result__rows">
          <div className="agent-rows__row">
            <dt>{t('agent.userType')}</dt>
            <dd data-testid="added-user-type">{t(`dict.UserTypeEnum.${user.userType}`)}</dd>
          </div>
          <div className="agent-rows__row">
            <dt>{t('field.username')}</dt>
            <dd>
              <CopyableText text={user.username} testId="added-username" />
            </dd>
          </div>
          <div className="agent-rows__row agent-rows__row--secret">
            <dt>{t('agent.initialPassword')}</dt>
            <dd>
              <CopyableText text={user.initialPassword} testId="added-password" />
            </dd>
          </div>
          <div className="agent-rows__row">
            <dt>{t('agent.timingRate')}</dt>
            <dd>
              <Percent value={rateToPercent(user.pointPercentTiming)} testId="added-timing" />
            </dd>
          </div>
          <div className="agent-rows__row">
            <dt>{t('agent.contractRate')}</dt>
            <dd>
              <Percent value={rateToPercent(user.pointPercentContract)} testId="added-contract" />
            </dd>
          </div>
        </dl>
        <p className="agent-result__warning" role="note" data-testid="added-password-note">
          {t('agent.passwordOnce')} {t('agent.mustChangeNote')}
        </p>
      </section>
      <Button
        block
        color="primary"
        size="large"
        className="primary-button"
        onClick={onAddAnother}
        data-testid="add-another"
      >
        {t('agent.addAnother')}
      </Button>
    </div>
  );
}
