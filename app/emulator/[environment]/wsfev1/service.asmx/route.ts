import { soapRoute } from '@/lib/ar/emulator/routes';
import { wsfeService } from '@/lib/ar/emulator/wsfe';

export const POST = soapRoute(wsfeService);
