import { emulatorWsdlRoute, soapRoute } from '@/lib/emulator/routes';
import { wsctWsdl } from '@/lib/emulator/wsct-wsdl';
import { serveWsct } from '@/lib/emulator/wsct-service';

export const POST = soapRoute(serveWsct);
export const GET = emulatorWsdlRoute(wsctWsdl);
