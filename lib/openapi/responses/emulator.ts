// Answers of the emulator's portal (JSON); its SOAP services answer XML, described in words.
import { z } from 'zod';
import { EnvironmentName, ServiceName, Timestamp } from './common';

export const IssuedCertificate = z.strictObject({ certificate: z.string().describe("PEM, issued by the environment's CA") });

export const RecordedAuthorization = z.strictObject({
  environment: EnvironmentName, cuit: z.string(), alias: z.string(), service: ServiceName,
});

export const RecordedRevocation = z.strictObject({ environment: EnvironmentName, serial: z.string(), revoked_at: Timestamp });

export const RecordedPointOfSale = z.strictObject({
  environment: EnvironmentName,
  cuit: z.string(),
  number: z.int(),
  emission_type: z.string(),
  blocked: z.boolean(),
  dropped_on: z.iso.date().nullable(),
});
