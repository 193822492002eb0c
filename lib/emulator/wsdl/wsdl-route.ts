// `GET <service path>?WSDL` for an emulated SOAP service: the service's WSDL (only with the emulator on, and
// only under /emulator/sandbox or /emulator/live); any other GET of the path is the same JSON 404 as an
// unknown path.
import { unknownPathHandlers } from '@/lib/http/with-api';
import { emulatorOnly, type RouteHandler } from '@/lib/emulator/routes';
import { wsdlResponse, type ServiceDescription } from '@/lib/emulator/wsdl/wsdl-document';

const notFound = unknownPathHandlers().GET;

export const wsdlRoute = (description: ServiceDescription): RouteHandler =>
  emulatorOnly(async (request, context) => {
    const { environment } = await context.params;
    if (environment !== 'sandbox' && environment !== 'live') return notFound(request);
    return wsdlResponse(request, description) ?? notFound(request);
  });
