import { readFileSync, rmSync, writeFileSync } from 'node:fs';

/**
 * The embedded database's folder is one process's at a time. PGlite runs PostgreSQL inside the process that opened
 * it, with no server to share the files through: a second process opening the same folder (`npm run collect` or
 * `npm run console` beside a running `npm start`) reads a stale copy and writes over the first one's pages, and
 * neither sees the other's rows. So each opener holds a lock file beside the folder naming its pid, and an open
 * while a live process holds it is refused with what to do instead.
 */
export class DatabaseInUseError extends Error {
  constructor(
    readonly folder: string,
    readonly pid: number,
  ) {
    super(
      `嵌入式数据库（${folder}）正由另一个进程（pid ${pid}）使用，同一时间只能由一个进程打开：请先停止该进程（如 npm start 启动的服务）再运行，或设置 DATABASE_URL 改用 PostgreSQL`,
    );
    this.name = 'DatabaseInUseError';
  }
}

/** Whether a process with this pid runs (EPERM: it does, as another user's). */
function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes the lock of a PGlite folder for this process, or throws {@link DatabaseInUseError} while another live
 * process holds it. A lock left by a process that ended without closing (a crash, SIGKILL) is taken over, as is one
 * naming this process's own pid (a container's first process keeps its pid from one start to the next). Returns the
 * release, which removes the lock only while it is still this process's.
 */
export function lockPgliteFolder(folder: string): () => void {
  const lockFile = `${folder}.lock`;
  const mine = String(process.pid);
  for (let attempt = 0; ; attempt++) {
    try {
      writeFileSync(lockFile, mine, { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) throw error;
      const holder = Number.parseInt(readFileSync(lockFile, 'utf8'), 10);
      if (Number.isInteger(holder) && holder !== process.pid && processAlive(holder)) {
        throw new DatabaseInUseError(folder, holder);
      }
      rmSync(lockFile, { force: true });
    }
  }
  return () => {
    try {
      if (readFileSync(lockFile, 'utf8') === mine) rmSync(lockFile, { force: true });
    } catch {
      // Already gone: nothing to release.
    }
  };
}
