// A job step as PostgreSQL writes a row to JSON (`row_to_json`, `json_agg`): snake_case columns and timestamps
// as text. Statements that answer steps inside a larger answer (a step claimed along with a transition, a
// job's steps with the job) read them back into rows here.
import type { JobStepRow } from '@/lib/db/schema';

export interface StepRowJson {
  id: string;
  job_id: string;
  position: number;
  name: string;
  rescue: boolean;
  config: JobStepRow['config'];
  status: JobStepRow['status'];
  attempts: number;
  errors: number;
  run_at: string;
  locked_until: string | null;
  started_at: string | null;
  completed_at: string | null;
  message: string | null;
}

const dateOrNull = (text: string | null) => (text === null ? null : new Date(text));

/** The JSON as the driver hands it over: parsed already (node-postgres, PGlite's json) or as text. */
export const parsedJson = <T>(raw: T | string): T => (typeof raw === 'string' ? (JSON.parse(raw) as T) : raw);

export function stepRowFromJson(row: StepRowJson): JobStepRow {
  return {
    id: row.id,
    jobId: row.job_id,
    position: row.position,
    name: row.name,
    rescue: row.rescue,
    config: row.config,
    status: row.status,
    attempts: row.attempts,
    errors: row.errors,
    runAt: new Date(row.run_at),
    lockedUntil: dateOrNull(row.locked_until),
    startedAt: dateOrNull(row.started_at),
    completedAt: dateOrNull(row.completed_at),
    message: row.message,
  };
}
