import { execFile } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { emulatorCa, emulatorTrustAnchors } from '@/lib/emulator/ca';
import { makeCa } from '@/tests/support/pki';

const run = promisify(execFile);
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'emulator-ca-'));
const saved = { ...process.env };
afterEach(() => {
  for (const key of ['DATA_DIR', 'AR_EMULATOR_SANDBOX_CA_CERT', 'AR_EMULATOR_SANDBOX_CA_KEY']) {
    if (saved[key] === undefined) delete process.env[key];
    else process.env[key] = saved[key];
  }
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('emulator CAs', () => {
  it('are made once under DATA_DIR/emulator, keys readable by the owner only', () => {
    process.env.DATA_DIR = path.join(root, 'made');
    const sandbox = emulatorCa('sandbox');
    const live = emulatorCa('live');
    expect(new X509Certificate(sandbox.certificatePem).subject).toBe('C=AR\nO=AFIP\nCN=Computadores Test');
    expect(new X509Certificate(live.certificatePem).subject).toBe('C=AR\nO=AFIP\nCN=Computadores');
    const directory = path.join(root, 'made', 'emulator');
    expect(fs.readdirSync(directory).sort()).toEqual([
      'live-ca.crt',
      'live-ca.key',
      'sandbox-ca.crt',
      'sandbox-ca.key',
    ]);
    expect(fs.statSync(path.join(directory, 'sandbox-ca.key')).mode & 0o777).toBe(0o600);
    expect(fs.readFileSync(path.join(directory, 'sandbox-ca.crt'), 'utf8')).toBe(sandbox.certificatePem);
    expect(emulatorTrustAnchors()).toEqual({ sandbox: [sandbox.certificatePem], live: [live.certificatePem] });
  });

  it('are read from AR_EMULATOR_*_CA_* files when given, both or neither', () => {
    const ca = makeCa('sandbox');
    process.env.AR_EMULATOR_SANDBOX_CA_CERT = path.join(root, 'given.crt');
    process.env.AR_EMULATOR_SANDBOX_CA_KEY = path.join(root, 'given.key');
    fs.writeFileSync(process.env.AR_EMULATOR_SANDBOX_CA_CERT, ca.certificatePem);
    fs.writeFileSync(process.env.AR_EMULATOR_SANDBOX_CA_KEY, ca.keyPem);
    expect(new X509Certificate(emulatorCa('sandbox').certificatePem).fingerprint256).toBe(
      new X509Certificate(ca.certificatePem).fingerprint256,
    );
    delete process.env.AR_EMULATOR_SANDBOX_CA_KEY;
    expect(() => emulatorCa('sandbox')).toThrow(/AR_EMULATOR_SANDBOX_CA_KEY/);
  });

  it('come out the same for processes racing to make them', async () => {
    const dataDir = path.join(root, 'raced');
    const script = path.join(root, 'print-ca.ts');
    fs.writeFileSync(
      script,
      `import { emulatorCa } from ${JSON.stringify(path.resolve('lib/emulator/ca.ts'))};\n` +
        "process.stdout.write(emulatorCa('sandbox').certificatePem + emulatorCa('sandbox').privateKeyPem);\n",
    );
    const env = { ...process.env, DATA_DIR: dataDir, AR_EMULATOR_SANDBOX_CA_CERT: '', AR_EMULATOR_SANDBOX_CA_KEY: '' };
    const outputs = await Promise.all(
      [1, 2, 3].map(() => run(process.execPath, ['--conditions=react-server', '--import', 'tsx', script], { env })),
    );
    expect(new Set(outputs.map((output) => output.stdout)).size).toBe(1);
    expect(fs.readdirSync(path.join(dataDir, 'emulator')).sort()).toEqual(['sandbox-ca.crt', 'sandbox-ca.key']);
  });
});
