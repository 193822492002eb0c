'use client';
// The "new registration workflow" form: validated in the browser by the API's RegistrationWorkflowBody (through
// WorkflowForm), and the API's own 422 fields put on the same inputs.
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm, type FieldErrors } from 'react-hook-form';
import { consoleApi, problemMessage, ServiceError } from '@/lib/console/api';
import type { Workflow } from '@/lib/console/types';
import {
  EMPTY_WORKFLOW_FORM,
  WorkflowForm as WorkflowFormSchema,
  type WorkflowFormInput,
} from '@/lib/console/workflow-form';
import type { RegistrationWorkflowBody } from '@/lib/gov-ar/registration/workflow-body';
import { TextField } from '@/components/wizard/form/text-field';
import { Spinner } from '@/components/wizard/spinner';
import { fieldError, fieldHint, fieldLabel, primaryButton, textInput } from '@/components/wizard/styles';
import { Notice } from '@/components/console/ui';

const FORM_FIELDS = ['name', 'webhook.url', 'webhook.secret'] as const;

export function WorkflowForm({ onCreated }: { onCreated: (workflow: Workflow) => void }) {
  const queryClient = useQueryClient();
  const form = useForm<WorkflowFormInput, unknown, RegistrationWorkflowBody>({
    resolver: zodResolver(WorkflowFormSchema),
    defaultValues: EMPTY_WORKFLOW_FORM,
  });
  const {
    register,
    handleSubmit,
    setError,
    reset,
    getValues,
    formState: { errors },
  } = form;

  const create = useMutation({
    mutationFn: (body: RegistrationWorkflowBody) => consoleApi<Workflow>('POST', '/transform/v1/workflows', body),
    onSuccess: (workflow) => {
      reset(EMPTY_WORKFLOW_FORM);
      onCreated(workflow);
      return queryClient.invalidateQueries({ queryKey: ['workflows'] });
    },
    onError: (error) => {
      const fields = error instanceof ServiceError ? (error.body.fields ?? {}) : {};
      const unplaced = Object.entries(fields).filter(([path, reason]) => !placeServerError(path, reason));
      if (!Object.keys(fields).length || unplaced.length) setError('root', { message: problemMessage(error) });
    },
  });

  /** Puts the API's reason for `path` on its input; false when no input of this form has that path. */
  function placeServerError(path: string, reason: string): boolean {
    const origin = /^allowed_origins\.(\d+)$/.exec(path);
    if (origin) {
      setError('allowed_origins', { message: originProblem(Number(origin[1]), reason) });
      return true;
    }
    if (!(FORM_FIELDS as readonly string[]).includes(path)) return false;
    setError(path as (typeof FORM_FIELDS)[number], { message: reason });
    return true;
  }

  function originProblem(index: number, reason: string): string {
    const line = getValues('allowed_origins')
      .split(/\r?\n/)
      .map((value) => value.trim())
      .filter(Boolean)[index];
    return line ? `"${line}": ${reason}` : reason;
  }

  const originsError = originsMessage(errors, originProblem);

  return (
    <form
      noValidate
      onSubmit={handleSubmit((body) => create.mutate(body))}
      className="space-y-5"
      aria-labelledby="new-workflow-title"
    >
      <h3 id="new-workflow-title" className="font-semibold text-slate-900">
        New registration workflow
      </h3>
      <p className="text-sm text-slate-600">
        Template: <code>ar-supplier-registration</code>.
      </p>
      <TextField
        label="Name (optional)"
        hint="How this console lists it. Default: Supplier registration."
        autoComplete="off"
        error={errors.name?.message}
        {...register('name')}
      />
      <TextField
        label="Webhook URL (optional)"
        type="url"
        autoComplete="off"
        spellCheck={false}
        hint="We POST registration.link_created here, signed per Standard Webhooks, before waiting for the supplier."
        error={errors.webhook?.url?.message}
        {...register('webhook.url')}
      />
      <TextField
        label="Webhook secret (optional)"
        autoComplete="off"
        spellCheck={false}
        hint="whsec_ followed by base64 of 24 to 64 random bytes. Leave it empty and we make one, shown once."
        error={errors.webhook?.secret?.message}
        {...register('webhook.secret')}
      />
      <div>
        <label htmlFor="allowed-origins" className={fieldLabel}>
          Allowed embedding origins (optional)
        </label>
        <p id="allowed-origins-hint" className={fieldHint}>
          Sites that may show the wizard in an iframe, one per line, such as https://erp.example.com. This console can
          always embed it.
        </p>
        <textarea
          id="allowed-origins"
          rows={3}
          spellCheck={false}
          {...register('allowed_origins')}
          aria-invalid={originsError ? true : undefined}
          aria-describedby={originsError ? 'allowed-origins-hint allowed-origins-error' : 'allowed-origins-hint'}
          className={`mt-2 ${textInput} font-mono text-sm`}
        />
        {originsError && (
          <p id="allowed-origins-error" className={fieldError}>
            {originsError}
          </p>
        )}
      </div>
      <Notice tone="error">{errors.root?.message}</Notice>
      <button type="submit" className={primaryButton} disabled={create.isPending}>
        {create.isPending && <Spinner />} Create workflow
      </button>
    </form>
  );
}

/**
 * The origins' error: one for the whole field, or (from the schema, per origin) the first origin's,
 * which react-hook-form files under its index.
 */
function originsMessage(errors: FieldErrors<WorkflowFormInput>, describe: (index: number, reason: string) => string) {
  const entry = errors.allowed_origins as unknown as
    | ({ message?: string } | undefined)[]
    | { message?: string }
    | undefined;
  if (!entry) return undefined;
  if (!Array.isArray(entry)) return entry.message;
  const index = entry.findIndex((item) => item?.message);
  return index >= 0 ? describe(index, entry[index]!.message!) : undefined;
}
