// An operation's answers: the successful ones with their bodies, then the error codes by status.
import type { Schema } from '@/lib/openapi/json-schema';
import { errorCodesOf } from '@/lib/openapi/reference';
import { ContentSchema, type Content } from '@/components/docs/content-schema';
import { Prose } from '@/components/docs/prose';

interface ResponseObject {
  description: string;
  headers?: Record<string, { description: string }>;
  content?: Content;
}

export function ResponsesList({
  responses,
  schemas,
}: {
  responses: Record<string, ResponseObject>;
  schemas: Record<string, Schema>;
}) {
  const entries = Object.entries(responses);
  const errors = entries
    .map(([status, response]) => [status, errorCodesOf(response)] as const)
    .filter(([, codes]) => codes.length > 0);
  const successes = entries.filter(([status]) => !errors.some(([errorStatus]) => errorStatus === status));
  return (
    <div className="space-y-3">
      <ul className="space-y-3">
        {successes.map(([status, response]) => (
          <li key={status} className="text-sm">
            <p>
              <span className="font-mono font-semibold">{status}</span> <Prose text={response.description} />
            </p>
            {response.headers ? (
              <p className="text-slate-700">
                Headers:{' '}
                {Object.entries(response.headers)
                  .map(([name, header]) => `${name} (${header.description})`)
                  .join('; ')}
              </p>
            ) : null}
            {response.content ? <ContentSchema content={response.content} schemas={schemas} /> : null}
          </li>
        ))}
      </ul>
      {errors.length ? (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="text-left text-sm text-slate-700">
              Errors: the{' '}
              <a className="font-medium text-sky-800 underline underline-offset-2" href="#schema-Error">
                error body
              </a>{' '}
              with one of these codes
            </caption>
            <thead className="sr-only">
              <tr>
                <th scope="col">Status</th>
                <th scope="col">Codes</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {errors.map(([status, codes]) => (
                <tr key={status} className="align-top">
                  <th scope="row" className="py-1 pr-4 font-mono font-semibold">
                    {status}
                  </th>
                  <td className="py-1">
                    <ul className="flex flex-wrap gap-1.5">
                      {codes.map((code) => (
                        <li key={code}>
                          <code className="rounded bg-slate-100 px-1.5 py-0.5">{code}</code>
                        </li>
                      ))}
                    </ul>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  );
}
