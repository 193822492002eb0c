// The WSAA client: a signed login ticket request (TRA) in, a ticket (token, sign, expiry) out.
import 'server-only';
import { AuthorityError, problemForWsaaFault } from '@/lib/authority/authority-error';
import { buildLoginTicketRequest, signCms } from '@/lib/ar/cms';
import { authorityEndpoint } from '@/lib/authority/endpoints';
import { postSoap, soapEnvelope } from '@/lib/authority/soap-client';
import type { REGISTER_SERVICE } from '@/lib/ar/register';
import { xmlParser } from '@/lib/ar/xml';
import type { AuthorityService } from '@/lib/ar/services';
import type { Environment } from '@/lib/ar/environments';

const WSAA_NAMESPACE = 'http://wsaa.view.sua.dvadac.desein.afip.gov';

export interface Ticket {
  token: string;
  sign: string;
  expiresAt: Date;
}

export async function loginCms(
  environment: Environment,
  service: AuthorityService | typeof REGISTER_SERVICE,
  credential: { certificatePem: string; privateKeyPem: string },
  now = new Date(),
): Promise<Ticket> {
  const tra = buildLoginTicketRequest({ service, now });
  const cms = await signCms(Buffer.from(tra, 'utf8'), credential.certificatePem, credential.privateKeyPem);
  const envelope = soapEnvelope(`<wsaa:loginCms><wsaa:in0>${cms.toString('base64')}</wsaa:in0></wsaa:loginCms>`, {
    wsaa: WSAA_NAMESPACE,
  });
  const body = await postSoap(
    authorityEndpoint(environment, 'wsaa'),
    envelope,
    '',
    (fault) =>
      new AuthorityError(problemForWsaaFault(fault.faultCode), fault.faultString || fault.faultCode, {
        faultCode: fault.faultCode,
        service,
      }),
  );
  return readLoginTicketResponse(body);
}

function readLoginTicketResponse(body: Record<string, unknown>): Ticket {
  const response = body.loginCmsResponse as { loginCmsReturn?: string } | undefined;
  const ticketXml = response?.loginCmsReturn;
  if (!ticketXml) throw new AuthorityError('unavailable', 'The WSAA answered without a login ticket.');
  const ticket = (
    xmlParser.parse(ticketXml) as {
      loginTicketResponse?: { header?: { expirationTime?: string }; credentials?: { token?: string; sign?: string } };
    }
  ).loginTicketResponse;
  const expiresAt = new Date(ticket?.header?.expirationTime ?? '');
  if (!ticket?.credentials?.token || !ticket.credentials.sign || Number.isNaN(expiresAt.getTime())) {
    throw new AuthorityError('unavailable', 'The WSAA login ticket is incomplete.');
  }
  return { token: ticket.credentials.token, sign: ticket.credentials.sign, expiresAt };
}
