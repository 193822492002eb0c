// The authority runs every web service twice: homologación, for tests (our `sandbox`), and producción
// (our `live`), each with its own hosts and its own certificate authority.
export const ENVIRONMENTS = ['sandbox', 'live'] as const;
export type Environment = (typeof ENVIRONMENTS)[number];
