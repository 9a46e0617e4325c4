import { ConfigError, loadConfig, type Config } from './config.ts';
import { openStorage, type Storage } from './db/database.ts';
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
    case 'serve':
      return serve(config);
    case 'migrate':
    case 'seed':
      return withStorage(config, async (storage) => {
        const applied = await migrateToLatest(storage);
        console.log(
          applied.length ? `Applied migrations: ${applied.join(', ')}` : 'Database schema is up to date',
        );
        if (command === 'seed') {
          await seed(storage.db);
          console.log('Seed data is in place');
        }
      });
    case 'outbox':
      return withStorage(config, async (storage) => {
        for (const mail of await listOutbox(storage.db)) {
          console.log(
            `#${mail.id} ${new Date(mail.created_at).toISOString()} to ${mail.recipient} via ${mail.transport}`,
          );
          console.log(`  ${mail.subject}\n  ${mail.body}${mail.error ? `\n  error: ${mail.error}` : ''}\n`);
        }
      });
    case 'check-ledger':
      // The ledger's invariants over the whole database; exits non-zero when any is broken.
      return withStorage(config, async (storage) => {
        const report = await checkBooks(storage.db, storage.dialect);
        console.log(`${report.accounts} accounts, ${report.entries} journal entries checked`);
        for (const violation of report.violations) console.log(`  broken: ${describeViolation(violation)}`);
        console.log(report.ok ? 'ledger invariants hold' : `${report.violations.length} violations`);
        if (!report.ok) process.exitCode = 1;
      });
    case 'operator-create':
    case 'operator-reset':
    case 'operator-code':
      return operatorCommand(config, command, args);
    default:
      console.error(
        'Usage: cli <serve|migrate|seed|outbox|check-ledger|operator-create <username> <role>|operator-reset <username>|operator-code <username>>',
      );
      process.exitCode = 2;
  }
}

async function serve(config: Config): Promise<void> {
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
}

/** Runs one command against the configured database and closes it afterwards. */
async function withStorage(config: Config, run: (storage: Storage) => Promise<void>): Promise<void> {
  const storage = openStorage({ sqlitePath: config.sqlitePath, databaseUrl: config.DATABASE_URL });
  try {
    await run(storage);
  } finally {
    await storage.close();
  }
}

async function operatorCommand(
  config: Config,
  command: 'operator-create' | 'operator-reset' | 'operator-code',
  [username, role]: string[],
): Promise<void> {
  if (!username || (command === 'operator-create' && !role)) {
    console.error(`Usage: cli ${command} <username>${command === 'operator-create' ? ' <role>' : ''}`);
    process.exitCode = 2;
    return;
  }
  await withStorage(config, async (storage) => {
    await migrateToLatest(storage);
    if (command === 'operator-code') {
      const { code, secondsLeft } = await operatorCodeCommand(storage.db, username);
      console.log(`${code}   (valid for ${secondsLeft} more seconds)`);
      return;
    }
    const issued =
      command === 'operator-create'
        ? // The usage check above refused operator-create without a role.
          await createOperatorCommand(storage.db, username, role as string)
        : await resetOperatorCommand(storage.db, username);
    console.log(formatCredentials(issued));
  });
}

main(process.argv[2], process.argv.slice(3)).catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof OpsCommandError ? error.message : error);
  process.exit(1);
});
