import { soapRoute } from '@/lib/emulator/routes';
import { WSFE_WSDL } from '@/lib/emulator/wsdl/wsfe-wsdl';
import { wsdlRoute } from '@/lib/emulator/wsdl/wsdl-route';
import { serveWsfe } from '@/lib/emulator/wsfe-service';

export const POST = soapRoute(serveWsfe);
export const GET = wsdlRoute(WSFE_WSDL);
