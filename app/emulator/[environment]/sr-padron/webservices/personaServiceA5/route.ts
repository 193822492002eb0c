import { soapRoute } from '@/lib/emulator/routes';
import { serveRegister } from '@/lib/emulator/register-service';

export const POST = soapRoute(serveRegister);
