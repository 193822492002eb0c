import { soapRoute } from '@/lib/ar/emulator/routes';
import { loginCms } from '@/lib/ar/emulator/wsaa';

export const POST = soapRoute(loginCms);
