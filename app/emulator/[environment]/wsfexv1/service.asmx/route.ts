import { soapRoute } from '@/lib/emulator/routes';
import { serveWsfex } from '@/lib/emulator/wsfex-service';

export const POST = soapRoute(serveWsfex);
