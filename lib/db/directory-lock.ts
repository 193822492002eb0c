// One process at a time may open an embedded database directory. The lock is a pid file: a lock left
// by a process that no longer runs (killed, crashed) is stale and taken over.
import 'server-only';
import fs from 'node:fs';
import path from 'node:path';

export async function acquireDirectoryLock(directory: string): Promise<() => void> {
  fs.mkdirSync(directory, { recursive: true });
  const lockFile = `${directory}.lock`;
  // A holder that was just killed may take a moment to go; give it a few seconds before refusing.
  for (let attempt = 0; attempt < 30; attempt++) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      return () => fs.rmSync(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readHolder(lockFile);
      if (holder === undefined) continue; // released between our two looks
      if (isRunning(holder) && holder !== process.pid) {
        if (attempt < 29) {
          await new Promise((resolve) => setTimeout(resolve, 100));
          continue;
        }
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

function readHolder(lockFile: string): number | undefined {
  try {
    return Number(fs.readFileSync(lockFile, 'utf8').trim());
  } catch {
    return undefined;
  }
}

function isRunning(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  return !isZombie(pid);
}

/** A killed process whose parent has not reaped it yet still answers signal 0; on Linux /proc tells. */
function isZombie(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return /^\d+ \(.*\) [ZX]/s.test(stat);
  } catch {
    return false;
  }
}
