// One value per process, whatever the module instance asking: Next bundles instrumentation, the proxy and
// each route handler apart, each with its own copy of our modules, so state they must share (the database
// client, the runner, registries, in-process caches) lives on globalThis under a name. lib/db/README.md
// lists every such value and how it is kept fresh.
const PREFIX = 'ar-onboarding.';

/** The process's value named `name`, made by `create` the first time any bundle asks for it. */
export function processSingleton<T>(name: string, create: () => T): T {
  const holder = globalThis as Record<symbol, unknown>;
  const key = Symbol.for(PREFIX + name);
  if (!(key in holder)) holder[key] = create();
  return holder[key] as T;
}

/**
 * Makes `value instanceof cls` true for instances of any bundle's copy of `cls`: a service plugged in by
 * instrumentation throws its copy's errors into a route handler that checks against its own copy.
 */
export function sameClassInEveryBundle(cls: abstract new (...args: never[]) => unknown, name: string): void {
  const brand = Symbol.for(`${PREFIX}class.${name}`);
  Object.defineProperty(cls.prototype, brand, { value: true });
  Object.defineProperty(cls, Symbol.hasInstance, {
    value: (value: unknown) => typeof value === 'object' && value !== null && brand in value,
  });
}
