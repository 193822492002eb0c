'use client';
// Which of the authority's two environments the forms act on: Homologación (sandbox) or Producción (live).
import { ENVIRONMENT_NAMES, type PortalEnvironment } from '@/components/emulator/portal-request';

const CHOICES: PortalEnvironment[] = ['sandbox', 'live'];

export function EnvironmentSwitch({
  value,
  onChange,
}: {
  value: PortalEnvironment;
  onChange: (value: PortalEnvironment) => void;
}) {
  return (
    <fieldset className="rounded-xl border border-slate-300 bg-white p-4 shadow-sm">
      <legend className="px-1 font-semibold text-slate-900">Ambiente</legend>
      <div className="mt-1 grid grid-cols-2 gap-2">
        {CHOICES.map((choice) => (
          <label
            key={choice}
            className="flex min-h-11 cursor-pointer items-center justify-center gap-2 rounded-md border border-slate-400 px-3 py-2 font-medium has-[:checked]:border-sky-800 has-[:checked]:bg-sky-800 has-[:checked]:text-white has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-sky-600 has-[:focus-visible]:ring-offset-2"
          >
            <input
              type="radio"
              name="environment"
              value={choice}
              checked={value === choice}
              onChange={() => onChange(choice)}
              className="size-4 accent-white"
            />
            {ENVIRONMENT_NAMES[choice]}
          </label>
        ))}
      </div>
      <p className="mt-2 text-sm text-slate-600">
        {value === 'sandbox'
          ? 'Homologación es el ambiente de pruebas: los certificados los firma «Computadores Test».'
          : 'Producción es el ambiente real (aquí, emulado): los certificados los firma «Computadores».'}
      </p>
    </fieldset>
  );
}
