'use client';
// Configuration › Registration workflows: making one from the `ar-supplier-registration` template and
// the list of those the workspace has. A generated webhook secret is shown once, right after.
import { useState } from 'react';
import type { Workflow } from '@/lib/console/types';
import { formatDateTime } from '@/lib/console/format';
import { smallButton } from '@/components/wizard/styles';
import { REGISTRATION_TEMPLATE } from '@/lib/gov-ar/registration/workflow-body';
import { useCursorList } from '@/components/console/use-cursor-list';
import { WORKFLOWS_PATH } from '@/components/console/use-registration-workflow';
import { WebhookSecretOnce } from '@/components/console/webhook-secret-once';
import { WorkflowForm } from '@/components/console/workflow-form';
import { Fact, Notice, Section } from '@/components/console/ui';

export function WorkflowSection({ connected }: { connected: boolean }) {
  const [created, setCreated] = useState<Workflow>();
  const workflows = useCursorList<Workflow>(['workflows'], WORKFLOWS_PATH);
  // The invoice workflow the invoices page makes is not one of these.
  const registrationWorkflows = workflows.items.filter((workflow) => workflow.template === REGISTRATION_TEMPLATE);

  return (
    <Section
      id="workflows"
      title="Registration workflows"
      lead="A workflow registers suppliers: it makes the link, optionally tells your webhook, then waits for the supplier."
    >
      {!connected && <Notice tone="info">Connect the Argentina app above before creating a workflow.</Notice>}
      {created?.webhook?.secret && (
        <WebhookSecretOnce
          workflowName={created.name}
          secret={created.webhook.secret}
          onDone={() => setCreated(undefined)}
        />
      )}
      <WorkflowForm onCreated={setCreated} />

      <h3 className="mt-8 font-semibold text-slate-900">Existing workflows</h3>
      {workflows.isPending && <p className="mt-2 text-sm text-slate-600">Loading the workflows…</p>}
      {workflows.isError && <Notice tone="error">The workflows could not be loaded.</Notice>}
      {workflows.isSuccess && registrationWorkflows.length === 0 && (
        <p className="mt-2 text-sm text-slate-600">There is no registration workflow yet.</p>
      )}
      <ul className="mt-3 space-y-3" aria-label="Registration workflows">
        {registrationWorkflows.map((workflow) => (
          <WorkflowItem key={workflow.id} workflow={workflow} />
        ))}
      </ul>
      {workflows.hasNextPage && (
        <button
          type="button"
          className={`${smallButton} mt-3`}
          onClick={() => workflows.fetchNextPage()}
          disabled={workflows.isFetchingNextPage}
        >
          Show more workflows
        </button>
      )}
    </Section>
  );
}

function WorkflowItem({ workflow }: { workflow: Workflow }) {
  const origins = workflow.allowed_origins ?? [];
  return (
    <li className="rounded-xl border border-slate-200 p-4">
      <p className="font-medium text-slate-900">{workflow.name}</p>
      <dl className="mt-2 grid gap-3 text-sm sm:grid-cols-2">
        <Fact term="Id">
          <code className="break-all text-xs">{workflow.id}</code>
        </Fact>
        <Fact term="Created">{formatDateTime(workflow.created_at)}</Fact>
        <Fact term="Webhook">
          {workflow.webhook?.url ? <span className="break-all">{workflow.webhook.url}</span> : 'None'}
        </Fact>
        <Fact term="Embedding origins">{origins.length ? origins.join(', ') : 'This console only'}</Fact>
      </dl>
    </li>
  );
}
