// The certificate the supplier registered (the entry's gov-ar/certificate meta record), or a dash.
import { formatDate } from '@/lib/console/format';
import { registeredCertificate } from '@/lib/console/supplier';
import type { SupplierEntry } from '@/lib/console/types';
import { Fact, Section, StatusBadge } from '@/components/console/ui';

export function CertificateDetails({ entry }: { entry: SupplierEntry }) {
  const certificate = registeredCertificate(entry);
  return (
    <Section id="certificate" title="Certificate">
      {certificate ? (
        <dl className="grid gap-3 text-sm sm:grid-cols-3">
          <Fact term="Expires">
            <span className="inline-flex flex-wrap items-center gap-2">
              <time dateTime={certificate.not_after}>{formatDate(certificate.not_after)}</time>
              {certificate.state && <StatusBadge status={certificate.state} />}
            </span>
          </Fact>
          <Fact term="Valid from">{formatDate(certificate.not_before)}</Fact>
          <Fact term="Alias">{certificate.alias ?? '—'}</Fact>
          <Fact term="Serial">
            <code className="break-all text-xs">{certificate.serial ?? '—'}</code>
          </Fact>
          <Fact term="Issuer">{certificate.issuer ?? '—'}</Fact>
          <Fact term="Services">{certificate.services?.join(', ') || '—'}</Fact>
        </dl>
      ) : (
        <p className="text-sm text-slate-700">The supplier has not registered a certificate yet.</p>
      )}
    </Section>
  );
}
