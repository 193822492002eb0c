// The operations the emulated WSFEX serves: what each answers. FEXDummy takes no Auth; every other operation
// answers a failed Auth with FEXErr and FEXEvents only, no result block, as the service does.
import { isDown } from '@/lib/emulator/fault-queries';
import type { WsfeOperation } from '@/lib/emulator/wsfe-operations';
import { authorizeExport } from '@/lib/emulator/wsfex-authorize';
import { checkPermit, exportVoucher, lastExportId, lastExportNumber } from '@/lib/emulator/wsfex-lookups';
import { FEX_PARAMETER_OPERATIONS } from '@/lib/emulator/wsfex-parameters';

export const WSFEX_OPERATIONS: Record<string, WsfeOperation> = {
  FEXDummy: {
    open: true,
    run: async ({ environment, now }) =>
      (await isDown(environment, now))
        ? '<AppServer>FAIL</AppServer><DbServer>FAIL</DbServer><AuthServer>FAIL</AuthServer>'
        : '<AppServer>OK</AppServer><DbServer>OK</DbServer><AuthServer>OK</AuthServer>',
  },
  FEXAuthorize: { run: authorizeExport },
  FEXGetCMP: { run: exportVoucher },
  FEXGetLast_CMP: { run: lastExportNumber },
  FEXGetLast_ID: { run: lastExportId },
  FEXCheck_Permiso: { run: checkPermit },
  ...Object.fromEntries(Object.entries(FEX_PARAMETER_OPERATIONS).map(([name, run]) => [name, { run }])),
};

export const WSFEX_OPERATION_NAMES = Object.keys(WSFEX_OPERATIONS);
