import { soapRoute } from '@/lib/emulator/routes';
import { WSAA_WSDL } from '@/lib/emulator/wsdl/wsaa-wsdl';
import { wsdlRoute } from '@/lib/emulator/wsdl/wsdl-route';
import { serveLoginCms } from '@/lib/emulator/wsaa-service';

export const POST = soapRoute(serveLoginCms);
export const GET = wsdlRoute(WSAA_WSDL);
