import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { type VideoImportKind, videoFormatOfFileName, videoImportKinds } from '../features/videos/import/video-import';
import { importVideoFile } from '../features/videos/import/video-import.service';

/**
 * `npm run import-videos -- <file> --kind creators|videos|comments [--format csv|jsonl]`: imports a
 * video-data file in the layout of docs/data-format.md ("Video data") into the configured database,
 * idempotently, and prints the report. Import creators before their videos, and videos before their
 * comments. Exit code 1 when the file cannot be read at all.
 */
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { kind: { type: 'string' }, format: { type: 'string' } },
});
const usage = '用法：npm run import-videos -- <文件> --kind creators|videos|comments [--format csv|jsonl]';
const given = positionals[0];
const kind = videoImportKinds.find((name) => name === values.kind) as VideoImportKind | undefined;
if (!given || !kind) {
  console.error(usage);
  process.exit(2);
}
// npm runs scripts from the package folder; resolve the file from where the command was typed.
const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), given);
const format = values.format ? videoFormatOfFileName(`x.${values.format}`) : videoFormatOfFileName(file);
if (!format) {
  console.error('无法判断文件格式，请用 --format csv|jsonl 指定');
  process.exit(2);
}

const config = loadConfig();
const handle = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir });
await handle.migrate();
const started = Date.now();
const outcome = await importVideoFile(handle.db, readFileSync(file), kind, format);
console.log(`导入 ${path.basename(file)}（${kind}，${format}）用时 ${((Date.now() - started) / 1000).toFixed(1)} 秒`);
if (outcome.failure) {
  console.error(`失败：${outcome.failure}`);
  await handle.close();
  process.exit(1);
}
console.log(`共 ${outcome.total} 行：新增 ${outcome.inserted}，更新 ${outcome.updated}，错误 ${outcome.errorRows}`);
for (const error of outcome.errors.slice(0, 20)) {
  console.log(`  第 ${error.row} 行${error.column ? ` [${error.column}]` : ''}：${error.message}`);
}
if (outcome.errors.length > 20) console.log(`  …其余 ${outcome.errorRows - 20} 行错误未列出`);
await handle.close();
