import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { importVideosUsage, runImportVideosCommand } from './import-videos-command';

/**
 * `npm run import-videos -- <file> --kind <kind> [--format csv|jsonl]`: imports a video-data file of
 * one kind (creators, follower_history, videos, comments, trends, portraits, live_sessions,
 * live_minutes, topics, topic_videos) in the layout of docs/data-format.md ("Video data") into the
 * configured database, idempotently, and prints the report. Import the kinds in that order: each
 * names rows of the kinds before it. Exit code 1 when the file cannot be read at all, 2 for a wrong
 * command line.
 */
const args = process.argv.slice(2);
if (args.length === 0 || args.includes('--help')) {
  console.log(importVideosUsage);
  process.exit(args.length === 0 ? 2 : 0);
}
const config = loadConfig();
const handle = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir });
try {
  await handle.migrate();
  // npm runs scripts from the package folder; resolve the file from where the command was typed.
  const { exitCode } = await runImportVideosCommand(
    handle.db,
    args,
    (line) => console.log(line),
    process.env.INIT_CWD ?? process.cwd(),
  );
  process.exitCode = exitCode;
} finally {
  await handle.close();
}
