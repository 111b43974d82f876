import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { DatabaseInUseError, lockPgliteFolder } from './pglite-lock';

const repositoryRoot = path.resolve(import.meta.dirname, '../../../..');
const folders: string[] = [];
function dataDir() {
  const folder = mkdtempSync(path.join(tmpdir(), 'dso-pglite-lock-'));
  folders.push(folder);
  return folder;
}
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A process that runs until killed: a live pid that is not ours. */
function liveProcess() {
  return spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
}

describe('the embedded database is one process’s at a time', () => {
  it('refuses a folder a live process holds, naming it, and takes over one whose process has ended', () => {
    const folder = path.join(dataDir(), 'pglite');
    const other = liveProcess();
    try {
      writeFileSync(`${folder}.lock`, String(other.pid));
      expect(() => lockPgliteFolder(folder)).toThrow(DatabaseInUseError);
      expect(() => lockPgliteFolder(folder)).toThrow(`正由另一个进程（pid ${other.pid}）使用`);
    } finally {
      other.kill();
    }
    // An ended process (its pid free again) and an unreadable lock are no holders.
    const ended = spawnSync(process.execPath, ['-e', '0']).pid;
    for (const left of [String(ended), '', 'garbage']) {
      writeFileSync(`${folder}.lock`, left);
      const release = lockPgliteFolder(folder);
      expect(readFileSync(`${folder}.lock`, 'utf8')).toBe(String(process.pid));
      release();
      expect(existsSync(`${folder}.lock`)).toBe(false);
    }
  });

  it('releases only its own lock', () => {
    const folder = path.join(dataDir(), 'pglite');
    const release = lockPgliteFolder(folder);
    writeFileSync(`${folder}.lock`, '999999999');
    release();
    expect(readFileSync(`${folder}.lock`, 'utf8')).toBe('999999999');
  });

  it('turns a CLI away while the server has the folder open, and lets it in once the server closed it', async () => {
    const folder = dataDir();
    const held = await openDatabase({ dataDir: folder });
    const cli = () =>
      spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/collect.ts', 'status'], {
        cwd: repositoryRoot,
        env: { ...process.env, DATA_DIR: folder, DATABASE_URL: '', NODE_ENV: 'development' },
        encoding: 'utf8',
      });
    try {
      await held.migrate();
      const refused = cli();
      expect(refused.status).toBe(1);
      expect(refused.stderr).toContain(
        `嵌入式数据库（${path.join(folder, 'pglite')}）正由另一个进程（pid ${process.pid}）使用`,
      );
      expect(refused.stderr).toContain('设置 DATABASE_URL 改用 PostgreSQL');
    } finally {
      await held.close();
    }
    const admitted = cli();
    expect(admitted.status).toBe(0);
    expect(admitted.stdout).toContain('topic_suggestions（话题采集）');
  }, 60_000);
});
