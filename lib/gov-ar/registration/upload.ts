// The supplier hands over a certificate (and its key, unless we made it): validate locally, prove it
// at the authority, then, in one transaction, store it sealed and resume the waiting job. A failure
// anywhere stores nothing and leaves the link usable.
import { GOV_AR_SRC, META_KEY } from '@/lib/gov-ar/app';
import { ApiError } from '@/lib/api/errors';
import { inTransaction } from '@/lib/db/client';
import { storeSecret } from '@/lib/crypto/secrets';
import { newId } from '@/lib/ids';
import { getEntryById, insertMetaRecords } from '@/lib/silo/queries';
import { lockOpenRegistrationJob, recordAuthorization } from '@/lib/gov-ar/registration/resume';
import { runJobToEnd } from '@/lib/transform/runner';
import { CertificateError, validateCertificateBundle, type ValidatedBundle } from '@/lib/ar/certificates';
import type { CertificateMessages } from '@/lib/ar/certificates/errors';
import type { Environment } from '@/lib/ar/environments';
import { arAuthority } from '@/lib/config';
import { activateCredential, KEY_PURPOSE, PASSWORD_PURPOSE } from '@/lib/gov-ar/credentials';
import { trustAnchors } from '@/lib/authority/trust';
import { checkAtAuthority } from '@/lib/gov-ar/registration/authority-check';
import { loadOpenRegistration, type RegistrationContext } from '@/lib/gov-ar/registration/context';
import { openRegistrationKey } from '@/lib/gov-ar/registration/generated-key';
import type { CompanyData } from '@/lib/responses/gov-ar-progress';
import type { RegisteredCertificate } from '@/lib/responses/gov-ar';
import { trackRegistration } from '@/lib/gov-ar/registration/track';
import { checkPointsOfSale } from '@/lib/gov-ar/registration/points-of-sale';

export interface CertificateUpload {
  certificate?: Buffer;
  key?: Buffer;
  password?: string;
}

export async function uploadCertificate(ref: string, upload: CertificateUpload): Promise<RegisteredCertificate> {
  const registration = await loadOpenRegistration(ref);
  const generated = upload.key?.length ? undefined : registration.generatedKey;
  let bundle: ValidatedBundle;
  try {
    bundle = await validateCertificateBundle(
      {
        certificate: upload.certificate,
        key: upload.key?.length ? upload.key : undefined,
        password: upload.password || undefined,
      },
      {
        environment: registration.environment,
        trustAnchors: trustAnchors(),
        supplierCuit: registration.party.tax_id.code,
        generatedKeyPem: generated ? await openRegistrationKey(generated) : undefined,
      },
    );
    await checkAtAuthority(registration, bundle);
  } catch (error) {
    throw error instanceof CertificateError ? certificateApiError(error) : error;
  }
  const company = registration.progress?.company ?? undefined;
  const credentialId = await storeAndResume(registration, bundle, {
    password: upload.password || undefined,
    generatedKeySecretId: generated?.keySecretId,
    company,
  });
  // Live: ask now whether a point of sale is there, so the record (and registration.completed) says so.
  if (registration.environment === 'live') await checkPointsOfSale(registration, company !== undefined);
  // The wait is over: the job's last steps run now, so the answer can say Registered.
  await runJobToEnd(registration.job.id);
  const entry = await getEntryById(registration.entry.ownerId, registration.entry.id);
  return {
    status: entry?.status === 'Registered' ? 'Registered' : (entry?.status ?? 'Processing'),
    certificate: {
      id: credentialId,
      alias: bundle.alias,
      cuit: bundle.cuit,
      serial: bundle.serial,
      issuer: bundle.issuer,
      not_before: bundle.notBefore.toISOString(),
      not_after: bundle.notAfter.toISOString(),
      services: registration.services,
    },
  };
}

interface Handover {
  password?: string;
  generatedKeySecretId?: string;
  /** The company data the supplier confirmed in the wizard, if they saved any. */
  company?: CompanyData;
}

async function storeAndResume(registration: RegistrationContext, bundle: ValidatedBundle, handover: Handover) {
  const { entry } = registration;
  const { password, generatedKeySecretId, company } = handover;
  return inTransaction(async (tx) => {
    // First, so that of many simultaneous uploads exactly one stores anything.
    const job = await lockOpenRegistrationJob(tx, registration.job.id);
    const sealed = (purpose: string, plaintext: string) =>
      storeSecret(tx, {
        ownerId: entry.ownerId,
        entryId: entry.id,
        purpose,
        plaintext: Buffer.from(plaintext, 'utf8'),
      });
    const credential = await activateCredential(tx, {
      id: newId(),
      ownerId: entry.ownerId,
      entryId: entry.id,
      jobId: job.id,
      environment: registration.environment,
      alias: bundle.alias,
      cuit: bundle.cuit,
      serial: bundle.serial,
      issuer: bundle.issuer,
      subject: bundle.subject,
      fingerprint: bundle.fingerprint,
      certificatePem: bundle.certificatePem,
      keySecretId: generatedKeySecretId ?? (await sealed(KEY_PURPOSE, bundle.privateKeyPem)),
      passwordSecretId: password ? await sealed(PASSWORD_PURPOSE, password) : null,
      services: registration.services,
      notBefore: bundle.notBefore,
      notAfter: bundle.notAfter,
      status: 'active',
    });
    // Integrators see what the supplier confirmed, beside the link, only if the registration succeeds.
    if (company) {
      await insertMetaRecords(tx, [
        {
          id: newId(),
          ownerId: entry.ownerId,
          entryId: entry.id,
          jobId: job.id,
          src: GOV_AR_SRC,
          key: META_KEY.company,
          value: company,
          indexed: false,
          shared: false,
        },
      ]);
    }
    await trackRegistration(tx, registration, {
      step: registration.environment === 'live' ? 'points_of_sale' : 'done',
      companyConfirmed: company !== undefined,
      certificateAccepted: true,
      visit: (previous) => ({ upload_attempts: previous.upload_attempts + 1 }),
    });
    await recordAuthorization(tx, job, { credential_id: credential.id });
    return credential.id;
  });
}

function certificateApiError(error: CertificateError): ApiError {
  const unavailable = error.code === 'authority_unavailable';
  const messages =
    error.code === 'certificate_wrong_environment' && arAuthority() === 'emulator'
      ? withEmulatorSwitchHint(error.messages, error.details.environment ?? 'sandbox')
      : error.messages;
  return new ApiError(
    error.code,
    messages.en,
    error.field ? { [error.field]: messages.en } : undefined,
    unavailable ? { 'retry-after': '30' } : undefined,
    { messages, ...(error.details?.service ? { service: error.details.service } : {}) },
  );
}

/** The emulator serves both environments from one page: a certificate from the other one was made under the wrong switch. */
function withEmulatorSwitchHint(messages: CertificateMessages, environment: Environment): CertificateMessages {
  const name = environment === 'live' ? 'Producción' : 'Homologación';
  return {
    es: `${messages.es} En el emulador, elija «${name}» en el selector «Ambiente», arriba de la página, y cree allí el certificado.`,
    en: `${messages.en} In the emulator, choose «${name}» with the «Ambiente» switch at the top of the page, and create the certificate there.`,
  };
}
