/** The result of an idempotent create: the stored object, and whether this call made it. */
export interface Created<T> {
  created: boolean;
  value: T;
}
