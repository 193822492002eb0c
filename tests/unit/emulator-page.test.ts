// The emulator's portal pages exist only while the emulator answers as the authority.
import { afterEach, describe, expect, it } from 'vitest';
import EmulatorPage from '@/app/emulator/page';

const declared = process.env.AR_AUTHORITY;
afterEach(() => {
  if (declared === undefined) delete process.env.AR_AUTHORITY;
  else process.env.AR_AUTHORITY = declared;
});

const render = () => EmulatorPage({ searchParams: Promise.resolve({}) });

describe('/emulator', () => {
  it('is the not-found page against the real authority', async () => {
    process.env.AR_AUTHORITY = 'afip';
    await expect(render()).rejects.toMatchObject({ digest: 'NEXT_HTTP_ERROR_FALLBACK;404' });
  });

  it('renders with the emulator on', async () => {
    process.env.AR_AUTHORITY = 'emulator';
    await expect(render()).resolves.toBeTruthy();
  });
});
