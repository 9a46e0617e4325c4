import { ConfigError, loadConfig } from './config.ts';
import { openStorage } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { seed } from './db/seed.ts';
import { listOutbox } from './modules/mail/mailer.ts';
import { startBanner, startServer } from './server.ts';

/**
 * Operator commands:
 *   serve     migrate, seed what is missing, and serve web, admin and API on one port
 *   migrate   apply pending migrations
 *   seed      insert missing demo and configuration data
 *   outbox    show the latest emails (registration codes) when no SMTP server is configured
 */
async function main(command: string | undefined): Promise<void> {
  const config = loadConfig();
  switch (command) {
    case 'serve': {
      const server = await startServer(config);
      console.log(startBanner(server.url, config));
      const shutdown = async (signal: string) => {
        server.app.log.info({ signal }, 'shutting down');
        await server.stop();
        process.exit(0);
      };
      process.once('SIGINT', () => void shutdown('SIGINT'));
      process.once('SIGTERM', () => void shutdown('SIGTERM'));
      return;
    }
    case 'migrate':
    case 'seed': {
      const storage = openStorage({ sqlitePath: config.sqlitePath, databaseUrl: config.DATABASE_URL });
      try {
        const applied = await migrateToLatest(storage);
        console.log(
          applied.length ? `Applied migrations: ${applied.join(', ')}` : 'Database schema is up to date',
        );
        if (command === 'seed') {
          await seed(storage.db);
          console.log('Seed data is in place');
        }
      } finally {
        await storage.close();
      }
      return;
    }
    case 'outbox': {
      const storage = openStorage({ sqlitePath: config.sqlitePath, databaseUrl: config.DATABASE_URL });
      try {
        for (const mail of await listOutbox(storage.db)) {
          console.log(
            `#${mail.id} ${new Date(mail.created_at).toISOString()} to ${mail.recipient} via ${mail.transport}`,
          );
          console.log(`  ${mail.subject}\n  ${mail.body}${mail.error ? `\n  error: ${mail.error}` : ''}\n`);
        }
      } finally {
        await storage.close();
      }
      return;
    }
    default:
      console.error('Usage: cli <serve|migrate|seed|outbox>');
      process.exitCode = 2;
  }
}

main(process.argv[2]).catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
