// The reference's table of contents: each tag and its operations, method and path.
import type { ReferenceGroup } from '@/lib/openapi/reference';

export const tagAnchor = (tag: string) => `tag-${tag.toLowerCase()}`;

export function ReferenceNav({ groups }: { groups: ReferenceGroup[] }) {
  return (
    <nav aria-labelledby="contents-title" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="contents-title" className="text-lg font-medium">
        Contents
      </h2>
      <ul className="mt-2 grid gap-4 sm:grid-cols-2">
        {groups.map((group) => (
          <li key={group.tag}>
            <a className="font-medium text-sky-800 underline underline-offset-2" href={`#${tagAnchor(group.tag)}`}>
              {group.tag}
            </a>
            <ul className="mt-1 space-y-0.5 text-sm">
              {group.operations.map(({ method, path, operation }) => (
                <li key={operation.operationId}>
                  <a className="text-slate-800 hover:underline" href={`#${operation.operationId}`}>
                    <span className="inline-block w-14 font-mono text-xs font-semibold">{method.toUpperCase()}</span>
                    <code className="break-all">{path}</code>
                  </a>
                </li>
              ))}
            </ul>
          </li>
        ))}
        <li>
          <a className="font-medium text-sky-800 underline underline-offset-2" href="#schemas">
            Schemas
          </a>
        </li>
      </ul>
    </nav>
  );
}
