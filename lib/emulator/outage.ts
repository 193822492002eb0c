// The ways a call can fail at the emulated authority's door when a fault is set at the portal: the
// service is unavailable (HTTP 503, nothing done), the call is carried out and its answer is lost or
// replaced by a proxy's 502 page, answered late, or its lookups see the book as it was a while ago.
import type { EmulatorFault } from '@/lib/db/schema';

export interface Outage {
  fault: EmulatorFault;
  /** `slow`: how late the answer comes; `lagging_lookup`: how far behind the book the lookup sees. */
  delayMs: number;
}

/** HTTP.sys's own 503 page, as IIS answers while the service is down. */
export function unavailableAnswer(): Response {
  const page =
    '<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01//EN""http://www.w3.org/TR/html4/strict.dtd">\r\n' +
    '<HTML><HEAD><TITLE>Service Unavailable</TITLE>\r\n' +
    '<META HTTP-EQUIV="Content-Type" Content="text/html; charset=us-ascii"></HEAD>\r\n' +
    '<BODY><h2>Service Unavailable</h2>\r\n<hr><p>HTTP Error 503. The service is unavailable.</p>\r\n</BODY></HTML>\r\n';
  return new Response(page, { status: 503, headers: { 'content-type': 'text/html; charset=us-ascii' } });
}

/**
 * A proxy's answer after the authority did the work: nginx's own 502 page, as a gateway in front of the
 * service gives when the service's reply did not reach it whole. The client cannot tell whether it was done.
 */
export function badGatewayAnswer(): Response {
  const page =
    '<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n' +
    '<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n';
  return new Response(page, { status: 502, headers: { 'content-type': 'text/html' } });
}

/**
 * A lost answer: the work is done and committed, then the connection is cut before a byte of the reply
 * (the body errors before its first chunk, so Next, like our test server, destroys the socket without
 * sending headers). The client sees a reset connection ("socket hang up"), as when a link drops.
 */
export function lostAnswer(): Response {
  return new Response(
    new ReadableStream({
      start: (controller) => controller.error(new Error('emulator: answer dropped (fault drop_response)')),
    }),
  );
}
