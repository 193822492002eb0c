// Runs the product the way a user does (`node lib/cli/start.mjs`, i.e. `npm start`) on a free port,
// and waits for its start-up banner.
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

export interface RunningServer {
  url: string;
  /** The process group it runs in (`npm start`'s node and the `next start` it spawns). */
  processGroup: number;
  output: () => string;
  /** Waits until the output matches, failing after `ms`. */
  waitFor: (pattern: RegExp, ms?: number) => Promise<RegExpMatchArray>;
  /** Resolves with the exit code once the process has ended by itself (or been stopped). */
  exited: () => Promise<number | null>;
  stop: (signal?: NodeJS.Signals) => Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export async function startProduct(env: Record<string, string | undefined>): Promise<RunningServer> {
  const port = await freePort();
  const inherited = Object.entries(process.env).filter(([key]) => key !== 'DATABASE_URL' && key !== 'NODE_ENV');
  const childEnv: Record<string, string | undefined> = {
    ...Object.fromEntries(inherited),
    PORT: String(port),
    REGISTRATION_URL: `http://127.0.0.1:${port}`,
  };
  for (const [key, value] of Object.entries(env)) {
    if (value === undefined) delete childEnv[key];
    else childEnv[key] = value;
  }
  // Its own process group, so that killing it also kills the `next start` it spawns.
  const child: ChildProcess = spawn(process.execPath, [path.join('lib', 'cli', 'start.mjs')], {
    cwd: process.cwd(),
    env: childEnv as NodeJS.ProcessEnv,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const listeners = new Set<() => void>();
  const append = (chunk: Buffer) => {
    output += chunk.toString();
    for (const listener of listeners) listener();
  };
  child.stdout!.on('data', append);
  child.stderr!.on('data', append);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const waitFor = (pattern: RegExp, ms = 90_000) =>
    new Promise<RegExpMatchArray>((resolve, reject) => {
      const check = () => {
        const match = output.match(pattern);
        if (match) {
          listeners.delete(check);
          clearTimeout(timer);
          resolve(match);
        }
      };
      const timer = setTimeout(() => {
        listeners.delete(check);
        reject(new Error(`Timed out waiting for ${pattern}. Output so far:\n${output}`));
      }, ms);
      listeners.add(check);
      check();
    });

  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    try {
      process.kill(-child.pid!, signal);
    } catch {
      return;
    }
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  };

  return {
    url: `http://127.0.0.1:${port}`,
    processGroup: child.pid!,
    output: () => output,
    waitFor,
    exited: () => exited,
    stop,
  };
}
