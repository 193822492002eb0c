// transform/v1: registration workflows and jobs.
import { ListQuery } from '@/lib/api/pagination';
import { WorkflowBody } from '@/lib/openapi/service-bodies';
import { IdParams, JobBody, JobListQuery, JobWaitQuery } from '@/lib/transform/schemas';
import { Job, JobList } from '@/lib/responses/transform';
import { Workflow, WorkflowList } from '@/lib/openapi/responses/transform';
import { answer, jsonBody, type Endpoint } from '@/lib/openapi/types';

const JOB_REFUSALS = [
  'workflow_not_found',
  'entry_not_found',
  'app_not_connected',
  'registration_in_progress',
  'conflict',
] as const;
const REPLAYED = 'The stored job, when the same id or key was already used for this very body';
const WAITED =
  "With `?wait=`, once the job is completed, failed or waiting within those seconds: the job, with `entry_status` (its entry's status: `Sent`, `Error`...). Also the stored job of a replay.";
const WAIT_NOTE =
  ' `?wait=<seconds>` (1..60) holds the answer until the job is completed, failed or waiting (200 with `entry_status`), or the seconds pass (202 as without it); the job is read again every few hundred milliseconds, so one that another instance runs is seen too.';

export const TRANSFORM_ENDPOINTS: Endpoint[] = [
  {
    method: 'post',
    path: '/transform/v1/workflows',
    operationId: 'createWorkflow',
    tag: 'Transform',
    auth: 'caller',
    summary: 'Create a registration workflow',
    description:
      'Needs the Argentina app connected. A `webhook` adds a step that POSTs `registration.link_created`, signed per Standard Webhooks, before the job waits for the supplier; its `whsec_` secret is answered once when not sent.',
    body: jsonBody(WorkflowBody),
    errors: ['app_not_connected'],
    responses: { 201: answer(Workflow, 'The workflow') },
  },
  {
    method: 'get',
    path: '/transform/v1/workflows',
    operationId: 'listWorkflows',
    tag: 'Transform',
    auth: 'caller',
    summary: 'List workflows, newest first',
    query: ListQuery,
    responses: { 200: answer(WorkflowList, 'A page of workflows') },
  },
  {
    method: 'get',
    path: '/transform/v1/workflows/{id}',
    operationId: 'getWorkflow',
    tag: 'Transform',
    auth: 'caller',
    summary: 'Fetch a workflow',
    params: IdParams,
    notFound: 'workflow_not_found',
    responses: { 200: answer(Workflow, 'The workflow') },
  },
  {
    method: 'post',
    path: '/transform/v1/jobs',
    operationId: 'createJob',
    tag: 'Transform',
    auth: 'caller',
    summary: 'Start a registration job for a supplier entry',
    description: `The job sets the entry \`Processing\`, creates the registration link (a meta record of the entry) and waits for the supplier. A job for a \`Registered\` entry is a renewal.${WAIT_NOTE}`,
    query: JobWaitQuery,
    body: jsonBody(JobBody),
    errors: JOB_REFUSALS,
    responses: { 202: answer(Job, 'The queued job'), 200: answer(Job, `${REPLAYED}. ${WAITED}`) },
  },
  {
    method: 'get',
    path: '/transform/v1/jobs',
    operationId: 'listJobs',
    tag: 'Transform',
    auth: 'caller',
    summary: 'List jobs, newest first',
    description: '`?silo_entry_id=` lists the jobs of one entry (its registrations and renewals).',
    query: JobListQuery,
    responses: { 200: answer(JobList, 'A page of jobs') },
  },
  {
    method: 'get',
    path: '/transform/v1/jobs/{id}',
    operationId: 'getJob',
    tag: 'Transform',
    auth: 'caller',
    summary: 'Fetch a job with its steps and webhook deliveries',
    params: IdParams,
    notFound: 'job_not_found',
    responses: { 200: answer(Job, 'The job') },
  },
  {
    method: 'put',
    path: '/transform/v1/jobs/{id}',
    operationId: 'putJob',
    tag: 'Transform',
    auth: 'caller',
    summary: 'Start a job under a client-chosen id (idempotent)',
    description: WAIT_NOTE.trim(),
    params: IdParams,
    query: JobWaitQuery,
    notFound: 'job_not_found',
    body: jsonBody(JobBody),
    errors: [...JOB_REFUSALS, 'id_unavailable'],
    responses: { 202: answer(Job, 'The queued job'), 200: answer(Job, `${REPLAYED}. ${WAITED}`) },
  },
];
