import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Database } from '../db/client';
import { type VideoImportKind, videoFormatOfFileName, videoImportKinds } from '../features/videos/import/video-import';
import { importVideoFile, type VideoImportOutcome } from '../features/videos/import/video-import.service';

export const importVideosUsage = `用法：npm run import-videos -- <文件> --kind ${videoImportKinds.join('|')} [--format csv|jsonl]`;

/** Report lines listed before the rest are summed up. */
const LISTED_ERRORS = 20;

/**
 * One `npm run import-videos` command line: imports the file of one kind and prints the report.
 * Answers the exit code (0 done, 1 the file could not be read, 2 a wrong command line) and the
 * outcome when an import ran. `cwd` resolves a relative file (npm runs scripts from the package folder).
 */
export async function runImportVideosCommand(
  db: Database,
  args: string[],
  print: (line: string) => void,
  cwd: string,
): Promise<{ exitCode: number; outcome: VideoImportOutcome | null }> {
  let parsed: ReturnType<typeof parseCommandLine>;
  try {
    parsed = parseCommandLine(args);
  } catch {
    parsed = null;
  }
  if (!parsed) {
    print(importVideosUsage);
    return { exitCode: 2, outcome: null };
  }
  const file = path.resolve(cwd, parsed.file);
  const format = parsed.format ? videoFormatOfFileName(`x.${parsed.format}`) : videoFormatOfFileName(file);
  if (!format) {
    print('无法判断文件格式，请用 --format csv|jsonl 指定');
    return { exitCode: 2, outcome: null };
  }
  const started = Date.now();
  const outcome = await importVideoFile(db, await readFile(file), parsed.kind, format);
  print(
    `导入 ${path.basename(file)}（${parsed.kind}，${format}）用时 ${((Date.now() - started) / 1000).toFixed(1)} 秒`,
  );
  if (outcome.failure) {
    print(`失败：${outcome.failure}`);
    return { exitCode: 1, outcome };
  }
  print(`共 ${outcome.total} 行：新增 ${outcome.inserted}，更新 ${outcome.updated}，错误 ${outcome.errorRows}`);
  for (const error of outcome.errors.slice(0, LISTED_ERRORS)) {
    print(`  第 ${error.row} 行${error.column ? ` [${error.column}]` : ''}：${error.message}`);
  }
  if (outcome.errors.length > LISTED_ERRORS) print(`  …其余 ${outcome.errorRows - LISTED_ERRORS} 行错误未列出`);
  return { exitCode: 0, outcome };
}

function parseCommandLine(args: string[]): { file: string; kind: VideoImportKind; format: string | undefined } | null {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { kind: { type: 'string' }, format: { type: 'string' } },
  });
  const kind = videoImportKinds.find((name) => name === values.kind);
  const file = positionals[0];
  return file && kind ? { file, kind, format: values.format } : null;
}
