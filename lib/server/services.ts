// The composition root: every service plugs its folders, templates and tasks into the generic machinery
// here. Called once the process starts (lib/server/startup.ts, from instrumentation), by the test set-ups,
// and by what documents the API (lib/openapi), before anything looks them up.
import { plugGovAr } from '@/lib/gov-ar/plug';

export function plugServices(): void {
  plugGovAr();
}
