// The emulated register's WSDL (ws_sr_constancia_inscripcion, personaServiceA5, a JAX-WS service): `dummy`
// and `getPersona_v2` with the parts of `personaReturn` the emulator writes (register-service.ts), children
// unqualified as JAX-WS writes them, in the authority's namespace.
import { REGISTER_NAMESPACE } from '@/lib/ar/register';
import type { Field, ServiceDescription } from '@/lib/emulator/wsdl/wsdl-document';

const texts = (...names: string[]): Field[] => names.map((name) => [name, 'string'] as const);

export const REGISTER_WSDL: ServiceDescription = {
  service: 'PersonaServiceA5',
  namespace: REGISTER_NAMESPACE,
  documentation: 'Padron A5: constancia de inscripcion (emulador)',
  soapAction: () => '',
  unqualified: true,
  operations: {
    dummy: { input: [], result: ['return', 'dummyReturn'] },
    getPersona_v2: {
      input: [
        ['token', 'string'],
        ['sign', 'string'],
        ['cuitRepresentada', 'long', '1'],
        ['idPersona', 'long', '1'],
      ],
      result: ['personaReturn', 'personaReturn'],
    },
  },
  types: {
    dummyReturn: texts('appserver', 'authserver', 'dbserver'),
    personaReturn: [
      ['datosGenerales', 'datosGenerales'],
      ['datosMonotributo', 'datosMonotributo'],
      ['datosRegimenGeneral', 'datosRegimenGeneral'],
      ['metadata', 'metadata'],
    ],
    datosGenerales: [
      ['apellido', 'string'],
      ['domicilioFiscal', 'domicilio'],
      ['esSucesion', 'string'],
      ['estadoClave', 'string'],
      ['fechaContratoSocial', 'dateTime'],
      ['idPersona', 'long', '1'],
      ['mesCierre', 'int', '1'],
      ['nombre', 'string'],
      ['razonSocial', 'string'],
      ['tipoClave', 'string'],
      ['tipoPersona', 'string'],
    ],
    domicilio: texts('codPostal', 'descripcionProvincia', 'direccion', 'localidad', 'tipoDomicilio'),
    datosMonotributo: [
      ['actividad', 'actividad', '*'],
      ['categoriaMonotributo', 'categoriaMonotributo'],
      ['impuesto', 'impuesto', '*'],
    ],
    datosRegimenGeneral: [
      ['actividad', 'actividad', '*'],
      ['impuesto', 'impuesto', '*'],
    ],
    actividad: [
      ['descripcionActividad', 'string'],
      ['idActividad', 'long', '1'],
      ['nomenclador', 'int', '1'],
      ['orden', 'int', '1'],
      ['periodo', 'int', '1'],
    ],
    categoriaMonotributo: [
      ['descripcionCategoria', 'string'],
      ['idCategoria', 'int', '1'],
      ['idImpuesto', 'int', '1'],
      ['periodo', 'int', '1'],
    ],
    impuesto: [
      ['descripcionImpuesto', 'string'],
      ['estadoImpuesto', 'string'],
      ['idImpuesto', 'int', '1'],
      ['motivo', 'string'],
      ['periodo', 'int', '1'],
    ],
    metadata: [
      ['fechaHora', 'dateTime'],
      ['servidor', 'string'],
    ],
  },
};
