// The registration link a supplier opens: unknown → 404; finished → what was registered; open → the
// supplier's header (server-rendered) and the wizard, started with everything it needs (no fetch on load),
// on the step the URL names (?step=) when the supplier may be there. A used live link whose supplier still
// has no usable point of sale keeps leading to the points of sale.
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { ApiError } from '@/lib/api/errors';
import { findRegistration } from '@/lib/gov-ar/registration/context';
import { noteLinkOpened } from '@/lib/gov-ar/registration/link-visits';
import { summarizeRegistration } from '@/lib/gov-ar/registration/summary';
import { getFollowUpView, getRegistrationView } from '@/lib/gov-ar/registration/view';
import { asWizardStep } from '@/lib/wizard/steps';
import { arAuthority } from '@/lib/config';
import { requestLocale } from '@/lib/i18n/locale';
import { messagesFor } from '@/lib/i18n/messages';
import type { RegistrationView } from '@/lib/wizard/types';
import { LocaleProvider } from '@/components/i18n/locale-context';
import { RegistrationShell } from '@/components/layout/registration-shell';
import { RegistrationCompleted } from '@/components/registration/registration-completed';
import { SupplierHeader } from '@/components/registration/supplier-header';
import { Wizard } from '@/components/wizard/wizard';

export const dynamic = 'force-dynamic';

interface PageProps {
  params: Promise<{ ref: string }>;
  searchParams: Promise<{ embed?: string | string[]; step?: string | string[] }>;
}

export async function generateMetadata(): Promise<Metadata> {
  // The link is a capability: keep it out of search engines.
  return { title: messagesFor(await requestLocale()).brand.name, robots: { index: false, follow: false } };
}

export default async function RegistrationPage({ params, searchParams }: PageProps) {
  const [{ ref }, { embed, step }, locale] = await Promise.all([params, searchParams, requestLocale()]);
  const registration = await findRegistration(ref);
  if (!registration) notFound();
  await noteLinkOpened(registration);
  const embedded = embed === '1';
  const view = registration.open ? await openView(ref) : await getFollowUpView(registration);

  return (
    <LocaleProvider locale={locale} messages={messagesFor(locale)}>
      <RegistrationShell locale={locale} embedded={embedded}>
        {view ? (
          <>
            <SupplierHeader locale={locale} view={view} />
            <Wizard
              view={view}
              requestedStep={asWizardStep(step)}
              emulatorPortalUrl={arAuthority() === 'emulator' ? '/emulator' : undefined}
            />
          </>
        ) : (
          <RegistrationCompleted locale={locale} summary={await summarizeRegistration(registration)} />
        )}
      </RegistrationShell>
    </LocaleProvider>
  );
}

/** The same view the service answers; undefined when the link was used between the two reads. */
async function openView(ref: string): Promise<RegistrationView | undefined> {
  try {
    return await getRegistrationView(ref);
  } catch (error) {
    if (error instanceof ApiError && error.code === 'link_used') return undefined;
    throw error;
  }
}
