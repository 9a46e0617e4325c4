/**
 * A unique or primary-key constraint failed, on SQLite or PostgreSQL. Callers use it where a race
 * ends at a unique key (two registrations of one name, two copies of one idempotent request) and
 * turn it into the clear answer the losing request deserves.
 */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code } = error as { code?: unknown };
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === '23505';
}
