// The authority's register of taxpayers as its constancia de inscripción (ws_sr_constancia_inscripcion,
// `getPersona_v2`, the "A5" padrón) tells it: the service, its namespace, what its `personaReturn` holds, and
// how our clients and the emulator alike read it. The register has no "IVA condition" field: it is worked
// out from the taxes the taxpayer is registered for (IVA 30, IVA exento 32, monotributo 20/21), in the order
// pyafipws and the authority's own constancia use.

/** The WSAA service name of the register (the manual's `ws_sr_constancia_inscripcion`, once `ws_sr_padron_a5`). */
export const REGISTER_SERVICE = 'ws_sr_constancia_inscripcion';
export const REGISTER_NAMESPACE = 'http://a5.soap.ws.server.puc.sr/';
/** What the register answers (in a SOAP fault) for a CUIT it does not hold. */
export const REGISTER_NOT_FOUND = 'No existe persona con ese Id';

export type RegisterKind = 'person' | 'company';

export interface RegisterAddress {
  street: string;
  locality?: string;
  postal_code?: string;
  province?: string;
}

export interface RegisterActivity {
  /** CLAE (F.883): six digits. */
  code: string;
  name: string;
}

/** RG 5616's receiver conditions (`CondicionIVAReceptorId`) a register entry can imply. */
export const REGISTER_VAT_STATUSES = {
  1: 'IVA Responsable Inscripto',
  4: 'IVA Sujeto Exento',
  5: 'Consumidor Final',
  6: 'Responsable Monotributo',
  15: 'IVA No Alcanzado',
} as const;
export type RegisterVatCode = keyof typeof REGISTER_VAT_STATUSES;

/** One taxpayer as the register holds it (the `GET /gov-ar/v1/taxpayers/{cuit}` answer). */
export interface RegisterTaxpayer {
  cuit: string;
  name: string;
  kind: RegisterKind;
  /** `estadoClave` ACTIVO. */
  active: boolean;
  vat_status: { code: RegisterVatCode; name: string };
  /** The domicilio fiscal; null when the register has none. */
  address: RegisterAddress | null;
  activities: RegisterActivity[];
  /** YYYY-MM-DD: the company's contrato social, when the register gives it. */
  started_on?: string;
  /** The register's own warnings on this entry (`errorConstancia`), in its words. */
  warnings?: string[];
}

/** The tax ids the register lists (`impuesto/idImpuesto`). */
export const REGISTER_TAX = { vat: 30, monotax: 20, monotaxSocial: 21, vatExempt: 32, vatNotReached: 34 } as const;

function vatStatusOf(taxes: readonly number[], monotax: boolean): RegisterTaxpayer['vat_status'] {
  const code: RegisterVatCode = taxes.includes(REGISTER_TAX.vatExempt)
    ? 4
    : taxes.includes(REGISTER_TAX.vatNotReached)
      ? 15
      : taxes.includes(REGISTER_TAX.vat)
        ? 1
        : monotax
          ? 6
          : 5;
  return { code, name: REGISTER_VAT_STATUSES[code] };
}

type Node = Record<string, unknown>;
const list = (value: unknown): Node[] =>
  (Array.isArray(value) ? value : value === undefined || value === null || value === '' ? [] : [value]).filter(
    (item): item is Node => typeof item === 'object' && item !== null,
  );
const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);

/** The `personaReturn` of `getPersona_v2` (parsed by lib/ar/xml) as one taxpayer; undefined without general data. */
export function readPersonaReturn(cuit: string, persona: Node): RegisterTaxpayer | undefined {
  const general = list(persona.datosGenerales)[0];
  const warnings = list(persona.errorConstancia).flatMap((error) =>
    (Array.isArray(error.error) ? error.error : [error.error]).map(text).filter((item): item is string => !!item),
  );
  if (!general) return undefined;
  const regimen = list(persona.datosRegimenGeneral)[0] ?? {};
  const monotax = list(persona.datosMonotributo)[0];
  const taxes = [...list(regimen.impuesto), ...list(monotax?.impuesto)]
    .filter((tax) => (text(tax.estadoImpuesto) ?? 'AC') === 'AC')
    .map((tax) => Number(tax.idImpuesto));
  const isMonotax =
    !!monotax &&
    (list(monotax.categoriaMonotributo).length > 0 ||
      taxes.includes(REGISTER_TAX.monotax) ||
      taxes.includes(REGISTER_TAX.monotaxSocial));
  const activities = [
    ...list(regimen.actividad),
    ...list(monotax?.actividad),
    ...list(monotax?.actividadMonotributista),
  ]
    .sort((a, b) => Number(a.orden ?? 99) - Number(b.orden ?? 99))
    .map((activity) => ({
      code: String(activity.idActividad ?? '').padStart(6, '0'),
      name: text(activity.descripcionActividad) ?? '',
    }))
    .filter(
      (activity, index, all) =>
        /^\d{6}$/.test(activity.code) && all.findIndex((a) => a.code === activity.code) === index,
    );
  const fiscal = list(general.domicilioFiscal)[0];
  const street = text(fiscal?.direccion);
  const name = text(general.razonSocial) ?? [text(general.apellido), text(general.nombre)].filter(Boolean).join(', ');
  const contract = /^(\d{4}-\d\d-\d\d)/.exec(text(general.fechaContratoSocial) ?? '')?.[1];
  return {
    cuit,
    name,
    kind: text(general.tipoPersona) === 'JURIDICA' ? 'company' : 'person',
    active: text(general.estadoClave) === 'ACTIVO',
    vat_status: vatStatusOf(taxes, isMonotax),
    address: street
      ? {
          street,
          ...(text(fiscal?.localidad) ? { locality: text(fiscal?.localidad) } : {}),
          ...(text(fiscal?.codPostal) ? { postal_code: text(fiscal?.codPostal) } : {}),
          ...(text(fiscal?.descripcionProvincia) ? { province: text(fiscal?.descripcionProvincia) } : {}),
        }
      : null,
    activities,
    ...(contract ? { started_on: contract } : {}),
    ...(warnings.length > 0 ? { warnings } : {}),
  };
}

/** "Av. Rivadavia 5000, Caballito (1405), Ciudad Autónoma de Buenos Aires": the address in one line. */
export function registerAddressLine(address: RegisterAddress): string {
  const locality = [address.locality, address.postal_code && `(${address.postal_code})`].filter(Boolean).join(' ');
  return [address.street, locality, address.province].filter(Boolean).join(', ');
}
