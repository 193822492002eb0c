// An operation's path and query parameters as a table.
import type { Parameter } from '@/lib/openapi/parameters';
import { constraintsOf } from '@/components/docs/schema-text';
import { SchemaType } from '@/components/docs/schema-type';

export function ParametersTable({ parameters, caption }: { parameters: Parameter[]; caption: string }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="text-slate-700">
          <tr>
            <th scope="col" className="py-1 pr-4 font-medium">
              Name
            </th>
            <th scope="col" className="py-1 pr-4 font-medium">
              In
            </th>
            <th scope="col" className="py-1 pr-4 font-medium">
              Type
            </th>
            <th scope="col" className="py-1 font-medium">
              About
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {parameters.map((parameter) => (
            <tr key={`${parameter.in}:${parameter.name}`} className="align-top">
              <th scope="row" className="py-1.5 pr-4 font-normal">
                <code className="font-semibold">{parameter.name}</code>
                {parameter.required ? <span className="ml-2 text-xs font-semibold text-rose-800">required</span> : null}
              </th>
              <td className="py-1.5 pr-4">{parameter.in}</td>
              <td className="py-1.5 pr-4">
                <SchemaType schema={parameter.schema} />
              </td>
              <td className="py-1.5 text-slate-700">
                {[parameter.description, ...constraintsOf(parameter.schema)].filter(Boolean).join('; ')}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
