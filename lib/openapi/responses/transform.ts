// The document's Workflow: what every workflow presents (lib/responses/transform.ts) with the fields of
// every registered template (each optional: a workflow of another template has none), so a template added
// by a service is documented here with no edit. It reads the registered templates, hence its place at the top.
import { z } from 'zod';
import '@/lib/openapi/service-bodies';
import { listOf } from '@/lib/responses/common';
import { WorkflowHead, WorkflowTail } from '@/lib/responses/transform';
import { registeredTemplates } from '@/lib/transform/templates';

const templateFields = Object.assign({}, ...registeredTemplates().map((template) => template.presentedFields));

export const Workflow = z.strictObject({ ...WorkflowHead.shape, ...templateFields, ...WorkflowTail.shape });
export const WorkflowList = listOf(Workflow);
