import { unknownPathHandlers } from '@/lib/http/with-api';

export const { GET, POST, PUT, PATCH, DELETE } = unknownPathHandlers();
