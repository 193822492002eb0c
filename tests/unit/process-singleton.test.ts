// Next bundles instrumentation and each route handler apart, each with its own copy of our modules: a
// service plugged in at start-up throws its copy's errors into a handler that checks its own copy.
import { describe, expect, it } from 'vitest';
import { processSingleton, sameClassInEveryBundle } from '@/lib/process-singleton';

/** What two bundles' copies of one module look like: same source, two classes. */
function bundleCopyOfErrorModule() {
  class ReportedError extends Error {
    constructor(readonly code: string) {
      super(code);
    }
  }
  sameClassInEveryBundle(ReportedError, 'TestReportedError');
  return ReportedError;
}

describe('one class in every bundle', () => {
  it("an error thrown by one bundle's copy is an instance of the other's", () => {
    const Instrumentation = bundleCopyOfErrorModule();
    const RouteHandler = bundleCopyOfErrorModule();
    expect(Instrumentation).not.toBe(RouteHandler);
    const thrown = new Instrumentation('registration_in_progress');
    expect(thrown instanceof RouteHandler).toBe(true);
    expect(thrown instanceof Error).toBe(true);
  });

  it('leaves other errors and non-objects alone', () => {
    const Copy = bundleCopyOfErrorModule();
    expect(new Error('x') instanceof Copy).toBe(false);
    // Typed as unknown: what reaches the check at run time is whatever was thrown.
    const thrownValues: unknown[] = [null, 'registration_in_progress'];
    for (const value of thrownValues) expect(value instanceof Copy).toBe(false);
    class Other extends Error {}
    sameClassInEveryBundle(Other, 'TestOtherError');
    expect(new Other() instanceof Copy).toBe(false);
  });

  it('a process singleton is made once whatever the copy asking', () => {
    const first = processSingleton('test.singleton', () => ({ made: Symbol('first') }));
    const second = processSingleton('test.singleton', () => ({ made: Symbol('second') }));
    expect(second).toBe(first);
  });
});
