'use client';
// "A/B/M de Puntos de Venta" → Agregar: a point of sale for a CUIT, which FEParamGetPtosVenta then reports.
import type { FormEvent } from 'react';
import { formatCuit } from '@/lib/ar/cuit';
import { Field, Outcome, SubmitButton, controlClass } from './field';
import { fieldProblem, formProblem } from './messages';
import { ENVIRONMENT_NAMES, usePortalRequest, type PortalEnvironment } from './portal-request';
import { PortalSection } from './portal-section';

const FIELDS = ['cuit', 'number'] as const;

interface PointOfSale { environment: PortalEnvironment; cuit: string; number: number }

export function PointOfSaleForm({ environment }: { environment: PortalEnvironment }) {
  const request = usePortalRequest<PointOfSale>('points-of-sale');
  const form = request.formRef;
  const done = request.result;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const number = String(data.get('number') ?? '').trim();
    await request.submit({
      environment, cuit: String(data.get('cuit') ?? '').trim(),
      // Anything but digits goes as is, so the API names the field.
      number: /^\d{1,6}$/.test(number) ? Number(number) : number,
    });
  }

  return (
    <PortalSection id="point-of-sale" title="A/B/M de Puntos de Venta"
      where="Administración de puntos de venta y domicilios › A/B/M de Puntos de Venta › Agregar">
      <p className="mb-4 text-sm text-slate-700">
        En el sitio real también se elige el sistema de emisión: «RECE para aplicativo y web services»
        (Responsable Inscripto) o «Factura Electrónica - Monotributo - Web Services» (Monotributista).
      </p>
      <form ref={form} onSubmit={submit} noValidate className="space-y-4" aria-busy={request.pending}>
        <Field formId="point-of-sale" name="cuit" label="CUIT" problem={fieldProblem(request.error, 'cuit')}>
          {(props) => <input {...props} type="text" inputMode="numeric" autoComplete="off" required className={controlClass} />}
        </Field>
        <Field formId="point-of-sale" name="number" label="Número de punto de venta" problem={fieldProblem(request.error, 'number')}
          hint="De 1 a 99999.">
          {(props) => <input {...props} type="text" inputMode="numeric" autoComplete="off" required className={controlClass} />}
        </Field>
        <SubmitButton pending={request.pending}>Agregar punto de venta</SubmitButton>
        <Outcome
          failure={formProblem(request.error, FIELDS)}
          success={done
            ? `Punto de venta ${done.number} agregado en ${ENVIRONMENT_NAMES[done.environment]} para la CUIT ${formatCuit(done.cuit)}.`
            : undefined}
        />
      </form>
    </PortalSection>
  );
}
