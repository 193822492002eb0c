// `npm start`: build when needed, then serve with `next start`. Migrations, the demo seed and the
// job runner start inside the server (instrumentation.ts).
// PROCESSES=N (PostgreSQL only) serves the port from N `next start` processes (node:cluster shares the
// socket); each runs the job runner, and the instances share the work as separate instances do. A process
// that dies after it came up is started again; one that dies before ends them all with its exit code.
import cluster from 'node:cluster';
import { spawn } from 'node:child_process';
import { ensureBuild, nextBin } from './build.mjs';

const processes = Number(process.env.PROCESSES ?? '1');
if (!Number.isInteger(processes) || processes < 1 || processes > 64) {
  console.error(`[start] PROCESSES must be a whole number from 1 to 64, not "${process.env.PROCESSES}".`);
  process.exit(1);
}
if (processes > 1 && !process.env.DATABASE_URL) {
  console.error(
    `[start] PROCESSES=${processes} needs PostgreSQL (DATABASE_URL): the embedded database has one process as its writer.`,
  );
  process.exit(1);
}

ensureBuild();

const port = process.env.PORT ?? '3000';
// `next start` forces NODE_ENV=production; APP_ENV carries what the operator actually asked for.
const appEnv = process.env.APP_ENV ?? (process.env.NODE_ENV === 'production' ? 'production' : 'development');
const env = { ...process.env, APP_ENV: appEnv, NEXT_TELEMETRY_DISABLED: '1' };
const args = ['start', '-p', port, ...process.argv.slice(2)];

if (processes === 1) {
  const server = spawn(process.execPath, [nextBin(), ...args], { stdio: 'inherit', env });
  // SIGUSR2 asks the server for its counters (lib/server/startup.ts); it reaches the server, not this wrapper.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGUSR2']) process.on(signal, () => server.kill(signal));
  server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
} else {
  serveFromProcesses(processes);
}

function serveFromProcesses(count) {
  cluster.setupPrimary({ exec: nextBin(), args });
  let stopping = false;
  const up = new Set();
  const fork = () => {
    const worker = cluster.fork(env);
    worker.once('listening', () => up.add(worker.id));
    return worker;
  };
  for (let i = 0; i < count; i++) fork();
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(process.exitCode ?? 0);
      return;
    }
    if (!up.has(worker.id)) {
      console.error(`[start] a server process ended before it came up (${signal ?? `exit ${code}`}): stopping.`);
      stopAll('SIGTERM');
      process.exitCode = code ?? 1;
      return;
    }
    console.error(`[start] a server process ended (${signal ?? `exit ${code}`}): starting another.`);
    fork();
  });
  const stopAll = (signal) => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(process.exitCode ?? 0);
  };
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stopAll(signal));
  process.on('SIGUSR2', () => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGUSR2');
  });
}
