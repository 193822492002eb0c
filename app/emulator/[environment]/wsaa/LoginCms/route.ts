import { soapRoute } from '@/lib/emulator/routes';
import { serveLoginCms } from '@/lib/emulator/wsaa-service';

export const POST = soapRoute(serveLoginCms);
