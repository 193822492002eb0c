'use client';
// Step (b): how the supplier gets the certificate. By default we make the key and the request (CSR)
// on the server; the key never reaches the browser, only the request and its alias do.
import { useState } from 'react';
import { fill } from '@/lib/i18n/locales';
import type { CertificatePath, CertificateRequest } from '@/lib/wizard/types';
import { useLocale, useMessages } from '@/components/i18n/locale-context';
import { useAnnounce } from '@/components/wizard/announcer';
import { useCertificateRequest } from '@/components/wizard/use-registration-service';
import { ErrorNotice } from '@/components/wizard/error-notice';
import { ChoiceCard } from '@/components/wizard/form/choice-card';
import { serviceErrorMessage } from '@/lib/wizard/api';
import { StepFrame, type StepProps } from '@/components/wizard/step-frame';
import { StepNav } from '@/components/wizard/step-nav';

interface PathStepProps extends StepProps {
  refId: string;
  initial?: CertificatePath;
  request?: CertificateRequest;
  onDone: (path: CertificatePath, request?: CertificateRequest) => void;
}

export function PathStep({ headingRef, onBack, refId, initial, request, onDone }: PathStepProps) {
  const t = useMessages();
  const locale = useLocale();
  const announce = useAnnounce();
  const [path, setPath] = useState<CertificatePath>(initial ?? 'generate');
  const generate = useCertificateRequest(refId);
  const next = () => {
    if (path === 'own') onDone('own');
    else if (request) onDone('generate', request);
    else {
      generate.mutate(undefined, {
        onSuccess: (made) => onDone('generate', made),
        onError: (error) => announce(serviceErrorMessage(error, locale, t)),
      });
    }
  };

  return (
    <StepFrame
      headingRef={headingRef}
      title={t.path.heading}
      lead={t.path.lead}
      nav={<StepNav onBack={onBack} onNext={next} busy={generate.isPending} />}
    >
      <fieldset aria-labelledby="step-heading">
        <div className="space-y-3">
          <ChoiceCard
            name="certificate-path"
            value="generate"
            title={t.path.generate}
            hint={t.path.generateHint}
            checked={path === 'generate'}
            onChange={() => setPath('generate')}
          />
          <ChoiceCard
            name="certificate-path"
            value="own"
            title={t.path.own}
            hint={t.path.ownHint}
            checked={path === 'own'}
            onChange={() => setPath('own')}
          />
        </div>
      </fieldset>
      {path === 'generate' && request && (
        <p className="text-sm text-slate-700">{fill(t.path.ready, { alias: request.alias })}</p>
      )}
      <p role="status" className="text-sm text-slate-700">
        {generate.isPending ? t.path.generating : ''}
      </p>
      {generate.isError && <ErrorNotice>{serviceErrorMessage(generate.error, locale, t)}</ErrorNotice>}
    </StepFrame>
  );
}
