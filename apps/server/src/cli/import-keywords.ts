import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { importFormatSchema } from '@dso/contract';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { ensureCountries } from '../features/keywords/demo/seed';
import { deriveScope } from '../features/keywords/derive/keyword-derive';
import { formatOfFileName } from '../features/keywords/import/keyword-import';
import {
  enqueueDerive,
  importKeywordFile,
  recordCliImport,
  recordOutcome,
  scopeLabel,
} from '../features/keywords/import/keyword-import.service';
import { uploadLimits } from '../lib/uploads';

/**
 * `npm run import -- <file> [--format csv|xlsx|xls|jsonl] [--derive]`: imports a keyword file in the
 * layout of docs/data-format.md into the configured database, idempotently, and prints the report
 * (also kept in keyword_imports). The derive of each touched library is queued for the worker, or run
 * here and now with `--derive`. Exit code 1 when the file cannot be read at all.
 */
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { format: { type: 'string' }, derive: { type: 'boolean', default: false } },
});
const given = positionals[0];
if (!given) {
  console.error('用法：npm run import -- <文件> [--format csv|xlsx|xls|jsonl] [--derive]');
  process.exit(2);
}
// npm runs scripts from the package folder; resolve the file from where the command was typed.
const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), given);
const format = values.format ? importFormatSchema.safeParse(values.format.toLowerCase()).data : formatOfFileName(file);
if (!format) {
  console.error('无法判断文件格式，请用 --format csv|xlsx|xls|jsonl 指定');
  process.exit(2);
}

const config = loadConfig();
const handle = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir });
await handle.migrate();
await ensureCountries(handle.db);
const started = Date.now();
const importId = await recordCliImport(handle.db, { source: path.basename(file), format });
const outcome = await importKeywordFile(handle.db, readFileSync(file), format, uploadLimits.keywordCli);
await recordOutcome(handle.db, importId, outcome);

console.log(
  `导入 #${importId}：${path.basename(file)}（${format}）用时 ${((Date.now() - started) / 1000).toFixed(1)} 秒`,
);
if (outcome.failure) {
  console.error(`失败：${outcome.failure}`);
  await handle.close();
  process.exit(1);
}
console.log(`共 ${outcome.total} 行：新增 ${outcome.inserted}，更新 ${outcome.updated}，错误 ${outcome.errorRows}`);
for (const error of outcome.errors.slice(0, 20)) {
  console.log(`  第 ${error.row} 行${error.column ? ` [${error.column}]` : ''}：${error.message}`);
}
if (outcome.errors.length > 20) console.log(`  …其余错误见 keyword_imports #${importId}`);
for (const scope of outcome.scopes) {
  if (values.derive) {
    const result = await deriveScope(handle.db, scope);
    console.log(`已生成 ${scopeLabel(scope)} 的榜单与关联词（${result.ms} ms）`);
  } else {
    await enqueueDerive(handle.db, scope);
    console.log(`已排队 ${scopeLabel(scope)} 的派生任务（keywords.derive）`);
  }
}
await handle.close();
