'use client';
// "A/B/M de Puntos de Venta": a point of sale for a CUIT, which FEParamGetPtosVenta then reports. Sending
// a number again changes its state (blocked, dropped), as the real screen's Modificación and Baja do.
import type { FormEvent } from 'react';
import { formatCuit } from '@/lib/ar/cuit-digits';
import { Field, Outcome, SubmitButton, controlClass } from '@/components/emulator/field';
import { fieldProblem, formProblem } from '@/components/emulator/messages';
import { ENVIRONMENT_NAMES, usePortalRequest, type PortalEnvironment } from '@/components/emulator/portal-request';
import { PortalSection } from '@/components/emulator/portal-section';

const FIELDS = ['cuit', 'number', 'blocked', 'dropped_on'] as const;

interface PointOfSale {
  environment: PortalEnvironment;
  cuit: string;
  number: number;
  blocked: boolean;
  dropped_on: string | null;
}

const stateOf = (point: PointOfSale) =>
  [point.blocked ? 'bloqueado' : '', point.dropped_on ? `dado de baja el ${point.dropped_on}` : '']
    .filter(Boolean)
    .join(' y ');

export function PointOfSaleForm({ environment }: { environment: PortalEnvironment }) {
  const request = usePortalRequest<PointOfSale>('points-of-sale');
  const form = request.formRef;
  const done = request.result;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const number = String(data.get('number') ?? '').trim();
    const droppedOn = String(data.get('dropped_on') ?? '').trim();
    await request.submit({
      environment,
      cuit: String(data.get('cuit') ?? '').trim(),
      // Anything but digits goes as is, so the API names the field.
      number: /^\d{1,6}$/.test(number) ? Number(number) : number,
      blocked: data.get('blocked') === 'on',
      ...(droppedOn ? { dropped_on: droppedOn } : {}),
    });
  }

  return (
    <PortalSection
      id="point-of-sale"
      title="A/B/M de Puntos de Venta"
      where="Administración de puntos de venta y domicilios › A/B/M de Puntos de Venta › Agregar"
    >
      <p className="mb-4 text-sm text-slate-700">
        En el sitio real también se elige el sistema de emisión: «RECE para aplicativo y web services» (Responsable
        Inscripto) o «Factura Electrónica - Monotributo - Web Services» (Monotributista). Un punto bloqueado o dado de
        baja sigue apareciendo en la consulta, pero no sirve para facturar.
      </p>
      <form ref={form} onSubmit={submit} noValidate className="space-y-4" aria-busy={request.pending}>
        <Field formId="point-of-sale" name="cuit" label="CUIT" problem={fieldProblem(request.error, 'cuit')}>
          {(props) => (
            <input {...props} type="text" inputMode="numeric" autoComplete="off" required className={controlClass} />
          )}
        </Field>
        <Field
          formId="point-of-sale"
          name="number"
          label="Número de punto de venta"
          problem={fieldProblem(request.error, 'number')}
          hint="De 1 a 99998. Si ya existe, se actualiza su estado."
        >
          {(props) => (
            <input {...props} type="text" inputMode="numeric" autoComplete="off" required className={controlClass} />
          )}
        </Field>
        <div className="flex items-center gap-2">
          <input id="point-of-sale-blocked" name="blocked" type="checkbox" className="size-5 accent-sky-800" />
          <label htmlFor="point-of-sale-blocked" className="font-medium text-slate-800">
            Bloqueado
          </label>
        </div>
        <Field
          formId="point-of-sale"
          name="dropped_on"
          label="Fecha de baja (opcional)"
          problem={fieldProblem(request.error, 'dropped_on')}
          hint="Vacía si el punto de venta sigue de alta."
        >
          {(props) => <input {...props} type="date" className={controlClass} />}
        </Field>
        <SubmitButton pending={request.pending}>Agregar punto de venta</SubmitButton>
        <Outcome
          failure={formProblem(request.error, FIELDS)}
          success={
            done
              ? `Punto de venta ${done.number} agregado en ${ENVIRONMENT_NAMES[done.environment]} para la CUIT ${formatCuit(done.cuit)}` +
                `${stateOf(done) ? `, ${stateOf(done)}` : ''}.`
              : undefined
          }
        />
      </form>
    </PortalSection>
  );
}
