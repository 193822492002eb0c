// Where the supplier is in the wizard and why, from the entry's gov-ar/registration meta record (the
// latest registration's): whether the link was ever opened, the step, the uploads tried and the newest
// refused one (code, message, when), and what is still to do. Nothing before a registration started.
import { formatDateTime } from '@/lib/console/format';
import { pendingWords, registrationRecord, uploadCount, WIZARD_STEP_WORDS } from '@/lib/console/registration-record';
import type { SupplierEntry } from '@/lib/console/types';
import { Fact } from '@/components/console/ui';

export function RegistrationProgress({ entry }: { entry: SupplierEntry }) {
  const record = registrationRecord(entry);
  if (!record) return null;
  const attempts = record.upload_attempts ?? 0;
  const refused = record.last_failed_upload;
  const waiting = entry.status === 'Processing';
  return (
    <div className="mt-4 space-y-3 text-sm text-slate-700" data-testid="registration-progress">
      <dl className="grid gap-3 sm:grid-cols-3">
        <Fact term="Link opened">
          {record.link_opened_at ? formatDateTime(record.link_opened_at) : 'Not yet: the supplier never opened it'}
        </Fact>
        <Fact term="Wizard step">
          {WIZARD_STEP_WORDS[record.step] ?? record.step} (since {formatDateTime(record.updated_at)})
        </Fact>
        <Fact term="Uploads">{attempts === 0 ? 'None tried' : uploadCount(attempts)}</Fact>
      </dl>
      {refused && (
        <div
          className={`rounded-xl border p-3 ${waiting ? 'border-red-300 bg-red-50 text-red-950' : 'border-slate-200'}`}
        >
          <p className="font-semibold">Last refused upload, {formatDateTime(refused.at)}</p>
          <p className="mt-1 break-words">
            <code className="font-semibold">{refused.code}</code>: {refused.message}
          </p>
        </div>
      )}
      <p>{record.pending.length > 0 ? `Still to do: ${pendingWords(record)}.` : 'Nothing is pending.'}</p>
    </div>
  );
}
