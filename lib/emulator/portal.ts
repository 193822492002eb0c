// The emulated portal (WSASS in sandbox, "Administración de Certificados Digitales" and the relations
// administrator in live): certificates from CSRs, service authorizations, revocations, points of sale.
import { X509Certificate } from 'node:crypto';
import forge from 'node-forge';
import { z } from 'zod';
import { ApiError, invalidField } from '@/lib/api/errors';
import { isUniqueViolation } from '@/lib/db/errors';
import { CuitSchema, isValidCuit } from '@/lib/ar/cuit';
import { REGISTER_SERVICE } from '@/lib/ar/register';
import { AUTHORITY_SERVICES } from '@/lib/ar/services';
import type { AuthorityService } from '@/lib/ar/services';
import type { Environment } from '@/lib/ar/environments';
import { emulatorCa } from '@/lib/emulator/ca';
import { readCertificationRequest } from '@/lib/emulator/certification-request';
import { attributeText, fingerprintOf, isIssuedBy, issueCertificate, subjectAttributes } from '@/lib/emulator/issuer';
import { addAuthorization, insertCertificate, revokeCertificate, upsertPointOfSale } from '@/lib/emulator/queries';
import type {
  IssuedCertificate,
  RecordedAuthorization,
  RecordedPointOfSale,
  RecordedRevocation,
} from '@/lib/responses/emulator';

/** The two environments the emulator serves, each with its own CA; also the SOAP paths' {environment}. */
export const EnvironmentSchema = z.enum(['sandbox', 'live']);
const AliasSchema = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/, 'letters, digits, dots, hyphens and underscores (up to 64)');
const CERTIFICATE_YEARS = 2;

export const CertificateRequestBody = z
  .object({ environment: EnvironmentSchema, alias: AliasSchema, csr: z.string().min(1).max(65_536) })
  .strict();
export const AuthorizationBody = z
  .object({
    environment: EnvironmentSchema,
    cuit: CuitSchema,
    alias: AliasSchema,
    // The register's service too: a platform asks it with its own certificate.
    service: z.enum([REGISTER_SERVICE, ...AUTHORITY_SERVICES] as [
      AuthorityService | typeof REGISTER_SERVICE,
      ...(AuthorityService | typeof REGISTER_SERVICE)[],
    ]),
  })
  .strict();
export const RevocationBody = z
  .object({ environment: EnvironmentSchema, certificate: z.string().min(1).max(65_536) })
  .strict();
export const PointOfSaleBody = z
  .object({
    environment: EnvironmentSchema,
    cuit: CuitSchema,
    number: z.number().int().min(1).max(99_998),
    /** How it issues, as FEParamGetPtosVenta's EmisionTipo says: online (CAE, the default) or under a CAEA. */
    emission: z.enum(['CAE', 'CAEA']).optional(),
    /** Tests make blocked and dropped points of sale with these. */
    blocked: z.boolean().optional(),
    dropped_on: z.iso.date().nullable().optional(),
  })
  .strict();

/** Signs the CSR's key into `CN=<alias>, serialNumber=CUIT <cuit>` (plus the CSR's O), valid for two years. */
export async function issueCertificateFromCsr(
  input: z.output<typeof CertificateRequestBody>,
): Promise<IssuedCertificate> {
  const request = readCertificationRequest(input.csr);
  const serialNumber = request.subject.attributes.find((attribute) => attribute.type === '2.5.4.5');
  const cuit = /^CUIT (\d{11})$/.exec(String(serialNumber?.value ?? ''))?.[1];
  if (!cuit || !isValidCuit(cuit))
    throw invalidField('csr', 'the subject needs serialNumber=CUIT <11 digits> with a valid CUIT');
  const organization = request.subject.attributes.find((attribute) => attribute.type === '2.5.4.10');
  const ca = emulatorCa(input.environment);
  const notBefore = new Date(Math.floor(Date.now() / 1000) * 1000);
  const notAfter = new Date(notBefore);
  notAfter.setUTCFullYear(notAfter.getUTCFullYear() + CERTIFICATE_YEARS);
  const certificatePem = issueCertificate({
    subject: [
      { type: '2.5.4.3', value: input.alias, valueTagClass: forge.asn1.Type.UTF8 as number },
      { type: '2.5.4.5', value: `CUIT ${cuit}`, valueTagClass: forge.asn1.Type.PRINTABLESTRING as number },
      // The razón social keeps the CSR's encoding (usually UTF8String: it has accents).
      ...(organization
        ? [
            {
              type: '2.5.4.10',
              value: attributeText(organization),
              valueTagClass: organization.valueTagClass as number | undefined,
            },
          ]
        : []),
    ],
    publicKeyPem: forge.pki.publicKeyToPem(request.publicKey!),
    notBefore,
    notAfter,
    issuer: ca,
    signingKeyPem: ca.privateKeyPem,
  });
  const certificate = new X509Certificate(certificatePem);
  await insertCertificate({
    serial: certificate.serialNumber,
    environment: input.environment,
    alias: input.alias,
    cuit,
    fingerprint: fingerprintOf(certificate),
    certificatePem,
    notAfter,
  });
  return { certificate: certificatePem };
}

export async function recordAuthorization(input: z.output<typeof AuthorizationBody>): Promise<RecordedAuthorization> {
  await addAuthorization(input as typeof input & { service: AuthorityService });
  return input;
}

export async function revokeIssuedCertificate(input: z.output<typeof RevocationBody>): Promise<RecordedRevocation> {
  let certificate: X509Certificate;
  try {
    certificate = new X509Certificate(input.certificate);
  } catch {
    throw invalidField('certificate', 'not a PEM certificate');
  }
  const certificatePem = certificate.toString();
  if (!isIssuedBy(certificatePem, emulatorCa(input.environment).certificatePem)) {
    throw invalidField('certificate', `not issued by the ${input.environment} CA`);
  }
  const subject = subjectAttributes(certificatePem);
  const serialNumber = subject.find((attribute) => attribute.name === 'SERIALNUMBER')?.value ?? '';
  const stored = await revokeCertificate(
    {
      serial: certificate.serialNumber,
      environment: input.environment,
      alias: subject.find((attribute) => attribute.name === 'CN')?.value ?? '',
      cuit: serialNumber.replace(/^CUIT /, ''),
      fingerprint: fingerprintOf(certificate),
      certificatePem,
      notAfter: new Date(certificate.validTo),
    },
    new Date(),
  ).catch((error: unknown) => {
    // A certificate made outside the portal that reuses the serial of one the portal issued.
    if (isUniqueViolation(error))
      throw new ApiError('conflict', 'Another certificate with this serial number is on record.');
    throw error;
  });
  return { environment: input.environment, serial: stored.serial, revoked_at: stored.revokedAt!.toISOString() };
}

export async function registerPointOfSale(input: z.output<typeof PointOfSaleBody>): Promise<RecordedPointOfSale> {
  const stored = await upsertPointOfSale({
    environment: input.environment as Environment,
    cuit: input.cuit,
    number: input.number,
    emissionType: input.emission ?? 'CAE',
    blocked: input.blocked ?? false,
    droppedOn: input.dropped_on ?? null,
  });
  return {
    environment: stored.environment,
    cuit: stored.cuit,
    number: stored.number,
    emission_type: stored.emissionType,
    blocked: stored.blocked,
    dropped_on: stored.droppedOn,
  };
}
