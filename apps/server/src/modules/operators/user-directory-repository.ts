import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/schema.ts';

/**
 * The console's reads of the `users` table: search and detail. Read-only; support actions live with
 * their features.
 */

export interface UserSearch {
  /** Digits: a user id. Otherwise the start of a username (any letter case). Empty: everyone. */
  query: string;
  before?: number | undefined;
  limit: number;
}

export type UserWithParent = UserRow & { parent_username: string | null };

/**
 * The users matching the search, newest first, cut by id (keyset), each with its parent's username,
 * and one row more than `search.limit` when there are more: the caller cuts the page and knows
 * whether another follows.
 */
export function selectUsersPage(db: Kysely<Database>, search: UserSearch): Promise<UserWithParent[]> {
  let query = db
    .selectFrom('users as u')
    .leftJoin('users as p', 'p.id', 'u.parent_id')
    .selectAll('u')
    .select('p.username as parent_username');
  if (/^\d+$/.test(search.query)) {
    // Usernames start with a letter, so digits can only be an id.
    const id = Number(search.query);
    query = query.where('u.id', '=', Number.isSafeInteger(id) ? id : -1);
  } else if (search.query !== '') {
    // The contract allows only letters and digits here, so the pattern holds no LIKE wildcards.
    query = query.where('u.username_key', 'like', `${search.query.toLowerCase()}%`);
  }
  if (search.before !== undefined) query = query.where('u.id', '<', search.before);
  return query
    .orderBy('u.id', 'desc')
    .limit(search.limit + 1)
    .execute();
}

export function findUserWithParent(
  db: Kysely<Database>,
  userId: number,
): Promise<UserWithParent | undefined> {
  return db
    .selectFrom('users as u')
    .leftJoin('users as p', 'p.id', 'u.parent_id')
    .selectAll('u')
    .select('p.username as parent_username')
    .where('u.id', '=', userId)
    .executeTakeFirst();
}

/** How many users the user invited directly. */
export async function countDirectMembers(db: Kysely<Database>, userId: number): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('parent_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
