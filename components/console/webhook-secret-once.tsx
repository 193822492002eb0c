'use client';
// The webhook secret we generated, shown this once (the service keeps no way to show it again), with a
// copy button. The focus comes here so that nobody misses it.
import { useEffect, useRef } from 'react';
import { CopyButton } from '@/components/wizard/copy-button';
import { secondaryButton, textInput } from '@/components/wizard/styles';

export function WebhookSecretOnce({
  workflowName,
  secret,
  onDone,
}: {
  workflowName: string;
  secret: string;
  onDone: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section
      aria-labelledby="webhook-secret-title"
      className="mb-6 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950"
    >
      <h3 id="webhook-secret-title" ref={heading} tabIndex={-1} className="font-semibold outline-none">
        Webhook secret of &ldquo;{workflowName}&rdquo;: copy it now
      </h3>
      <p className="mt-1 text-sm">
        Your receiver verifies our signatures with it. It is shown only this once: leaving this page loses it.
      </p>
      <label htmlFor="webhook-secret" className="mt-3 block text-sm font-medium">
        Webhook signing secret
      </label>
      <input
        id="webhook-secret"
        readOnly
        value={secret}
        spellCheck={false}
        className={`mt-1 ${textInput} font-mono text-sm`}
        onFocus={(event) => event.currentTarget.select()}
      />
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <CopyButton value={secret} label="Copy secret" />
        <button type="button" className={secondaryButton} onClick={onDone}>
          I have stored it
        </button>
      </div>
    </section>
  );
}
