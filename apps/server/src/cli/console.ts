import { createInterface } from 'node:readline/promises';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { type Ask, ConsoleCliError, consoleUsage, runConsoleCommand } from './console-commands';

/**
 * `npm run console -- <command>`: staff accounts of the operator's console in the configured database
 * (DATABASE_URL, else PGlite under DATA_DIR). The commands are in console-commands.ts and docs/console.md.
 */

/** Reads a line from the terminal without echoing what is typed. */
const askHidden: Ask = async (question) => {
  const terminal = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  const output = terminal as unknown as { _writeToOutput?: (text: string) => void };
  output._writeToOutput = (text: string) => {
    if (text.startsWith(question)) process.stdout.write(question);
  };
  try {
    return await terminal.question(question);
  } finally {
    process.stdout.write('\n');
    terminal.close();
  }
};

const args = process.argv.slice(2);
if (args.length === 0 || args.includes('--help') || args[0] === 'help') {
  console.log(consoleUsage);
} else {
  const config = loadConfig();
  const handle = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir });
  try {
    await handle.migrate();
    await runConsoleCommand(handle.db, args, (line) => console.log(line), askHidden);
  } catch (error) {
    if (!(error instanceof ConsoleCliError)) throw error;
    console.error(error.message);
    process.exitCode = 1;
  } finally {
    await handle.close();
  }
}
