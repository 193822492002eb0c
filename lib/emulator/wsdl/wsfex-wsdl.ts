// The emulated WSFEX's WSDL: the operations it serves (wsfex-operations.ts) with the authority's element and
// type names (namespace http://ar.gov.afip.dif.fexv1/), so that a client built from the authority's own WSDL
// (pyafipws, zeep, .NET, PHP's SoapClient, node-soap) reads and writes the same messages here.
import type { Field, ServiceDescription } from '@/lib/emulator/wsdl/wsdl-document';

const FEXV1 = 'http://ar.gov.afip.dif.fexv1/';
const AUTH: Field = ['Auth', 'ClsFEXAuthRequest'];
const ERR_EVENTS: Field[] = [
  ['FEXErr', 'ClsFEXErr'],
  ['FEXEvents', 'ClsFEXEvents'],
];
/** A parameter table: its result type (a list of `row`) and the row's fields. */
const table = (result: string, row: string, fields: Field[]) => ({
  [result]: [['FEXResultGet', `ArrayOf${row}`], ...ERR_EVENTS] as Field[],
  [`ArrayOf${row}`]: [[row, row, '*']] as Field[],
  [row]: fields,
});
const dated = (prefix: string, idType: string): Field[] => [
  [`${prefix}_Id`, idType, idType === 'string' ? '?' : '1'],
  [`${prefix}_Ds`, 'string'],
  [`${prefix}_vig_desde`, 'string'],
  [`${prefix}_vig_hasta`, 'string'],
];
/** An operation that takes only Auth and answers `<name>Result` of `type`. */
const authOnly = (name: string, type: string) => ({ input: [AUTH], result: [`${name}Result`, type] as Field });

const VOUCHER_FIELDS: Field[] = [
  ['Tipo_expo', 'short', '1'],
  ['Permiso_existente', 'string'],
  ['Permisos', 'ArrayOfPermiso'],
  ['Dst_cmp', 'short', '1'],
  ['Cliente', 'string'],
  ['Cuit_pais_cliente', 'long', '1'],
  ['Domicilio_cliente', 'string'],
  ['Id_impositivo', 'string'],
  ['Moneda_Id', 'string'],
];
const AFTER_RATE: Field[] = [
  ['CanMisMonExt', 'string'],
  ['Obs_comerciales', 'string'],
  ['Imp_total', 'decimal', '1'],
  ['Obs', 'string'],
  ['Cmps_asoc', 'ArrayOfCmp_asoc'],
  ['Forma_pago', 'string'],
  ['Incoterms', 'string'],
  ['Incoterms_Ds', 'string'],
  ['Idioma_cbte', 'short', '1'],
  ['Items', 'ArrayOfItem'],
];

export const WSFEX_WSDL: ServiceDescription = {
  service: 'Service',
  namespace: FEXV1,
  documentation:
    'Web Service orientado al servicio de autorizacion de comprobantes de Exportacion electronicos (emulador)',
  soapAction: (operation) => `${FEXV1}${operation}`,
  operations: {
    FEXAuthorize: { input: [AUTH, ['Cmp', 'ClsFEXRequest']], result: ['FEXAuthorizeResult', 'FEXResponseAuthorize'] },
    FEXGetCMP: { input: [AUTH, ['Cmp', 'ClsFEXGetCMP']], result: ['FEXGetCMPResult', 'FEXGetCMPResponse'] },
    FEXGetLast_CMP: { input: [['Auth', 'ClsFEX_LastCMP']], result: ['FEXGetLast_CMPResult', 'FEXResponseLast_CMP'] },
    FEXGetLast_ID: { input: [AUTH], result: ['FEXGetLast_IDResult', 'FEXResponse_LastID'] },
    FEXCheck_Permiso: {
      input: [AUTH, ['ID_Permiso', 'string'], ['Dst_merc', 'int', '1']],
      result: ['FEXCheck_PermisoResult', 'FEXResponse_CheckPermiso'],
    },
    FEXGetPARAM_Cbte_Tipo: authOnly('FEXGetPARAM_Cbte_Tipo', 'FEXResponse_Cbte_Tipo'),
    FEXGetPARAM_Tipo_Expo: authOnly('FEXGetPARAM_Tipo_Expo', 'FEXResponse_Tex'),
    FEXGetPARAM_Incoterms: authOnly('FEXGetPARAM_Incoterms', 'FEXResponse_Inc'),
    FEXGetPARAM_Idiomas: authOnly('FEXGetPARAM_Idiomas', 'FEXResponse_Idi'),
    FEXGetPARAM_UMed: authOnly('FEXGetPARAM_UMed', 'FEXResponse_Umed'),
    FEXGetPARAM_DST_pais: authOnly('FEXGetPARAM_DST_pais', 'FEXResponse_DST_pais'),
    FEXGetPARAM_DST_CUIT: authOnly('FEXGetPARAM_DST_CUIT', 'FEXResponse_DST_cuit'),
    FEXGetPARAM_MON: authOnly('FEXGetPARAM_MON', 'FEXResponse_Mon'),
    FEXGetPARAM_PtoVenta: authOnly('FEXGetPARAM_PtoVenta', 'FEXResponse_PtoVenta'),
    FEXGetPARAM_Ctz: {
      input: [AUTH, ['Mon_id', 'string'], ['FchCotiz', 'string']],
      result: ['FEXGetPARAM_CtzResult', 'FEXResponse_Ctz'],
    },
    FEXDummy: { input: [], result: ['FEXDummyResult', 'DummyResponse'] },
  },
  types: {
    ClsFEXAuthRequest: [
      ['Token', 'string'],
      ['Sign', 'string'],
      ['Cuit', 'long', '1'],
    ],
    ClsFEX_LastCMP: [
      ['Token', 'string'],
      ['Sign', 'string'],
      ['Cuit', 'long', '1'],
      ['Pto_venta', 'int', '1'],
      ['Cbte_Tipo', 'short', '1'],
    ],
    ClsFEXRequest: [
      ['Id', 'long', '1'],
      ['Fecha_cbte', 'string'],
      ['Cbte_Tipo', 'short', '1'],
      ['Punto_vta', 'int', '1'],
      ['Cbte_nro', 'long', '1'],
      ...VOUCHER_FIELDS,
      ['Moneda_ctz', 'decimal'],
      ...AFTER_RATE,
      ['Opcionales', 'ArrayOfOpcional'],
      ['Fecha_pago', 'string'],
    ],
    ArrayOfPermiso: [['Permiso', 'Permiso', '*']],
    Permiso: [
      ['Id_permiso', 'string'],
      ['Dst_merc', 'int', '1'],
    ],
    ArrayOfCmp_asoc: [['Cmp_asoc', 'Cmp_asoc', '*']],
    Cmp_asoc: [
      ['Cbte_tipo', 'short', '1'],
      ['Cbte_punto_vta', 'int', '1'],
      ['Cbte_nro', 'long', '1'],
      ['Cbte_cuit', 'long', '1'],
    ],
    ArrayOfItem: [['Item', 'Item', '*']],
    Item: [
      ['Pro_codigo', 'string'],
      ['Pro_ds', 'string'],
      ['Pro_qty', 'decimal', '1'],
      ['Pro_umed', 'int', '1'],
      ['Pro_precio_uni', 'decimal', '1'],
      ['Pro_bonificacion', 'decimal', '1'],
      ['Pro_total_item', 'decimal', '1'],
    ],
    ArrayOfOpcional: [['Opcional', 'Opcional', '*']],
    Opcional: [
      ['Id', 'string'],
      ['Valor', 'string'],
    ],
    FEXResponseAuthorize: [['FEXResultAuth', 'ClsFEXOutAuthorize'], ...ERR_EVENTS],
    ClsFEXOutAuthorize: [
      ['Id', 'long', '1'],
      ['Cuit', 'long', '1'],
      ['Cbte_tipo', 'short', '1'],
      ['Punto_vta', 'int', '1'],
      ['Cbte_nro', 'long', '1'],
      ['Cae', 'string'],
      ['Fch_venc_Cae', 'string'],
      ['Fch_cbte', 'string'],
      ['Resultado', 'string'],
      ['Reproceso', 'string'],
      ['Motivos_Obs', 'string'],
    ],
    ClsFEXErr: [
      ['ErrCode', 'int', '1'],
      ['ErrMsg', 'string'],
    ],
    ClsFEXEvents: [
      ['EventCode', 'int', '1'],
      ['EventMsg', 'string'],
    ],
    ClsFEXGetCMP: [
      ['Cbte_tipo', 'short', '1'],
      ['Punto_vta', 'int', '1'],
      ['Cbte_nro', 'long', '1'],
    ],
    FEXGetCMPResponse: [['FEXResultGet', 'ClsFEXGetCMPR'], ...ERR_EVENTS],
    ClsFEXGetCMPR: [
      ['Id', 'long', '1'],
      ['Fecha_cbte', 'string'],
      ['Cbte_tipo', 'short', '1'],
      ['Punto_vta', 'int', '1'],
      ['Cbte_nro', 'long', '1'],
      ...VOUCHER_FIELDS,
      ['Moneda_ctz', 'decimal', '1'],
      ...AFTER_RATE,
      ['Fecha_cbte_cae', 'string'],
      ['Fch_venc_Cae', 'string'],
      ['Cae', 'string'],
      ['Resultado', 'string'],
      ['Motivos_Obs', 'string'],
      ['Opcionales', 'ArrayOfOpcional'],
      ['Fecha_pago', 'string'],
    ],
    FEXResponseLast_CMP: [['FEXResult_LastCMP', 'ClsFEX_LastCMP_Response'], ...ERR_EVENTS],
    ClsFEX_LastCMP_Response: [
      ['Cbte_nro', 'long', '1'],
      ['Cbte_fecha', 'string'],
    ],
    FEXResponse_LastID: [['FEXResultGet', 'ClsFEXResponse_LastID'], ...ERR_EVENTS],
    ClsFEXResponse_LastID: [['Id', 'long', '1']],
    FEXResponse_CheckPermiso: [['FEXResultGet', 'ClsFEXResponse_CheckPermiso'], ...ERR_EVENTS],
    ClsFEXResponse_CheckPermiso: [['Status', 'string']],
    FEXResponse_Ctz: [['FEXResultGet', 'ClsFEXResponse_Ctz'], ...ERR_EVENTS],
    ClsFEXResponse_Ctz: [
      ['Mon_ctz', 'decimal', '1'],
      ['Mon_fecha', 'string'],
    ],
    DummyResponse: [
      ['AppServer', 'string'],
      ['DbServer', 'string'],
      ['AuthServer', 'string'],
    ],
    ...table('FEXResponse_Cbte_Tipo', 'ClsFEXResponse_Cbte_Tipo', dated('Cbte', 'short')),
    ...table('FEXResponse_Tex', 'ClsFEXResponse_Tex', dated('Tex', 'short')),
    ...table('FEXResponse_Inc', 'ClsFEXResponse_Inc', dated('Inc', 'string')),
    ...table('FEXResponse_Idi', 'ClsFEXResponse_Idi', dated('Idi', 'short')),
    ...table('FEXResponse_Umed', 'ClsFEXResponse_UMed', dated('Umed', 'short')),
    ...table('FEXResponse_Mon', 'ClsFEXResponse_Mon', dated('Mon', 'string')),
    ...table('FEXResponse_DST_pais', 'ClsFEXResponse_DST_pais', [
      ['DST_Codigo', 'string'],
      ['DST_Ds', 'string'],
    ]),
    ...table('FEXResponse_DST_cuit', 'ClsFEXResponse_DST_cuit', [
      ['DST_CUIT', 'long', '1'],
      ['DST_Ds', 'string'],
    ]),
    ...table('FEXResponse_PtoVenta', 'ClsFEXResponse_PtoVenta', [
      ['Pve_Nro', 'int', '1'],
      ['Pve_Bloqueado', 'string'],
      ['Pve_FchBaja', 'string'],
    ]),
  },
};
