// The emulated WSFEv1's WSDL: the operations it serves (wsfe-operations.ts) with the authority's element names
// (namespace http://ar.gov.afip.dif.FEV1/), the voucher's elements in the order lib/ar/arca/wsfe-detail-order.ts
// gives both sides of the wire, so that a client built from the authority's WSDL works against the emulator.
import type { Field, ServiceDescription } from '@/lib/emulator/wsdl/wsdl-document';

const FEV1 = 'http://ar.gov.afip.dif.FEV1/';
const AUTH: Field = ['Auth', 'FEAuthRequest'];
const ERRORS_EVENTS: Field[] = [
  ['Errors', 'ArrayOfErr'],
  ['Events', 'ArrayOfEvt'],
];
const list = (item: string): Field[] => [[item, item, '*']];
/** A parameter table: `ResultGet` of `row`s (Id, Desc, FchDesde, FchHasta). */
const table = (response: string, row: string, idType: string) => ({
  [response]: [['ResultGet', `ArrayOf${row}`], ...ERRORS_EVENTS] as Field[],
  [`ArrayOf${row}`]: list(row),
  [row]: [
    ['Id', idType, idType === 'string' ? '?' : '1'],
    ['Desc', 'string'],
    ['FchDesde', 'string'],
    ['FchHasta', 'string'],
  ] as Field[],
});
const authOnly = (name: string, type: string) => ({ input: [AUTH], result: [`${name}Result`, type] as Field });

/** FECAEASolicitar's and FECAEAConsultar's fortnight. */
const FORTNIGHT: Field[] = [
  ['Periodo', 'int', '1'],
  ['Orden', 'short', '1'],
];
/** The header of FECAESolicitar's and FECAEASolicitar's answers (`FeCabResp`). */
const CAB_RESPONSE: Field[] = [
  ['Cuit', 'long', '1'],
  ['PtoVta', 'int', '1'],
  ['CbteTipo', 'int', '1'],
  ['FchProceso', 'string'],
  ['CantReg', 'int', '1'],
  ['Resultado', 'string'],
  ['Reproceso', 'string'],
];
/** A voucher's first elements, in a request and in its answer: its concept, receiver, numbers and date. */
const VOUCHER_HEAD: Field[] = [
  ['Concepto', 'int', '1'],
  ['DocTipo', 'int', '1'],
  ['DocNro', 'long', '1'],
  ['CbteDesde', 'long', '1'],
  ['CbteHasta', 'long', '1'],
  ['CbteFch', 'string'],
];
/** What both answers say of each voucher before its code (`CAE` and its expiry, or `CAEA`). */
const DET_RESPONSE: Field[] = [...VOUCHER_HEAD, ['Resultado', 'string'], ['Observaciones', 'ArrayOfObs']];
/** An observation's, error's or event's elements. */
const CODE_MESSAGE: Field[] = [
  ['Code', 'int', '1'],
  ['Msg', 'string'],
];
/** FECAEDetRequest's elements, in order (lib/ar/arca/wsfe-detail-order.ts). */
const DETAIL: Field[] = [
  ...VOUCHER_HEAD,
  ['ImpTotal', 'double', '1'],
  ['ImpTotConc', 'double', '1'],
  ['ImpNeto', 'double', '1'],
  ['ImpOpEx', 'double', '1'],
  ['ImpTrib', 'double', '1'],
  ['ImpIVA', 'double', '1'],
  ['FchServDesde', 'string'],
  ['FchServHasta', 'string'],
  ['FchVtoPago', 'string'],
  ['MonId', 'string'],
  ['MonCotiz', 'double', '1'],
  ['CanMisMonExt', 'string'],
  ['CondicionIVAReceptorId', 'int', '1'],
  ['CbtesAsoc', 'ArrayOfCbteAsoc'],
  ['Tributos', 'ArrayOfTributo'],
  ['Iva', 'ArrayOfAlicIva'],
  ['Opcionales', 'ArrayOfOpcional'],
  ['Compradores', 'ArrayOfComprador'],
  ['PeriodoAsoc', 'Periodo'],
  ['Actividades', 'ArrayOfActividad'],
];

export const WSFE_WSDL: ServiceDescription = {
  service: 'Service',
  namespace: FEV1,
  documentation: 'Web Service de Factura Electronica WSFEv1 (emulador)',
  soapAction: (operation) => `${FEV1}${operation}`,
  operations: {
    FECAESolicitar: { input: [AUTH, ['FeCAEReq', 'FECAERequest']], result: ['FECAESolicitarResult', 'FECAEResponse'] },
    FECompUltimoAutorizado: {
      input: [AUTH, ['PtoVta', 'int', '1'], ['CbteTipo', 'int', '1']],
      result: ['FECompUltimoAutorizadoResult', 'FERecuperaLastCbteResponse'],
    },
    FECompConsultar: {
      input: [AUTH, ['FeCompConsReq', 'FECompConsultaReq']],
      result: ['FECompConsultarResult', 'FECompConsultaResponse'],
    },
    FECAEASolicitar: { input: [AUTH, ...FORTNIGHT], result: ['FECAEASolicitarResult', 'FECAEAGetResponse'] },
    FECAEAConsultar: { input: [AUTH, ...FORTNIGHT], result: ['FECAEAConsultarResult', 'FECAEAGetResponse'] },
    FECAEARegInformativo: {
      input: [AUTH, ['FeCAEARegInfReq', 'FECAEARequest']],
      result: ['FECAEARegInformativoResult', 'FECAEAResponse'],
    },
    FECAEASinMovimientoInformar: {
      input: [AUTH, ['PtoVta', 'int', '1'], ['CAEA', 'string']],
      result: ['FECAEASinMovimientoInformarResult', 'FECAEASinMovResponse'],
    },
    FECAEASinMovimientoConsultar: {
      input: [AUTH, ['CAEA', 'string'], ['PtoVta', 'int', '1']],
      result: ['FECAEASinMovimientoConsultarResult', 'FECAEASinMovConsResponse'],
    },
    FECompTotXRequest: authOnly('FECompTotXRequest', 'FERegXReqResponse'),
    FEDummy: { input: [], result: ['FEDummyResult', 'DummyResponse'] },
    FEParamGetPtosVenta: authOnly('FEParamGetPtosVenta', 'FEPtoVentaResponse'),
    FEParamGetTiposCbte: authOnly('FEParamGetTiposCbte', 'CbteTipoResponse'),
    FEParamGetTiposConcepto: authOnly('FEParamGetTiposConcepto', 'ConceptoTipoResponse'),
    FEParamGetTiposDoc: authOnly('FEParamGetTiposDoc', 'DocTipoResponse'),
    FEParamGetTiposIva: authOnly('FEParamGetTiposIva', 'IvaTipoResponse'),
    FEParamGetTiposMonedas: authOnly('FEParamGetTiposMonedas', 'MonedaResponse'),
    FEParamGetTiposTributos: authOnly('FEParamGetTiposTributos', 'FETributoResponse'),
    FEParamGetTiposOpcional: authOnly('FEParamGetTiposOpcional', 'OpcionalTipoResponse'),
    FEParamGetCondicionIvaReceptor: {
      input: [AUTH, ['ClaseCmp', 'string']],
      result: ['FEParamGetCondicionIvaReceptorResult', 'CondicionIvaReceptorResponse'],
    },
    FEParamGetCotizacion: {
      input: [AUTH, ['MonId', 'string'], ['FchCotiz', 'string']],
      result: ['FEParamGetCotizacionResult', 'FECotizacionResponse'],
    },
  },
  types: {
    FEAuthRequest: [
      ['Token', 'string'],
      ['Sign', 'string'],
      ['Cuit', 'long', '1'],
    ],
    FECAERequest: [
      ['FeCabReq', 'FECAECabRequest'],
      ['FeDetReq', 'ArrayOfFECAEDetRequest'],
    ],
    FECAECabRequest: [
      ['CantReg', 'int', '1'],
      ['PtoVta', 'int', '1'],
      ['CbteTipo', 'int', '1'],
    ],
    FECAEARequest: [
      ['FeCabReq', 'FECAEACabRequest'],
      ['FeDetReq', 'ArrayOfFECAEADetRequest'],
    ],
    FECAEACabRequest: [
      ['CantReg', 'int', '1'],
      ['PtoVta', 'int', '1'],
      ['CbteTipo', 'int', '1'],
    ],
    ArrayOfFECAEADetRequest: list('FECAEADetRequest'),
    /** FECAEDetRequest's elements, then the CAEA and when the voucher was made in contingency. */
    FECAEADetRequest: [...DETAIL, ['CAEA', 'string'], ['CbteFchHsGen', 'string']],
    ArrayOfFECAEDetRequest: list('FECAEDetRequest'),
    FECAEDetRequest: DETAIL,
    ArrayOfCbteAsoc: list('CbteAsoc'),
    CbteAsoc: [
      ['Tipo', 'int', '1'],
      ['PtoVta', 'int', '1'],
      ['Nro', 'long', '1'],
      ['Cuit', 'string'],
      ['CbteFch', 'string'],
    ],
    ArrayOfTributo: list('Tributo'),
    Tributo: [
      ['Id', 'short', '1'],
      ['Desc', 'string'],
      ['BaseImp', 'double', '1'],
      ['Alic', 'double', '1'],
      ['Importe', 'double', '1'],
    ],
    ArrayOfAlicIva: list('AlicIva'),
    AlicIva: [
      ['Id', 'int', '1'],
      ['BaseImp', 'double', '1'],
      ['Importe', 'double', '1'],
    ],
    ArrayOfOpcional: list('Opcional'),
    Opcional: [
      ['Id', 'string'],
      ['Valor', 'string'],
    ],
    ArrayOfComprador: list('Comprador'),
    Comprador: [
      ['DocTipo', 'int', '1'],
      ['DocNro', 'long', '1'],
      ['Porcentaje', 'double', '1'],
    ],
    Periodo: [
      ['FchDesde', 'string'],
      ['FchHasta', 'string'],
    ],
    ArrayOfActividad: list('Actividad'),
    Actividad: [['Id', 'long', '1']],
    FECAEResponse: [['FeCabResp', 'FECAECabResponse'], ['FeDetResp', 'ArrayOfFECAEDetResponse'], ...ERRORS_EVENTS],
    FECAECabResponse: CAB_RESPONSE,
    ArrayOfFECAEDetResponse: list('FECAEDetResponse'),
    FECAEDetResponse: [...DET_RESPONSE, ['CAE', 'string'], ['CAEFchVto', 'string']],
    FECAEAResponse: [['FeCabResp', 'FECAEACabResponse'], ['FeDetResp', 'ArrayOfFECAEADetResponse'], ...ERRORS_EVENTS],
    FECAEACabResponse: CAB_RESPONSE,
    ArrayOfFECAEADetResponse: list('FECAEADetResponse'),
    FECAEADetResponse: [...DET_RESPONSE, ['CAEA', 'string']],
    FECAEAGetResponse: [['ResultGet', 'FECAEAGet'], ...ERRORS_EVENTS],
    FECAEAGet: [
      ['CAEA', 'string'],
      ['Periodo', 'int', '1'],
      ['Orden', 'short', '1'],
      ['FchVigDesde', 'string'],
      ['FchVigHasta', 'string'],
      ['FchTopeInf', 'string'],
      ['FchProceso', 'string'],
      ['Observaciones', 'ArrayOfObs'],
    ],
    FECAEASinMovResponse: [
      ['CAEA', 'string'],
      ['FchProceso', 'string'],
      ['PtoVta', 'int', '1'],
      ['Resultado', 'string'],
      ...ERRORS_EVENTS,
    ],
    FECAEASinMovConsResponse: [['ResultGet', 'ArrayOfFECAEASinMov'], ...ERRORS_EVENTS],
    ArrayOfFECAEASinMov: list('FECAEASinMov'),
    FECAEASinMov: [
      ['CAEA', 'string'],
      ['FchProceso', 'string'],
      ['PtoVta', 'int', '1'],
    ],
    ArrayOfObs: list('Obs'),
    Obs: CODE_MESSAGE,
    ArrayOfErr: list('Err'),
    Err: CODE_MESSAGE,
    ArrayOfEvt: list('Evt'),
    Evt: CODE_MESSAGE,
    FERecuperaLastCbteResponse: [
      ['PtoVta', 'int', '1'],
      ['CbteTipo', 'int', '1'],
      ['CbteNro', 'int', '1'],
      ...ERRORS_EVENTS,
    ],
    FECompConsultaReq: [
      ['CbteTipo', 'int', '1'],
      ['CbteNro', 'long', '1'],
      ['PtoVta', 'int', '1'],
    ],
    FECompConsultaResponse: [['ResultGet', 'FECompConsResponse'], ...ERRORS_EVENTS],
    FECompConsResponse: [
      ...DETAIL,
      ['Resultado', 'string'],
      ['CodAutorizacion', 'string'],
      ['EmisionTipo', 'string'],
      ['FchVto', 'string'],
      ['FchProceso', 'string'],
      ['Observaciones', 'ArrayOfObs'],
      ['PtoVta', 'int', '1'],
      ['CbteTipo', 'int', '1'],
    ],
    FERegXReqResponse: [['RegXReq', 'int', '1'], ...ERRORS_EVENTS],
    DummyResponse: [
      ['AppServer', 'string'],
      ['DbServer', 'string'],
      ['AuthServer', 'string'],
    ],
    FEPtoVentaResponse: [['ResultGet', 'ArrayOfPtoVenta'], ...ERRORS_EVENTS],
    ArrayOfPtoVenta: list('PtoVenta'),
    PtoVenta: [
      ['Nro', 'int', '1'],
      ['EmisionTipo', 'string'],
      ['Bloqueado', 'string'],
      ['FchBaja', 'string'],
    ],
    ...table('CbteTipoResponse', 'CbteTipo', 'int'),
    ...table('ConceptoTipoResponse', 'ConceptoTipo', 'int'),
    ...table('DocTipoResponse', 'DocTipo', 'int'),
    ...table('IvaTipoResponse', 'IvaTipo', 'string'),
    ...table('MonedaResponse', 'Moneda', 'string'),
    ...table('FETributoResponse', 'TributoTipo', 'short'),
    ...table('OpcionalTipoResponse', 'OpcionalTipo', 'string'),
    CondicionIvaReceptorResponse: [['ResultGet', 'ArrayOfCondicionIvaReceptor'], ...ERRORS_EVENTS],
    ArrayOfCondicionIvaReceptor: list('CondicionIvaReceptor'),
    CondicionIvaReceptor: [
      ['Id', 'int', '1'],
      ['Desc', 'string'],
      ['Cmp_Clase', 'string'],
    ],
    FECotizacionResponse: [['ResultGet', 'Cotizacion'], ...ERRORS_EVENTS],
    Cotizacion: [
      ['MonId', 'string'],
      ['MonCotiz', 'double', '1'],
      ['FchCotiz', 'string'],
    ],
  },
};
