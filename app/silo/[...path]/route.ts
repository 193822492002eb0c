import { unknownPathHandlers } from '@/lib/api/with-api';

export const { GET, POST, PUT, PATCH, DELETE } = unknownPathHandlers();
