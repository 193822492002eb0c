// One process at a time may open an embedded database directory. The lock is a pid file: a lock left
// by a process that no longer runs (killed, crashed) is stale and taken over.
import fs from 'node:fs';
import path from 'node:path';

export async function acquireDirectoryLock(directory: string): Promise<() => void> {
  fs.mkdirSync(directory, { recursive: true });
  const lockFile = `${directory}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      return () => fs.rmSync(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(fs.readFileSync(lockFile, 'utf8').trim());
      if (isRunning(holder) && holder !== process.pid) {
        throw new Error(
          `The embedded database ${path.relative(process.cwd(), directory) || directory} is in use by process ${holder}. ` +
            'Stop it, or set DATA_DIR to another directory (or DATABASE_URL to share a PostgreSQL).',
        );
      }
      fs.rmSync(lockFile, { force: true });
    }
  }
  throw new Error(`Could not lock ${directory}`);
}

function isRunning(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
