import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openStorage } from '../../src/db/database.ts';

/**
 * SQLite's log is copied back into the database file by a background thread (wal-checkpointer.ts),
 * not by the commits: after a large commit the main file grows within a moment, although the main
 * connection's own automatic checkpoint is far from due. Always on a SQLite file of its own.
 */
describe('background WAL checkpoints', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vela-wal-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('moves committed pages into the database file without a checkpoint in the commit', async () => {
    const file = path.join(dir, 'wal.sqlite');
    const storage = openStorage({ sqlitePath: file });
    await sql`CREATE TABLE filler (id INTEGER PRIMARY KEY, body TEXT NOT NULL)`.execute(storage.db);
    const before = fs.statSync(file).size;
    await storage.db.transaction().execute(async (trx) => {
      for (let i = 0; i < 40; i += 1) {
        await sql`INSERT INTO filler (body) SELECT ${'x'.repeat(2_000)} FROM (SELECT 1 UNION ALL SELECT 2 UNION ALL SELECT 3 UNION ALL SELECT 4 UNION ALL SELECT 5 UNION ALL SELECT 6 UNION ALL SELECT 7 UNION ALL SELECT 8 UNION ALL SELECT 9 UNION ALL SELECT 10)`.execute(
          trx,
        );
      }
    });
    // About 800 KiB went into the log, far below the main connection's own checkpoint threshold.
    expect(fs.statSync(`${file}-wal`).size).toBeGreaterThan(700_000);
    const deadline = Date.now() + 5_000;
    while (fs.statSync(file).size - before < 700_000 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(fs.statSync(file).size - before).toBeGreaterThan(700_000);
    const rows = await sql<{ n: number }>`SELECT COUNT(*) AS n FROM filler`.execute(storage.db);
    expect(Number(rows.rows[0]?.n)).toBe(400);
    await storage.close();
  });
});
