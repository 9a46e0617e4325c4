import type { TeamMember } from '@vela/contract';
import { useT, type TFunction } from '../../lib/i18n.ts';
import {
  avatarLetter,
  cardBalance,
  isolateName,
  placeLabel,
  registerWayLabel,
  USER_TYPE_LABEL,
} from './team-logic.ts';
import { Figure, Moment, OnlineBadge, Percent } from './team-parts.tsx';

/**
 * A member's card in /my-team: who they are (name, type, place in the team, online or not), their
 * two rebate rates and balance, their own team, how they joined, and when they registered and last
 * logged in. A tap opens the member's detail.
 */

/** How a member joined, in words; a way the app does not know yet shows as the server's code. */
export function registerWayText(way: string, t: TFunction): string {
  const label = registerWayLabel(way);
  return 'key' in label ? t(label.key) : label.text;
}

/** The member's type as the dictionary names it, as a small chip; agents stand out. */
export function UserTypeChip({ userType }: { userType: TeamMember['userType'] }) {
  const t = useT();
  return (
    <span
      className={`team-chip${userType === 2 ? ' team-chip--agent' : ''}`}
      data-testid="member-type"
      data-type={userType}
    >
      {t(USER_TYPE_LABEL[userType])}
    </span>
  );
}

/** The avatar, the username with its type, and where the member stands in the team. */
export function MemberIdentity({ member }: { member: TeamMember }) {
  const t = useT();
  const place = placeLabel(member);
  return (
    <span className="team-member__identity">
      <span className={`team-avatar${member.online ? ' team-avatar--online' : ''}`} aria-hidden>
        {avatarLetter(member.username)}
      </span>
      <span className="team-member__who">
        <span className="team-member__name-line">
          <bdi className="team-member__name" data-testid="member-username">
            {member.username}
          </bdi>
          <UserTypeChip userType={member.userType} />
        </span>
        <span className="team-member__place" data-testid="member-place">
          {t(place.key, place.parent === undefined ? undefined : { parent: isolateName(place.parent) })}
        </span>
      </span>
    </span>
  );
}

export function MemberCard({ member, onOpen }: { member: TeamMember; onOpen(): void }) {
  const t = useT();
  return (
    <button
      type="button"
      className="team-card team-member"
      onClick={onOpen}
      data-testid="team-member"
      data-id={member.id}
    >
      <span className="team-card__head">
        <MemberIdentity member={member} />
        <OnlineBadge online={member.online} />
      </span>
      <span className="team-figures">
        <Figure label={t('team.member.rateTiming')} testId="member-rate-timing">
          <Percent rate={member.pointPercentTiming} />
        </Figure>
        <Figure label={t('team.member.rateContract')} testId="member-rate-contract">
          <Percent rate={member.pointPercentContract} />
        </Figure>
        <Figure label={t('team.member.balance')} testId="member-balance">
          <bdi className="num">{cardBalance(member.balance)} USDT</bdi>
        </Figure>
        <Figure label={t('team.member.teamCount')} testId="member-team-count">
          <bdi className="num">{member.teamCount}</bdi>
        </Figure>
        <Figure label={t('team.member.teamOnline')} testId="member-team-online">
          <bdi className="num">{member.teamOnline}</bdi>
        </Figure>
        <Figure label={t('team.member.registerWay')} testId="member-register-way">
          {registerWayText(member.registerWay, t)}
        </Figure>
      </span>
      <span className="team-figures team-figures--two team-card__foot">
        <Figure label={t('team.member.registerAt')} testId="member-register-at">
          <Moment ms={member.registerAt} />
        </Figure>
        <Figure label={t('team.member.lastLogin')} testId="member-last-login">
          {member.lastLoginAt === null ? t('team.member.never') : <Moment ms={member.lastLoginAt} />}
        </Figure>
      </span>
    </button>
  );
}
