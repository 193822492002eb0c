// A console page for something this workspace does not have (an unknown supplier id, say).
import Link from 'next/link';
import { CONSOLE_PATHS } from '@/lib/console/paths';
import { secondaryButton } from '@/components/wizard/styles';

export default function ConsoleNotFound() {
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Not found</h1>
      <p className="text-slate-700">
        This workspace has no such supplier. It may belong to another workspace, or the address is mistyped.
      </p>
      <Link href={CONSOLE_PATHS.home} className={secondaryButton}>
        Back to the suppliers
      </Link>
    </div>
  );
}
