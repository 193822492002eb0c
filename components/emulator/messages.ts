// What to tell a person when the portal API refuses a form: advice in Spanish for the field it names,
// and a message for errors that name no field. The API's own reasons are English (it is a developer's
// API): they stay out of these Spanish pages.
import type { PortalError } from '@/components/emulator/portal-request';

const FIELD_ADVICE: Record<string, string> = {
  environment: 'Elija Homologación o Producción.',
  alias: 'El alias admite letras, números, puntos, guiones y guiones bajos (hasta 64), sin espacios.',
  csr:
    'No es un pedido de certificado válido. Pegue el contenido completo del archivo .csr, con sus líneas ' +
    'BEGIN y END CERTIFICATE REQUEST; su sujeto debe incluir «serialNumber=CUIT» seguido de la CUIT.',
  cuit: 'Revise la CUIT: son 11 dígitos, con guiones o sin ellos (por ejemplo 30-71234567-1).',
  service: 'Elija uno de los servicios de la lista.',
  number: 'El número de punto de venta es un entero de 1 a 99998.',
  dropped_on: 'La fecha de baja es una fecha válida (día, mes y año), o déjela vacía.',
  vat_status: 'Elija una de las condiciones frente al IVA de la lista.',
  blocked: 'Marque «Bloqueado» solo si el punto de venta no debe servir para facturar.',
  certificate:
    'No es un certificado emitido en este ambiente. Pegue el certificado completo (.crt), con sus líneas ' +
    'BEGIN y END CERTIFICATE, y revise que el ambiente elegido arriba sea el mismo en que lo creó.',
};

const CODE_MESSAGES: Record<string, string> = {
  conflict: 'Ya hay otro certificado registrado con el mismo número de serie.',
  not_found: 'El emulador no está activo en esta instalación.',
  payload_too_large: 'El texto pegado es demasiado grande.',
  network_error: 'No se pudo conectar con el emulador. Verifique que la aplicación siga en marcha y vuelva a intentar.',
};

export interface FieldProblem {
  advice: string;
}

/** The error for one field, if the API named it. */
export function fieldProblem(error: PortalError | undefined, field: string): FieldProblem | undefined {
  if (error?.fields?.[field] === undefined) return undefined;
  return { advice: FIELD_ADVICE[field] ?? 'Revise este dato.' };
}

/** The form-level message: the error itself when it names no field of the form, else a pointer to the fields. */
export function formProblem(error: PortalError | undefined, formFields: readonly string[]): string | undefined {
  if (!error) return undefined;
  const named = Object.keys(error.fields ?? {});
  if (named.length > 0 && named.every((field) => formFields.includes(field))) {
    return 'Revise los datos marcados.';
  }
  return (
    CODE_MESSAGES[error.code] ??
    `El emulador no aceptó el pedido (código «${error.code}»). Revise los datos y vuelva a intentar.`
  );
}
