// Recognising database errors across both drivers (drizzle wraps the driver's error in `cause`).

interface PgErrorLike {
  code?: string;
  constraint?: string;
  cause?: unknown;
}

export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let e = error as PgErrorLike | undefined; e; e = e.cause as PgErrorLike | undefined) {
    if (e.code === '23505') return !constraint || !e.constraint || e.constraint === constraint;
  }
  return false;
}
