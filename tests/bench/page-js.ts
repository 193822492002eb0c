// What the wizard page makes a browser download before it can run: every script the HTML of a real
// /reg/<ref> names (<script src>, and <link rel=preload|modulepreload> of scripts), gzipped at level 9.
// `nomodule` scripts (Next's legacy polyfills) are left out: browsers with modules never fetch them.
import { gzipSync } from 'node:zlib';

export interface PageJs {
  kb: number;
  scripts: number;
}

export async function measurePageJs(pageUrl: string, expectedStatus = 200): Promise<PageJs> {
  const page = await fetch(pageUrl);
  if (page.status !== expectedStatus) throw new Error(`${pageUrl} answered ${page.status}`);
  const urls = scriptUrls(await page.text(), pageUrl);
  let bytes = 0;
  for (const url of urls) {
    const response = await fetch(url);
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
    bytes += gzipSync(Buffer.from(await response.arrayBuffer()), { level: 9 }).length;
  }
  return { kb: bytes / 1024, scripts: urls.length };
}

export function scriptUrls(html: string, pageUrl: string): string[] {
  const found = new Set<string>();
  for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) {
    const src = attribute(tag, 'src');
    if (src && !/\snomodule\b/i.test(tag)) found.add(new URL(src, pageUrl).href);
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = attribute(tag, 'rel') ?? '';
    const preloadsScript = rel === 'modulepreload' || (rel === 'preload' && attribute(tag, 'as') === 'script');
    const href = attribute(tag, 'href');
    if (preloadsScript && href) found.add(new URL(href, pageUrl).href);
  }
  return [...found];
}

function attribute(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}=(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag);
  const value = match?.[1] ?? match?.[2] ?? match?.[3];
  return value?.replace(/&amp;/g, '&');
}
