// vitest global setup for the server tests: a production build of the current sources, made once.
export async function setup() {
  // @ts-expect-error: a plain ESM module without type declarations
  const { ensureBuild } = await import('../../lib/cli/build.mjs');
  ensureBuild();
}
