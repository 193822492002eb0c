'use client';
// The suppliers page: which workflow registrations use, the "Add supplier" form, and the list.
import Link from 'next/link';
import { CONSOLE_PATHS } from '@/lib/console/paths';
import { link } from '@/components/wizard/styles';
import { AddSupplierForm } from '@/components/console/add-supplier-form';
import { SupplierList } from '@/components/console/supplier-list';
import { Notice } from '@/components/console/ui';
import { useRegistrationWorkflow } from '@/components/console/use-registration-workflow';

export function SuppliersView() {
  const { workflow, isPending } = useRegistrationWorkflow();
  return (
    <>
      {!isPending &&
        (workflow ? (
          <p className="text-sm text-slate-700">
            Registrations use the workflow <span className="font-medium text-slate-900">{workflow.name}</span> (the
            newest).
          </p>
        ) : (
          <Notice tone="info">
            To register suppliers, connect the Argentina app and create a registration workflow in{' '}
            <Link className={link} href={CONSOLE_PATHS.configuration}>
              Configuration
            </Link>
            .
          </Notice>
        ))}
      <AddSupplierForm />
      <SupplierList workflowId={workflow?.id} />
    </>
  );
}
