// Reading a PDF back as a person's tools would: Debian's poppler-utils (pdftotext, pdfinfo, pdftoppm)
// for its text, pages and pixels, zbar-tools (zbarimg) for the QR printed on it. A missing tool fails the
// test that needs it, saying which package to install, rather than skipping anything.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const PACKAGES: Record<string, string> = {
  pdftotext: 'poppler-utils',
  pdfinfo: 'poppler-utils',
  pdftoppm: 'poppler-utils',
  zbarimg: 'zbar-tools',
};

function run(tool: string, args: string[]): string {
  try {
    return execFileSync(tool, args, {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch (error) {
    const failure = error as NodeJS.ErrnoException & { stderr?: string; status?: number };
    if (failure.code === 'ENOENT') {
      throw new Error(`${tool} is not installed: apt-get install ${PACKAGES[tool]} (CI's .ci/run installs it)`);
    }
    throw new Error(`${tool} ${args.join(' ')} failed (${failure.status}): ${failure.stderr ?? failure.message}`);
  }
}

function withPdfFile<T>(pdf: Buffer, work: (file: string, dir: string) => T): T {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'invoice-pdf-'));
  try {
    const file = path.join(dir, 'invoice.pdf');
    fs.writeFileSync(file, pdf);
    return work(file, dir);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * `pdftotext -layout`: the text as laid out, of one page or all of them. `raw` instead keeps the order it
 * was drawn in, so a wrapped paragraph beside another column reads as one.
 */
export function pdfText(pdf: Buffer, { page, raw = false }: { page?: number; raw?: boolean } = {}): string {
  const pages = page ? ['-f', String(page), '-l', String(page)] : [];
  return withPdfFile(pdf, (file) => run('pdftotext', [raw ? '-raw' : '-layout', '-enc', 'UTF-8', ...pages, file, '-']));
}

/** Text with every run of whitespace made one space, to find what wrapped over lines. */
export const flat = (text: string) => text.replace(/\s+/g, ' ');

export function pdfPageCount(pdf: Buffer): number {
  const info = withPdfFile(pdf, (file) => run('pdfinfo', [file]));
  const pages = /^Pages:\s+(\d+)$/m.exec(info);
  if (!pages) throw new Error(`pdfinfo printed no page count:\n${info}`);
  return Number(pages[1]);
}

/** The QR codes on a page, as zbarimg reads them from the page rasterised at 150 dpi. */
export function readQrCodes(pdf: Buffer, page: number): string[] {
  return withPdfFile(pdf, (file, dir) => {
    run('pdftoppm', [
      '-png',
      '-r',
      '150',
      '-f',
      String(page),
      '-l',
      String(page),
      '-singlefile',
      file,
      path.join(dir, 'page'),
    ]);
    let output: string;
    try {
      output = run('zbarimg', ['--raw', '-q', '-Sdisable', '-Sqrcode.enable', path.join(dir, 'page.png')]);
    } catch (error) {
      // zbarimg exits 4 when it finds no symbol at all.
      if (/\(4\)/.test(String(error))) return [];
      throw error;
    }
    return output.split('\n').filter(Boolean);
  });
}
