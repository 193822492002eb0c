// An integrator's client that survives our processes dying under it: every call goes to one of the app
// processes up now and, when the answer never came (connection refused or reset, a time-out) or was a 5xx,
// is made again, on whichever process is up, until the run's deadline. Only calls that are safe to repeat
// go through it: reads, and creates by a client-chosen id (`PUT .../{id}`), which answer the stored object.
import { api, type Answer } from '@/tests/bench/http';
import type { ChaosCluster } from '@/tests/chaos/cluster';

export interface ResilientApi {
  /** A JSON call (`body`) or a multipart one (`form`), with the workspace's key when `token` is given. */
  call(method: string, route: string, init?: { token?: string; body?: unknown; form?: FormData }): Promise<Answer>;
}

export interface CallTally {
  retries: number;
  serverErrors: number;
}

const REQUEST_MS = 30_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function resilientApi(cluster: ChaosCluster, deadline: number, tally: CallTally): ResilientApi {
  let turn = 0;
  return {
    async call(method, route, init = {}) {
      for (let attempt = 1; ; attempt++) {
        const urls = cluster.appUrls();
        const url = urls[turn++ % Math.max(urls.length, 1)];
        let answer: Answer | undefined;
        if (url) {
          answer = await Promise.race([
            api(`${url}${route}`, { method, ...init }),
            sleep(REQUEST_MS).then(() => undefined),
          ]).catch(() => undefined);
        }
        if (answer && answer.status < 500) return answer;
        if (answer && answer.status === 500) tally.serverErrors++;
        if (Date.now() > deadline) {
          throw new Error(
            `${method} ${route}: no answer before the run's deadline (last: ${answer?.status ?? 'none'})`,
          );
        }
        tally.retries++;
        await sleep(Math.min(200 * attempt, 2_000));
      }
    },
  };
}
