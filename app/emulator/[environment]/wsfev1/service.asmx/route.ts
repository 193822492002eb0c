import { soapRoute } from '@/lib/emulator/routes';
import { serveWsfe } from '@/lib/emulator/wsfe-service';

export const POST = soapRoute(serveWsfe);
