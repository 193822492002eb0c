// A client that goes away in the middle of its body (the supplier closes the tab during an upload)
// costs one log line, without a stack, and stores nothing; the link stays usable.
import { afterEach, describe, expect, it } from 'vitest';
import * as certificateRoute from '@/app/gov-ar/v1/registrations/[ref]/certificate/route';
import * as entriesRoute from '@/app/silo/v1/entries/route';
import { resultOf } from '@/tests/support/call';
import { captureLogs, type LogCapture } from '@/tests/support/log-capture';
import { createWorkspace } from '@/tests/support/scenario';
import { getRegistration, openRegistration } from '@/tests/support/registration';

/** A body that sends its first bytes, then fails the way Node's request stream does when the client goes. */
function cutOffBody(first: string, failure: unknown): ReadableStream<Uint8Array> {
  let sent = false;
  return new ReadableStream({
    pull(controller) {
      if (sent) return controller.error(failure);
      sent = true;
      controller.enqueue(new TextEncoder().encode(first));
    },
  });
}

const FAILURES: [string, unknown][] = [
  ['a reset connection', Object.assign(new Error('aborted'), { code: 'ECONNRESET' })],
  ['an aborted fetch', new DOMException('This operation was aborted', 'AbortError')],
  ['a terminated stream', new TypeError('terminated')],
];

let logs: LogCapture | undefined;
afterEach(() => {
  logs?.restore();
  logs = undefined;
});

function expectOneLineWithoutStack(path: RegExp) {
  const lines = logs!.text().split('\n').filter(Boolean);
  expect(lines).toEqual([expect.stringMatching(path)]);
  expect(lines[0]).not.toMatch(/\bat .*:\d+|Error:/);
}

describe('a request whose client goes away mid-body', () => {
  it.each(FAILURES)(
    'an upload cut off by %s: 400 malformed_request, one log line, the link still open',
    async (_case, failure) => {
      const { ref } = await openRegistration();
      const request = new Request(`http://localhost/gov-ar/v1/registrations/${ref}/certificate`, {
        method: 'POST',
        headers: { 'content-type': 'multipart/form-data; boundary=cut' },
        body: cutOffBody('--cut\r\nContent-Disposition: form-data; name="certificate"\r\n\r\n-----BEGIN CERT', failure),
        duplex: 'half',
      } as RequestInit);
      logs = captureLogs();
      const result = await resultOf(await certificateRoute.POST(request, { params: Promise.resolve({ ref }) }));
      expect(result.status).toBe(400);
      expect(result.body).toEqual({ code: 'malformed_request', message: expect.any(String) });
      expectOneLineWithoutStack(
        /^\[api\] POST \/gov-ar\/v1\/registrations\/\S+\/certificate: the client stopped sending the body/,
      );
      logs.restore();
      expect((await getRegistration(ref)).status).toBe(200);
    },
  );

  it.each(FAILURES)('a JSON body cut off by %s: the same', async (_case, failure) => {
    const { api_key } = await createWorkspace();
    const request = new Request('http://localhost/silo/v1/entries', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${api_key}` },
      body: cutOffBody('{"folder":"suppliers","data":{"na', failure),
      duplex: 'half',
    } as RequestInit);
    logs = captureLogs();
    const result = await resultOf(await entriesRoute.POST(request, { params: Promise.resolve({}) }));
    expect(result.status).toBe(400);
    expect(result.body.code).toBe('malformed_request');
    expectOneLineWithoutStack(/^\[api\] POST \/silo\/v1\/entries: the client stopped sending the body/);
  });
});
