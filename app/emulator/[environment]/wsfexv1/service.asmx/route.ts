import { soapRoute } from '@/lib/emulator/routes';
import { WSFEX_WSDL } from '@/lib/emulator/wsdl/wsfex-wsdl';
import { wsdlRoute } from '@/lib/emulator/wsdl/wsdl-route';
import { serveWsfex } from '@/lib/emulator/wsfex-service';

export const POST = soapRoute(serveWsfex);
export const GET = wsdlRoute(WSFEX_WSDL);
