// The operations the emulated WSFEv1 serves (CAE and CAEA): what each answers, and what its Result holds besides
// Errors when the credentials fail (the WSDL's required integers, written as 0, as the service does).
import { consultarCaea, solicitarCaea } from '@/lib/emulator/caea-grant';
import { consultarSinMovimiento, informarSinMovimiento } from '@/lib/emulator/caea-idle';
import { informarCaea } from '@/lib/emulator/caea-report';
import { isDown } from '@/lib/emulator/fault-queries';
import { solicitarCae, type WsfeCall } from '@/lib/emulator/voucher-authorization';
import { compConsultar, compTotXRequest, ultimoAutorizado } from '@/lib/emulator/voucher-lookups';
import { condicionIvaReceptor, cotizacion, PARAMETER_TABLES, puntosDeVenta } from '@/lib/emulator/wsfe-parameters';

export interface WsfeOperation {
  /** FEDummy takes no Auth. */
  open?: true;
  onAuthFailure?: string;
  run: (call: WsfeCall) => Promise<string>;
}

export const WSFE_OPERATIONS = {
  FEDummy: {
    open: true,
    // While the environment is down (fault `down`) every server reports trouble; the real service's word for
    // it is unverified, so it is the plainest one.
    run: async ({ environment, now }) =>
      (await isDown(environment, now))
        ? '<AppServer>FAIL</AppServer><DbServer>FAIL</DbServer><AuthServer>FAIL</AuthServer>'
        : '<AppServer>OK</AppServer><DbServer>OK</DbServer><AuthServer>OK</AuthServer>',
  },
  FECAESolicitar: { run: solicitarCae },
  FECompUltimoAutorizado: {
    onAuthFailure: '<PtoVta>0</PtoVta><CbteTipo>0</CbteTipo><CbteNro>0</CbteNro>',
    run: ultimoAutorizado,
  },
  FECompConsultar: { run: compConsultar },
  FECAEASolicitar: { run: solicitarCaea },
  FECAEAConsultar: { run: consultarCaea },
  FECAEARegInformativo: { run: informarCaea },
  // PtoVta is a required integer of the result itself: written as 0 when the credentials fail.
  FECAEASinMovimientoInformar: { onAuthFailure: '<PtoVta>0</PtoVta>', run: informarSinMovimiento },
  FECAEASinMovimientoConsultar: { run: consultarSinMovimiento },
  FECompTotXRequest: { onAuthFailure: '<RegXReq>0</RegXReq>', run: compTotXRequest },
  FEParamGetPtosVenta: { run: puntosDeVenta },
  ...Object.fromEntries(Object.entries(PARAMETER_TABLES).map(([name, run]) => [name, { run }])),
  FEParamGetCondicionIvaReceptor: { run: condicionIvaReceptor },
  FEParamGetCotizacion: { run: cotizacion },
} as Record<string, WsfeOperation>;

export const WSFE_OPERATION_NAMES = Object.keys(WSFE_OPERATIONS);
