// Configuration: the apps the workspace uses (Argentina: connect) and its registration workflows.
import type { Metadata } from 'next';
import { ArgentinaApp } from '@/components/console/argentina-app';
import { WorkflowSection } from '@/components/console/workflow-section';
import { getEnrollment } from '@/lib/access/queries';
import { requireWorkspace } from '@/lib/console/current-session';
import { GOV_AR_APP_ID } from '@/lib/gov-ar/app';

export const metadata: Metadata = { title: 'Configuration' };

export default async function ConfigurationPage() {
  const workspace = await requireWorkspace();
  const enrollment = await getEnrollment({ appId: GOV_AR_APP_ID, ownerId: workspace.owner_id });
  const connectedAt = enrollment && !enrollment.disabled ? enrollment.updatedAt.toISOString() : undefined;
  return (
    <>
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Configuration</h1>
      <ArgentinaApp connectedAt={connectedAt} />
      <WorkflowSection connected={Boolean(connectedAt)} />
    </>
  );
}
