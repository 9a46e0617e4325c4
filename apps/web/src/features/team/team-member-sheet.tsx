import { useId } from 'react';
import { Link } from 'react-router';
import type { TeamMember } from '@vela/contract';
import { Popup } from '../../components/popup.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { useT, type TFunction } from '../../lib/i18n.ts';
import { useTeamMember } from './team-api.ts';
import { memberTimingPath } from './team-logic.ts';
import { MemberIdentity, registerWayText, UserTypeChip } from './team-member-card.tsx';
import { Moment, Money, OnlineBadge, Percent, Rows, type Row } from './team-parts.tsx';

/**
 * A member's detail opens as a bottom sheet over /my-team rather than as a page of its own: the list
 * keeps its scroll position, its tab and its search underneath, so looking at one member after
 * another costs the agent nothing. The sheet reads the member again when it opens, starting from
 * what the list showed, so the figures are the server's latest.
 */

const num = (value: number) => <bdi className="num">{value}</bdi>;

/** Who the member is and where they stand. */
function identityRows(member: TeamMember, t: TFunction): Row[] {
  return [
    { label: t('team.member.uid'), value: num(member.id), testId: 'detail-uid' },
    { label: t('team.member.username'), value: <bdi>{member.username}</bdi>, testId: 'detail-username' },
    {
      label: t('team.member.type'),
      value: <UserTypeChip userType={member.userType} />,
      testId: 'detail-type',
    },
    { label: t('team.member.state'), value: <OnlineBadge online={member.online} />, testId: 'detail-online' },
    {
      label: t('team.member.level'),
      value: member.depth <= 1 ? t('team.member.direct') : t('team.member.levelN', { depth: member.depth }),
      testId: 'detail-level',
    },
    {
      label: t('team.member.parent'),
      value: <bdi>{member.parentUsername ?? '--'}</bdi>,
      testId: 'detail-parent',
    },
  ];
}

/** The member's terms, their own team, their balance and their dates. */
function figureRows(member: TeamMember, t: TFunction): Row[] {
  return [
    {
      label: t('team.member.rateTiming'),
      value: <Percent rate={member.pointPercentTiming} />,
      testId: 'detail-rate-timing',
    },
    {
      label: t('team.member.rateContract'),
      value: <Percent rate={member.pointPercentContract} />,
      testId: 'detail-rate-contract',
    },
    {
      label: t('team.member.registerWay'),
      value: registerWayText(member.registerWay, t),
      testId: 'detail-register-way',
    },
    { label: t('team.member.teamCount'), value: num(member.teamCount), testId: 'detail-team-count' },
    { label: t('team.member.teamOnline'), value: num(member.teamOnline), testId: 'detail-team-online' },
    {
      label: t('team.member.balance'),
      value: <Money amount={member.balance} currency="USDT" />,
      testId: 'detail-balance',
    },
    {
      label: t('team.member.lastLogin'),
      value: member.lastLoginAt === null ? t('team.member.never') : <Moment ms={member.lastLoginAt} />,
      testId: 'detail-last-login',
    },
    {
      label: t('team.member.registerAt'),
      value: <Moment ms={member.registerAt} />,
      testId: 'detail-register-at',
    },
  ];
}

export function MemberDetailSheet({
  member: listed,
  open,
  onClose,
}: {
  member: TeamMember | null;
  open: boolean;
  onClose(): void;
}) {
  const t = useT();
  const titleId = useId();
  const detail = useTeamMember(listed?.id ?? null, { listed, enabled: open });
  const member = detail.data ?? listed;
  return (
    <Popup open={open} onClose={onClose} labelledBy={titleId} testId="member-detail">
      {member ? (
        <div className="sheet team-sheet" data-id={member.id}>
          <div className="sheet__title" id={titleId}>
            {t('team.member.detailTitle')}
          </div>
          <div className="team-sheet__identity">
            <MemberIdentity member={member} />
          </div>
          {detail.isError ? (
            <p className="team-sheet__error" role="alert" data-testid="member-detail-error">
              {errorMessage(detail.error)}
            </p>
          ) : null}
          <Rows rows={[...identityRows(member, t), ...figureRows(member, t)]} />
          <div className="team-sheet__buttons">
            <button type="button" className="team-button" onClick={onClose}>
              {t('common.close')}
            </button>
            <Link
              to={memberTimingPath(member.id)}
              className="team-button team-button--primary"
              data-testid="member-timed-trades"
            >
              {t('team.member.timedTrades')}
            </Link>
          </div>
        </div>
      ) : null}
    </Popup>
  );
}
