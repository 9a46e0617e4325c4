import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

/**
 * Agents and teams (decision 049):
 * - `team_path`: every ancestor of every user with its distance (1 is the direct agent), so a team
 *   of any depth is one index range and a member's path up one lookup. Filled from `parent_id`
 *   here, then kept by registration, added users and moves;
 * - `users.team_size`: how many members a user has below them at any depth, kept with the paths;
 * - `team_lock`: the one row a move of a team updates first, so moves never interleave;
 * - `users.first_recharge_at`: when the roll-up saw the user's first credited deposit;
 * - `users.must_change_password`: set on a user an agent added with the default password, cleared
 *   by the first change of it;
 * - `rebate`: one differential rebate of one trade to one ancestor: the member, the source (the
 *   timed order, or the contract entry whose fee it shares), the two rates, the base and the
 *   amount. A timed trade's rebates are planned at placement, with the rates and path of that
 *   moment, and paid by its settlement, in the rebate entry of the order's batch (the order's result
 *   says which); a contract fee's are paid as it is charged, in the entry `entry_id` names;
 * - `report_queue`: the journal entries and registrations not yet rolled up, written in their own
 *   transactions, so the roll-up takes each exactly once on either database;
 * - `report_hour`: the roll-up, per owner, scope (the user alone, or their team below them),
 *   UTC hour and currency; `vc_id` 0 holds the figures without a currency (new members).
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const id = (table: string) =>
    dialect === 'sqlite'
      ? db.schema.createTable(table).addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      : db.schema.createTable(table).addColumn('id', 'bigserial', (c) => c.primaryKey());

  await db.schema
    .alterTable('users')
    .addColumn('must_change_password', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('team_size', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('users').addColumn('first_recharge_at', 'bigint').execute();
  // Online status reads the sessions seen lately (decision 049).
  await db.schema.createIndex('sessions_seen_idx').on('sessions').column('last_seen_at').execute();

  await db.schema
    .createTable('team_path')
    .addColumn('ancestor_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('depth', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('team_path_pk', ['ancestor_id', 'member_id'])
    .execute();
  await db.schema
    .createIndex('team_path_member_idx')
    .on('team_path')
    .columns(['member_id', 'depth'])
    .execute();
  await db.schema
    .createIndex('team_path_depth_idx')
    .on('team_path')
    .columns(['ancestor_id', 'depth', 'member_id'])
    .execute();
  await fillPaths(db);
  // One row that every move of a team updates first, so moves happen one at a time on any node.
  await db.schema
    .createTable('team_lock')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('moves', 'bigint', (c) => c.notNull())
    .execute();
  await sql`INSERT INTO team_lock (id, moves) VALUES (1, 0)`.execute(db);

  await id('rebate')
    .addColumn('source_type', 'text', (c) => c.notNull())
    .addColumn('ref_type', 'text', (c) => c.notNull())
    .addColumn('ref_id', 'bigint', (c) => c.notNull())
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('vc_id', 'bigint', (c) => c.notNull().references('vc.id'))
    .addColumn('base_minor', 'bigint', (c) => c.notNull())
    .addColumn('rate', 'text', (c) => c.notNull())
    .addColumn('below_rate', 'text', (c) => c.notNull())
    .addColumn('amount_minor', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('entry_id', 'bigint')
    .addColumn('paid_at', 'bigint')
    .execute();
  // Covering what a settlement batch sums (decision 049): its rebates are read from the index alone.
  await db.schema
    .createIndex('rebate_source_idx')
    .on('rebate')
    .columns(['ref_type', 'ref_id', 'vc_id', 'user_id', 'amount_minor'])
    .execute();
  await db.schema.createIndex('rebate_user_idx').on('rebate').columns(['user_id', 'id']).execute();

  await id('report_queue')
    .addColumn('entry_id', 'bigint')
    .addColumn('user_id', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('report_hour')
    .addColumn('owner_id', 'bigint', (c) => c.notNull())
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('hour', 'bigint', (c) => c.notNull())
    .addColumn('vc_id', 'bigint', (c) => c.notNull())
    .addColumn('profit_minor', 'bigint', (c) => c.notNull())
    .addColumn('order_minor', 'bigint', (c) => c.notNull())
    .addColumn('order_count', 'bigint', (c) => c.notNull())
    .addColumn('fee_minor', 'bigint', (c) => c.notNull())
    .addColumn('bonus_minor', 'bigint', (c) => c.notNull())
    .addColumn('rebate_minor', 'bigint', (c) => c.notNull())
    .addColumn('recharge_minor', 'bigint', (c) => c.notNull())
    .addColumn('recharge_fee_minor', 'bigint', (c) => c.notNull())
    .addColumn('recharge_count', 'bigint', (c) => c.notNull())
    .addColumn('withdraw_minor', 'bigint', (c) => c.notNull())
    .addColumn('withdraw_fee_minor', 'bigint', (c) => c.notNull())
    .addColumn('withdraw_count', 'bigint', (c) => c.notNull())
    .addColumn('exchange_minor', 'bigint', (c) => c.notNull())
    .addColumn('exchange_fee_minor', 'bigint', (c) => c.notNull())
    .addColumn('first_recharge_minor', 'bigint', (c) => c.notNull())
    .addColumn('first_recharge_count', 'bigint', (c) => c.notNull())
    .addColumn('member_count', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('report_hour_pk', ['owner_id', 'scope', 'hour', 'vc_id'])
    .execute();
}

/** The paths of the users that exist, level by level from the top, and every team's size. */
async function fillPaths(db: Kysely<unknown>): Promise<void> {
  await sql`INSERT INTO team_path (ancestor_id, member_id, depth)
    SELECT parent_id, id, 1 FROM users WHERE parent_id IS NOT NULL`.execute(db);
  for (let depth = 2; ; depth += 1) {
    const result = await sql`INSERT INTO team_path (ancestor_id, member_id, depth)
      SELECT p.ancestor_id, u.id, ${depth} FROM users u
      JOIN team_path p ON p.member_id = u.parent_id AND p.depth = ${depth - 1}`.execute(db);
    if (Number(result.numAffectedRows ?? 0n) === 0) break;
  }
  await sql`UPDATE users SET team_size = (SELECT COUNT(*) FROM team_path p WHERE p.ancestor_id = users.id)`.execute(
    db,
  );
}
