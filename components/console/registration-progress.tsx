// Where the supplier is in the wizard and what is still pending, from the entry's gov-ar/registration
// meta record (the latest registration's), in a sentence; nothing before a registration started.
import { formatDateTime } from '@/lib/console/format';
import type { SupplierEntry } from '@/lib/console/types';

interface RegistrationRecordValue {
  step: string;
  updated_at: string;
  pending: string[];
}

const PENDING_WORDS: Record<string, string> = {
  company: 'confirm the company data',
  certificate: 'upload a certificate',
  service_authorization: 'authorise the web service',
  point_of_sale: 'add a point of sale for web services at ARCA',
};

export function RegistrationProgress({ entry }: { entry: SupplierEntry }) {
  const record = entry.meta.filter((meta) => meta.src === 'gov-ar' && meta.key === 'registration').at(-1);
  const value = record?.value as RegistrationRecordValue | undefined;
  if (!value) return null;
  const pending = value.pending.map((item) => PENDING_WORDS[item] ?? item);
  return (
    <p className="mt-3 text-sm text-slate-700" data-testid="registration-progress">
      The supplier is at the wizard&apos;s <strong>{value.step.replace(/_/g, ' ')}</strong> step (since{' '}
      {formatDateTime(value.updated_at)}).{' '}
      {pending.length > 0 ? `Still to do: ${pending.join('; ')}.` : 'Nothing is pending.'}
    </p>
  );
}
