// docs/architecture.md opens with a Mermaid drawing of lib/'s rooms: its plain arrows (`a --> b`) are the
// room imports with every arrow a longer path already implies left out (the transitive reduction), its
// dotted arrows the path of a registration and of an invoice. This holds the drawing to the code: every room
// drawn, and the arrows exactly those the imports under lib/ make.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from '@/tests/support/source-files';

const DRAWING = fs.readFileSync('docs/architecture.md', 'utf8').match(/```mermaid\n([\s\S]*?)```/)?.[1] ?? '';
/** A node id is its room's name with `_` for `-` (Mermaid ids take no dash); `app` stands for app/ and components/. */
const roomOf = (id: string) => id.replaceAll('_', '-');
const ENTRY_POINTS = new Set(['app']);

const arrows = (pattern: RegExp) =>
  DRAWING.split('\n').flatMap((line) => {
    const [, from, to] = line.match(pattern) ?? [];
    return from && to ? [`${roomOf(from)} --> ${roomOf(to)}`] : [];
  });
const drawnImports = () => arrows(/^\s*(\w+)\s*-->\s*(\w+)\s*$/);
const drawnPaths = () => arrows(/^\s*(\w+)\s*-\.->\|[^|]+\|\s*(\w+)\s*$/);
/** A room drawn alone, with no import of another room and none importing it. */
const drawnAlone = () =>
  DRAWING.split('\n').flatMap(
    (line) =>
      line
        .match(/^\s+(\w+)\s*$/)
        ?.slice(1)
        .map(roomOf) ?? [],
  );

const rooms = () =>
  fs
    .readdirSync('lib', { withFileTypes: true })
    .filter((item) => item.isDirectory())
    .map((item) => item.name)
    .sort();

/** Room → the rooms its modules import (`@/lib/<room>/...`, types included). */
function roomImports(): Map<string, Set<string>> {
  const imports = new Map<string, Set<string>>(rooms().map((room) => [room, new Set<string>()]));
  for (const room of rooms()) {
    for (const file of sourceFiles(path.join('lib', room))) {
      const text = fs.readFileSync(file, 'utf8');
      for (const match of text.matchAll(/\b(?:from|import)\s*\(?\s*['"]@\/lib\/([^/'"]+)\//g)) {
        const imported = match[1] ?? room;
        if (imported !== room) imports.get(room)?.add(imported);
      }
    }
  }
  return imports;
}

/** The arrows a longer path does not already imply. */
function transitiveReduction(imports: Map<string, Set<string>>): string[] {
  const reachesWithout = (from: string, to: string, skipped: string) => {
    const seen = new Set<string>();
    const next = [...(imports.get(from) ?? [])].filter((room) => room !== skipped);
    while (next.length) {
      const room = next.pop() as string;
      if (room === to) return true;
      if (seen.has(room)) continue;
      seen.add(room);
      next.push(...(imports.get(room) ?? []));
    }
    return false;
  };
  return [...imports].flatMap(([from, targets]) =>
    [...targets].filter((to) => !reachesWithout(from, to, to)).map((to) => `${from} --> ${to}`),
  );
}

describe('the architecture drawing', () => {
  it('is found, with arrows of both kinds', () => {
    expect(drawnImports().length).toBeGreaterThan(10);
    expect(drawnPaths().length).toBeGreaterThan(5);
  });

  it('draws every room of lib/ and no other', () => {
    const drawn = new Set([...drawnImports(), ...drawnPaths()].flatMap((arrow) => arrow.split(' --> ')));
    for (const room of drawnAlone()) drawn.add(room);
    for (const entry of ENTRY_POINTS) drawn.delete(entry);
    expect([...drawn].sort()).toEqual(rooms());
  });

  it("draws exactly the rooms' imports, less those a longer path implies", () => {
    expect(drawnImports().sort()).toEqual(transitiveReduction(roomImports()).sort());
  });

  it('finds an import the drawing leaves out, and one it invents', () => {
    const imports = new Map([
      ['a', new Set(['b', 'c'])],
      ['b', new Set(['c'])],
      ['c', new Set<string>()],
    ]);
    expect(transitiveReduction(imports).sort()).toEqual(['a --> b', 'b --> c']);
    imports.get('c')?.add('d');
    imports.set('d', new Set());
    expect(transitiveReduction(imports)).toContain('c --> d');
  });
});
