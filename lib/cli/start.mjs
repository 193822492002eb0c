// `npm start`: build when needed, then serve with `next start`. Migrations, the demo seed and the
// job runner start inside the server (instrumentation.ts).
import { spawn } from 'node:child_process';
import { ensureBuild, nextBin } from './build.mjs';

ensureBuild();

const port = process.env.PORT ?? '3000';
// `next start` forces NODE_ENV=production; APP_ENV carries what the operator actually asked for.
const appEnv = process.env.APP_ENV ?? (process.env.NODE_ENV === 'production' ? 'production' : 'development');
const server = spawn(process.execPath, [nextBin(), 'start', '-p', port, ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, APP_ENV: appEnv, NEXT_TELEMETRY_DISABLED: '1' },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
