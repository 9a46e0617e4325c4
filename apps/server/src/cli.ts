import { ConfigError, loadConfig } from './config.ts';
import { openStorage } from './db/database.ts';
import { describeViolation } from '@vela/domain';
import { checkBooks } from './books.ts';
import { migrateToLatest } from './db/migrate.ts';
import { seed } from './seed.ts';
import { listOutbox } from './modules/mail/mailer.ts';
import { demoOperatorBanner } from './modules/operators/operators-seed.ts';
import {
  createOperatorCommand,
  formatCredentials,
  operatorCodeCommand,
  OpsCommandError,
  resetOperatorCommand,
} from './modules/operators/operator-commands.ts';
import { startBanner, startServer } from './server.ts';

/**
 * Operator commands:
 *   serve     migrate, seed what is missing, and serve web, admin and API on one port
 *   migrate   apply pending migrations
 *   seed      insert missing demo and configuration data
 *   outbox    show the latest emails (registration codes) when no SMTP server is configured
 *   operator-create <username> <role>   a console operator with a random password and TOTP secret
 *   operator-reset <username>           a new password and TOTP secret; ends the operator's sessions
 *   operator-code <username>            the operator's current authenticator code (demo use)
 */
async function main(command: string | undefined, args: string[]): Promise<void> {
  const config = loadConfig();
  switch (command) {
    case 'serve': {
      const server = await startServer(config);
      console.log(startBanner(server.url, config));
      const operators = await demoOperatorBanner(server.storage.db, server.url);
      if (operators) console.log(operators);
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
    case 'check-ledger': {
      // The ledger's invariants over the whole database; exits non-zero when any is broken.
      const storage = openStorage({ sqlitePath: config.sqlitePath, databaseUrl: config.DATABASE_URL });
      try {
        const report = await checkBooks(storage.db, storage.dialect);
        console.log(`${report.accounts} accounts, ${report.entries} journal entries checked`);
        for (const violation of report.violations) console.log(`  broken: ${describeViolation(violation)}`);
        console.log(report.ok ? 'ledger invariants hold' : `${report.violations.length} violations`);
        if (!report.ok) process.exitCode = 1;
      } finally {
        await storage.close();
      }
      return;
    }
    case 'operator-create':
    case 'operator-reset':
    case 'operator-code': {
      const [username, role] = args;
      if (!username || (command === 'operator-create' && !role)) {
        console.error(`Usage: cli ${command} <username>${command === 'operator-create' ? ' <role>' : ''}`);
        process.exitCode = 2;
        return;
      }
      const storage = openStorage({ sqlitePath: config.sqlitePath, databaseUrl: config.DATABASE_URL });
      try {
        await migrateToLatest(storage);
        if (command === 'operator-code') {
          const { code, secondsLeft } = await operatorCodeCommand(storage.db, username);
          console.log(`${code}   (valid for ${secondsLeft} more seconds)`);
        } else {
          const issued =
            command === 'operator-create'
              ? await createOperatorCommand(storage.db, username, role ?? '')
              : await resetOperatorCommand(storage.db, username);
          console.log(formatCredentials(issued));
        }
      } finally {
        await storage.close();
      }
      return;
    }
    default:
      console.error(
        'Usage: cli <serve|migrate|seed|outbox|check-ledger|operator-create <username> <role>|operator-reset <username>|operator-code <username>>',
      );
      process.exitCode = 2;
  }
}

main(process.argv[2], process.argv.slice(3)).catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof OpsCommandError ? error.message : error);
  process.exit(1);
});
