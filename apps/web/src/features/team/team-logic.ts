import type { Rebate, TeamMember } from '@vela/contract';
import { formatMinor, formatNumber, parseDecimal, rebatePercent } from '@vela/domain';
import type { MessageKey, MessageParams } from '@vela/i18n';
import { shownAmount } from '../../lib/amount-text.ts';

/**
 * The team screens' small decisions and figures as pure functions, so they are tested without a
 * browser: rates shown as percentages, the labels of the server's codes, the search keyword, the
 * member filter read from the address, and the figures that explain where a rebate came from. Rates
 * and amounts stay decimal strings and bigint units; nothing here goes through a float.
 */

export { shownAmount };

/** The member list's two scopes: everyone below the agent, or the direct members only. */
export type TeamScope = 'all' | 'direct';

/** The team timed trades' two scopes. */
export type TeamTimingScope = 'open' | 'settled';

/** How long typing rests before the list is asked for with the new keyword. */
export const SEARCH_DEBOUNCE_MS = 400;

/** The longest keyword the server accepts (the contract's `keyword`). */
export const KEYWORD_MAX_LENGTH = 20;

/** How many rows each page of a team list asks for. */
export const TEAM_PAGE_SIZE = 20;

/**
 * The keyword sent for what is typed: trimmed and cut to the server's limit; an empty one means no
 * search at all, so it is left out of the request.
 */
export function searchKeyword(typed: string): string {
  return typed.trim().slice(0, KEYWORD_MAX_LENGTH);
}

/** A rate fraction as a percentage, without float error ("0.015" -> "1.5"); "--" when malformed. */
export function ratePercent(rate: string): string {
  return rebatePercent(rate);
}

/** Rates carry at most this many decimals (the domain's rebate rate scale). */
const RATE_SCALE = 8;

/**
 * The share a receiver keeps: its own rate less the rate deducted below it, never below zero
 * ("0.015" and "0.01" -> "0.005"); null when either rate is malformed.
 */
export function keptRate(rate: string, belowRate: string): string | null {
  const own = parseDecimal(rate.trim(), RATE_SCALE);
  const below = parseDecimal(belowRate.trim(), RATE_SCALE);
  if (!own.ok || !below.ok) return null;
  const kept = own.minor > below.minor ? own.minor - below.minor : 0n;
  const text = formatMinor(kept, RATE_SCALE);
  return text.replace(/0+$/, '').replace(/\.$/, '');
}

/** The figures of a rebate's explanation: base × (rate − rate below) = amount, each as shown. */
export interface RebateFigures {
  base: string;
  ratePercent: string;
  belowPercent: string;
  keptPercent: string;
  amount: string;
}

export function rebateFigures(rebate: Pick<Rebate, 'base' | 'rate' | 'belowRate' | 'amount'>): RebateFigures {
  const kept = keptRate(rebate.rate, rebate.belowRate);
  return {
    base: shownAmount(rebate.base),
    ratePercent: ratePercent(rebate.rate),
    belowPercent: ratePercent(rebate.belowRate),
    keptPercent: kept === null ? '--' : ratePercent(kept),
    amount: shownAmount(rebate.amount),
  };
}

/** The dictionary's user types (UserTypeEnum: 1 member, 2 agent), the labels the app already uses. */
export const USER_TYPE_LABEL: Record<TeamMember['userType'], MessageKey> = {
  1: 'dict.UserTypeEnum.1',
  2: 'dict.UserTypeEnum.2',
};

const REGISTER_WAY_LABEL: Record<string, MessageKey> = {
  INVITE_CODE: 'team.registerWay.INVITE_CODE',
  AGENT: 'team.registerWay.AGENT',
  SYSTEM: 'team.registerWay.SYSTEM',
};

/** How a member joined, named; a way the app does not know yet is shown as the server's code. */
export function registerWayLabel(way: string): { key: MessageKey } | { text: string } {
  const key = REGISTER_WAY_LABEL[way];
  return key ? { key } : { text: way };
}

/** Where a member stands: a direct member, or one below another member (named when known). */
export function placeLabel(member: Pick<TeamMember, 'depth' | 'parentUsername'>): {
  key: MessageKey;
  parent?: string;
} {
  if (member.depth <= 1 || member.parentUsername === null) return { key: 'team.member.direct' };
  return { key: 'team.member.under', parent: member.parentUsername };
}

export const REBATE_SOURCE_LABEL: Record<Rebate['source'], MessageKey> = {
  timing: 'team.rebate.source.timing',
  contract_open: 'team.rebate.source.contract_open',
  contract_close: 'team.rebate.source.contract_close',
  contract_forced: 'team.rebate.source.contract_forced',
};

/** The sentence that tells what the member did to pay the base, per source. */
export const REBATE_STORY: Record<Rebate['source'], MessageKey> = {
  timing: 'team.rebate.story.timing',
  contract_open: 'team.rebate.story.contract_open',
  contract_close: 'team.rebate.story.contract_close',
  contract_forced: 'team.rebate.story.contract_forced',
};

export const REBATE_STATE_LABEL: Record<Rebate['state'], MessageKey> = {
  pending: 'team.rebate.state.pending',
  paid: 'team.rebate.state.paid',
};

/** The bill lines' names of the rows a rebate can point at, reused so both screens agree. */
const REF_LABEL: Record<string, MessageKey> = {
  timing: 'bills.ref.timing',
  contract_order: 'bills.ref.contract_order',
  contract_close: 'bills.ref.contract_close',
  contract_forced: 'bills.ref.contract_forced',
};

/** The order a rebate came from ("Timed order #71"); an unknown kind shows its code and number. */
export function rebateRefLabel(refType: string, refId: number): { key: MessageKey; params: MessageParams } {
  const key = REF_LABEL[refType];
  return key
    ? { key, params: { id: refId } }
    : { key: 'team.rebate.refOther', params: { type: refType, id: refId } };
}

/** The dictionary's direction names (TradeOrderDirectionEnum: 1 buy long, 2 sell short). */
const DIRECTION_LABEL: Record<string, MessageKey> = {
  up: 'dict.TradeOrderDirectionEnum.1',
  down: 'dict.TradeOrderDirectionEnum.2',
};

/** A direction's name and colour: up in the app's up colour, down in its down colour. */
export function directionOf(direction: string): { label: MessageKey | null; tone: 'up' | 'down' } {
  return { label: DIRECTION_LABEL[direction] ?? null, tone: direction === 'up' ? 'up' : 'down' };
}

const OUTCOME_LABEL: Record<string, MessageKey> = {
  win: 'timing.outcome.win',
  loss: 'timing.outcome.loss',
  tie: 'timing.outcome.tie',
};

/** A settled order's result, named and coloured: a win in the up colour, a loss in the down one. */
export function outcomeOf(outcome: string | null): {
  label: MessageKey | null;
  tone: 'up' | 'down' | 'flat';
} {
  if (outcome === null) return { label: null, tone: 'flat' };
  const tone = outcome === 'win' ? 'up' : outcome === 'loss' ? 'down' : 'flat';
  return { label: OUTCOME_LABEL[outcome] ?? null, tone };
}

/** A period in its largest whole unit: 30 -> 30 s, 120 -> 2 min, 3600 -> 1 h, 86400 -> 1 d. */
export function periodLabel(seconds: number): { key: MessageKey; params: MessageParams } {
  if (seconds > 0 && seconds % 86_400 === 0)
    return { key: 'timing.periodDays', params: { count: seconds / 86_400 } };
  if (seconds > 0 && seconds % 3600 === 0)
    return { key: 'timing.periodHours', params: { count: seconds / 3600 } };
  if (seconds > 0 && seconds % 60 === 0)
    return { key: 'timing.periodMinutes', params: { count: seconds / 60 } };
  return { key: 'timing.periodSeconds', params: { count: seconds } };
}

/**
 * The member filter of /team-timing, read from `?memberId=`: a positive whole number, or null for the
 * whole team (a missing or malformed value shows the whole team rather than an error).
 */
export function memberIdFrom(value: string | null): number | null {
  if (value === null || !/^\d{1,15}$/.test(value.trim())) return null;
  const id = Number(value.trim());
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** The address of a member's timed trades. */
export function memberTimingPath(memberId: number): string {
  return `/team-timing?memberId=${memberId}`;
}

/** The first letter of a username, upper case, for the avatar. */
export function avatarLetter(username: string): string {
  return (username.trim().charAt(0) || '?').toUpperCase();
}

/**
 * A figure put inside a translated sentence, isolated left to right (U+2066 … U+2069), so that in an
 * Arabic sentence "100.00 USDT" and "1.5 %" keep their order and their digits.
 */
export function isolate(text: string): string {
  return `\u2066${text}\u2069`;
}

/**
 * A name put inside a translated sentence (a username, an order's name), isolated in the direction
 * of its own first letter (U+2068 … U+2069): "alice01" reads left to right in an Arabic sentence,
 * and an Arabic order name such as "أمر زمني #71" keeps its own right-to-left order.
 */
export function isolateName(text: string): string {
  return `\u2068${text}\u2069`;
}

/** A balance on a member's card: two decimals, truncated, as summaries show it; the detail has it all. */
export function cardBalance(balance: string): string {
  return formatNumber(balance, 2);
}

/** The rows of every page of an infinite list, in order. */
export function rowsOf<Row>(data: { pages: readonly { list: readonly Row[] }[] } | undefined): Row[] {
  return data?.pages.flatMap((page) => page.list) ?? [];
}

/** The figures a list's first page carries for the whole scope (later pages repeat them). */
export function firstPageOf<Page>(data: { pages: readonly Page[] } | undefined): Page | null {
  return data?.pages[0] ?? null;
}
