import { createInterface } from 'node:readline/promises';
import { runCli } from './cli-kit';
import { type Ask, consoleUsage, runConsoleCommand } from './console-commands';

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

await runCli(consoleUsage, (db, args, print) => runConsoleCommand(db, args, print, askHidden));
