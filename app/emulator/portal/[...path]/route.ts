// Unknown paths under the emulator's services answer the same JSON 404 as the other services, not an HTML page.
import { unknownPathHandlers } from '@/lib/http/with-api';

export const { GET, POST, PUT, PATCH, DELETE } = unknownPathHandlers();
