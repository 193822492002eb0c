// vitest global setup for the server tests: a production build of the current sources, made once.
export async function setup() {
  const { ensureBuild } = await import('@/lib/cli/build.mjs');
  ensureBuild();
}
