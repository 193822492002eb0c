// The emulated WSCT's operations by name: what the portal may set a fault on.
export const WSCT_OPERATION_NAMES = [
  'dummy',
  'autorizarComprobante',
  'consultarUltimoComprobanteAutorizado',
  'consultarComprobanteTipoPVentaNro',
  'consultarCotizacion',
  'consultarTiposComprobantes',
  'consultarTiposDocumento',
  'consultarTiposIVA',
  'consultarCondicionesIVA',
  'consultarMonedas',
  'consultarPaises',
  'consultarTiposItem',
  'consultarCodigosItemTurismo',
  'consultarRelacionEmisorReceptor',
  'consultarTiposTributo',
] as const;
