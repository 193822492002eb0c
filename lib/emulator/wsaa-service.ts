// The emulated WSAA `loginCms`: checks the CMS, its signer and the TRA in the real service's order,
// then issues a 12 h ticket, refusing a second one while the first is valid.
import crypto, { X509Certificate } from 'node:crypto';
import { CmsError, verifyCms } from '@/lib/ar/cms';
import { REGISTER_SERVICE } from '@/lib/ar/register';
import { AUTHORITY_SERVICES } from '@/lib/ar/services';
import type { Environment } from '@/lib/ar/environments';
import { emulatorWsaaLockoutMs } from '@/lib/config';
import { emulatorCa } from '@/lib/emulator/ca';
import { fingerprintOf, isIssuedBy, subjectAttributes } from '@/lib/emulator/issuer';
import { readLoginRequest } from '@/lib/emulator/login-request';
import { getCertificateByFingerprint, isAuthorized, issueTicketUnlessValid } from '@/lib/emulator/queries';
import { escapeXml } from '@/lib/ar/xml';
import { outageFor } from '@/lib/emulator/faults';
import { serveSoap, type SoapRequest } from '@/lib/emulator/soap';
import { issueTicket, type IssuedTicket } from '@/lib/emulator/ticket';
import {
  axisFault,
  noSoapActionFault,
  wsaaFault,
  wsaaFaultError,
  type WsaaFaultCode,
} from '@/lib/emulator/wsaa-faults';

const WSAA_NS = 'http://wsaa.view.sua.dvadac.desein.afip.gov';

const CMS_FAULTS: Record<CmsError['reason'], WsaaFaultCode> = {
  malformed: 'cms.bad',
  no_signer_certificate: 'cms.cert.notFound',
  bad_signature: 'cms.sign.invalid',
};

export function serveLoginCms(environment: Environment, request: Request): Promise<Response> {
  return serveSoap(
    request,
    {
      prefix: 'soapenv',
      asciiFaults: true,
      internalFault: wsaaFault('wsaa.internalError'),
      outage: outageFor(environment),
    },
    async (soap) => {
      const in0 = readIn0(soap);
      const ticket = await authenticate(environment, in0, new Date());
      return `<loginCmsResponse xmlns="${WSAA_NS}"><loginCmsReturn>${escapeXml(ticket.xml)}</loginCmsReturn></loginCmsResponse>`;
    },
  );
}

function readIn0(soap: SoapRequest): string {
  // Axis wants a SOAPAction header in SOAP 1.1, whatever its value; it does not check the element's namespace.
  if (soap.version === '1.1' && soap.action === null) throw noSoapActionFault();
  if (soap.operation !== 'loginCms') throw axisFault('Client', `No such operation '${soap.operation}'`);
  const in0 = soap.payload.in0;
  if (typeof in0 !== 'string')
    throw axisFault('Server.userException', 'javax.ejb.EJBException: java.lang.NullPointerException');
  return in0;
}

async function authenticate(environment: Environment, in0: string, now: Date): Promise<IssuedTicket> {
  const base64 = in0.replace(/\s+/g, '');
  if (!base64 || !/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) throw wsaaFaultError('cms.bad.base64');
  let cms: ReturnType<typeof verifyCms>;
  try {
    cms = verifyCms(Buffer.from(base64, 'base64'));
  } catch (error) {
    if (error instanceof CmsError) throw wsaaFaultError(CMS_FAULTS[error.reason]);
    throw error;
  }
  const signer = new X509Certificate(cms.signerCertificatePem);
  if (now < new Date(signer.validFrom)) throw wsaaFaultError('cms.cert.invalid');
  if (now > new Date(signer.validTo)) throw wsaaFaultError('cms.cert.expired');
  // Only this environment's CA: the other one's certificates are as foreign as a stranger's.
  if (!isIssuedBy(cms.signerCertificatePem, emulatorCa(environment).certificatePem))
    throw wsaaFaultError('cms.cert.untrusted');
  const fingerprint = fingerprintOf(signer);
  if ((await getCertificateByFingerprint(fingerprint))?.revokedAt) throw wsaaFaultError('cms.cert.revoked');

  const subject = subjectAttributes(cms.signerCertificatePem);
  const tra = readLoginRequest(cms.content, { environment, signerDn: subject, now });
  if (![...AUTHORITY_SERVICES, REGISTER_SERVICE].includes(tra.service)) throw wsaaFaultError('wsn.notFound');
  const alias = subject.find((attribute) => attribute.name === 'CN')?.value;
  const cuit = /^CUIT (\d{11})$/.exec(subject.find((attribute) => attribute.name === 'SERIALNUMBER')?.value ?? '')?.[1];
  if (!alias || !cuit || !(await isAuthorized({ environment, cuit, alias, service: tra.service }))) {
    throw wsaaFaultError('coe.notAuthorized');
  }

  const ticket = issueTicket({ environment, service: tra.service, cuit, subject, now });
  const issued = await issueTicketUnlessValid(
    {
      environment,
      fingerprint,
      service: tra.service,
      cuit,
      tokenHash: sha256(ticket.token),
      signHash: sha256(ticket.sign),
      expiresAt: ticket.expiresAt,
    },
    now,
    emulatorWsaaLockoutMs(environment),
  );
  if (!issued) throw wsaaFaultError('coe.alreadyAuthenticated');
  return ticket;
}

export const sha256 = (text: string) => crypto.createHash('sha256').update(text, 'utf8').digest('hex');

/** Two digests compared in constant time. */
export const sameDigest = (a: string, b: string) =>
  a.length === b.length && crypto.timingSafeEqual(Buffer.from(a), Buffer.from(b));
