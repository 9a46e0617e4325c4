import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { preHashPassword } from '@vela/domain';
import {
  CACHE_TYPES,
  DICTIONARY_NAMES,
  TRADE_ORDER_DIRECTIONS,
  USER_TYPES,
  USER_TYPE_AGENT,
  USER_TYPE_MEMBER,
  VC_TYPES,
  type ConfigGroup,
  type DictionaryName,
} from '@vela/contract';
import { LOCALE_CODES } from '@vela/i18n';
import type { Database } from './schema.ts';
import { hashPassword } from '../modules/users/password-hasher.ts';
import { LOCALE_NAMES, SEED_BANNER_TITLES, SEED_NOTICES } from './seed-content.ts';
import { seedMarkets } from './seed-markets.ts';
import { seedFunding } from './seed-funding.ts';
import { seedPayment } from './seed-payment.ts';
import { demoOperatorHashes, seedDemoOperators } from '../modules/operators/demo-operators.ts';

/**
 * Demo data for a fresh database. Every step only inserts what is missing, so running the seed again
 * (each start does) never duplicates or overwrites what operators changed.
 */

export const DEMO_ACCOUNTS = {
  agent: { username: 'agent01', password: 'Agent@2024', inviteCode: '100200' },
  user: { username: 'demo01', password: 'Demo@2024', fundPassword: 'Fund@2024' },
} as const;

/** Configuration items per group (spec point 7); values are strings, as in the wire format. */
export const DEFAULT_CONFIG: Record<ConfigGroup, Record<string, string>> = {
  REGISTER: {
    enabled: 'true',
    emailRequired: 'false',
  },
  PORTAL: {
    customerServiceUrl: '/customer-service.html',
    customerOpenWithoutLogin: 'false',
    linesUrl: '/lines.json',
  },
  WITHDRAW: {
    enabled: 'true',
    requireGoogleCode: 'true',
    dailyCountLimit: '5',
  },
  RECHARGE: {
    enabled: 'true',
    /**
     * How far, as a percentage of the quote, a finance operator may credit a deposit away from its
     * quote (with a reason); beyond it only an administrator may (decision 037).
     */
    creditTolerancePercent: '1',
  },
  GLOBAL: {
    branchCodeEnabled: 'false',
    // What an unchanged price means for a timed trade: 'refund' the stake or count it a 'loss'.
    timingTieRule: 'refund',
    amountMaxPrecision: '4',
    /**
     * VcTypeEnum values left out of the currency list, comma separated. The spec's brand lists 1–4,
     * which would empty the list; decision 010 explains why it is seeded empty.
     */
    excludedVcTypes: '',
  },
};

const DICTIONARY_VALUES: Record<DictionaryName, readonly number[]> = {
  VcTypeEnum: VC_TYPES,
  TradeOrderDirectionEnum: TRADE_ORDER_DIRECTIONS,
  UserTypeEnum: USER_TYPES,
};

export async function seed(db: Kysely<Database>, now = Date.now()): Promise<void> {
  // Password hashing is slow, so it happens before the transaction, which then stays short.
  const hashes = await demoPasswordHashes();
  const operatorHashes = await demoOperatorHashes();
  await db.transaction().execute(async (trx) => {
    // Several nodes may start against one fresh PostgreSQL database at once; the lock makes their
    // seeds run one after another, so each sees what the previous one inserted. (SQLite has a single
    // writer, so its transactions are already serialised.)
    if (trx.getExecutor().adapter instanceof PostgresAdapter) {
      await sql`select pg_advisory_xact_lock(7460911)`.execute(trx);
    }
    for (const [group, items] of Object.entries(DEFAULT_CONFIG)) {
      let sort = 0;
      for (const [key, value] of Object.entries(items)) {
        await trx
          .insertInto('sys_config')
          .values({ config_group: group, config_key: key, config_value: value, sort: sort++ })
          .onConflict((oc) => oc.doNothing())
          .execute();
      }
    }
    for (const name of DICTIONARY_NAMES) {
      for (const [sort, value] of DICTIONARY_VALUES[name].entries()) {
        await trx
          .insertInto('sys_dict_item')
          .values({ dict_name: name, item_value: String(value), sort })
          .onConflict((oc) => oc.doNothing())
          .execute();
      }
    }
    for (const [sort, code] of LOCALE_CODES.entries()) {
      await trx
        .insertInto('i18n_language')
        .values({ code, enabled: 1, locale_name: LOCALE_NAMES[code], sort })
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
    const anyNotice = await trx.selectFrom('sys_notice').select('id').limit(1).executeTakeFirst();
    if (!anyNotice) {
      for (const code of LOCALE_CODES) {
        for (const [index, notice] of SEED_NOTICES[code].entries()) {
          await trx
            .insertInto('sys_notice')
            .values({
              language_code: code,
              title: notice.title,
              content: notice.content,
              popup: notice.popup ? 1 : 0,
              enabled: 1,
              sort: index,
              // Newest first in the list: the first notice gets the latest time.
              created_at: now - index * 3_600_000,
            })
            .execute();
        }
      }
    }
    const anyBanner = await trx.selectFrom('sys_banner').select('id').limit(1).executeTakeFirst();
    if (!anyBanner) {
      const targets = ['/trade', '/share', '/finance'];
      for (const code of LOCALE_CODES) {
        for (const [index, title] of SEED_BANNER_TITLES[code].entries()) {
          await trx
            .insertInto('sys_banner')
            .values({
              language_code: code,
              device_type: 'ALL',
              title,
              image: `/banners/banner-${index + 1}.svg`,
              fallback_img: '/banners/banner-fallback.svg',
              url: targets[index] ?? '/home',
              enabled: 1,
              sort: index,
            })
            .execute();
        }
      }
    }
    for (const type of CACHE_TYPES) {
      await trx
        .insertInto('cache_version')
        .values({ cache_type: type, finish_update_time: now })
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
    await seedMarkets(trx, now);
    await seedFunding(trx, now);
    await seedPayment(trx, now);
    await seedDemoAccounts(trx, hashes, now);
    await seedDemoOperators(trx, operatorHashes, now);
  });
}

interface DemoHashes {
  agentLogin: string;
  userLogin: string;
  fund: string;
}

async function demoPasswordHashes(): Promise<DemoHashes> {
  const { agent, user } = DEMO_ACCOUNTS;
  const [agentLogin, userLogin, fund] = await Promise.all([
    hashPassword(preHashPassword(agent.password)),
    hashPassword(preHashPassword(user.password)),
    hashPassword(preHashPassword(user.fundPassword)),
  ]);
  return { agentLogin, userLogin, fund };
}

async function seedDemoAccounts(db: Kysely<Database>, hashes: DemoHashes, now: number): Promise<void> {
  const { agent, user } = DEMO_ACCOUNTS;
  const existingAgent = await db
    .selectFrom('users')
    .select('id')
    .where('username_key', '=', agent.username)
    .executeTakeFirst();
  let agentId = existingAgent?.id;
  if (agentId === undefined) {
    const row = await db
      .insertInto('users')
      .values({
        username: agent.username,
        username_key: agent.username,
        login_pwd_hash: hashes.agentLogin,
        fund_pwd_hash: hashes.fund,
        user_type: USER_TYPE_AGENT,
        parent_id: null,
        invite_code: agent.inviteCode,
        email: null,
        nickname: agent.username,
        real_name_status: 'APPROVED',
        point_percent_timing: '0.02',
        point_percent_contract: '0.015',
        register_way: 'SYSTEM',
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    agentId = row.id;
  }
  const existingUser = await db
    .selectFrom('users')
    .select('id')
    .where('username_key', '=', user.username)
    .executeTakeFirst();
  if (!existingUser) {
    await db
      .insertInto('users')
      .values({
        username: user.username,
        username_key: user.username,
        login_pwd_hash: hashes.userLogin,
        fund_pwd_hash: hashes.fund,
        user_type: USER_TYPE_MEMBER,
        parent_id: agentId,
        invite_code: null,
        email: null,
        nickname: user.username,
        real_name_status: 'NONE',
        point_percent_timing: '0.01',
        point_percent_contract: '0.01',
        register_way: 'INVITE_CODE',
        created_at: now,
      })
      .execute();
  }
}
