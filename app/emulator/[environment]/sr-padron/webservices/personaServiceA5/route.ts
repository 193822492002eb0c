import { serveRegister } from '@/lib/emulator/register-service';
import { soapRoute } from '@/lib/emulator/routes';
import { REGISTER_WSDL } from '@/lib/emulator/wsdl/register-wsdl';
import { wsdlRoute } from '@/lib/emulator/wsdl/wsdl-route';

export const POST = soapRoute(serveRegister);
export const GET = wsdlRoute(REGISTER_WSDL);
