// Next.js calls register() once when a server process starts: our start-up work runs here.
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { startServerOrExit } = await import('@/lib/server/startup');
  await startServerOrExit();
}
