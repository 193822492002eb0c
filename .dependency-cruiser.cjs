// The rooms of docs/architecture.md and what each may import; `npm run lint` fails on a violation.
const fs = require('node:fs');
const path = require('node:path');

const room = (name) => `^lib/${name}/`;

/**
 * The rooms of lib/, top down (docs/architecture.md draws them): a room imports only rooms below it, so no
 * import runs up a floor and no two rooms import each other. The platform files at lib/'s root are below all.
 */
const ROOMS_TOP_DOWN = [
  'openapi',
  'cli',
  'console',
  'server',
  'demo',
  'wizard',
  'gov-ar',
  'authority',
  'emulator',
  'http',
  'transform',
  'webhooks',
  'silo',
  'access',
  'net',
  'api',
  'responses',
  'ar',
  'gobl',
  'crypto',
  'db',
  'i18n',
  'browser',
];

/** One rule per room: nothing above it. */
const importsOnlyDown = ROOMS_TOP_DOWN.slice(1).map((name, index) => ({
  name: `${name}-imports-only-rooms-below-it`,
  comment: `lib/${name} may import only the rooms below it in ROOMS_TOP_DOWN (and the platform files).`,
  severity: 'error',
  from: { path: room(name) },
  to: { path: `^lib/(${ROOMS_TOP_DOWN.slice(0, index + 1).join('|')})/` },
}));

/** The generic rooms: the machinery a service plugs into, and what it stands on. */
const GENERIC_ROOMS = ['http', 'transform', 'webhooks', 'silo', 'access', 'net', 'api', 'crypto', 'db'];
/** What is Argentine: the service, the authority's clients and stand-in, its formats, and their answers. */
const ARGENTINE = '^lib/(gov-ar|authority|emulator|ar|gobl)/|^lib/responses/(gov-ar|authority|emulator)';

/** The client components (files that start with 'use client'), as path patterns: what the browser bundles starts there. */
function clientComponents(dir = 'components') {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((item) => {
    const file = path.posix.join(dir, item.name);
    if (item.isDirectory()) return clientComponents(file);
    const isClient =
      /\.tsx?$/.test(item.name) && /^\s*(\/\/[^\n]*\n\s*)*['"]use client['"]/.test(fs.readFileSync(file, 'utf8'));
    return isClient ? [`^${file.replace(/[.[\]()]/g, '\\$&')}$`] : [];
  });
}

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycles-in-lib',
      comment: 'Modules of lib/ form no import circle (types included): each room reads from the bottom up.',
      severity: 'error',
      from: { path: '^lib/' },
      to: { circular: true, viaOnly: { path: '^lib/' } },
    },
    {
      name: 'components-never-touch-the-database',
      comment: 'UI code gets its data from routes and server components, never from lib/db.',
      severity: 'error',
      from: { path: '^components/' },
      to: { path: '^lib/db/' },
    },
    {
      name: 'browser-code-never-reaches-the-database',
      comment:
        'What a client component imports, however indirectly, ends in the browser bundle: the database client must not.',
      severity: 'error',
      from: { path: clientComponents() },
      to: { path: '^lib/db/client', reachable: true },
    },
    {
      name: 'browser-code-takes-response-shapes-as-types',
      comment:
        "The response schemas (lib/responses, and lib/openapi/responses for the per-folder entries) declare each shape once; UI code takes their types with `import type`, so no zod schema of the document reaches the bundle. The wizard's progress body and its step names are the browser forms' own schema.",
      severity: 'error',
      from: { path: '^(components|lib/(console|wizard))/' },
      to: {
        path: '^lib/(openapi/responses|responses)/',
        pathNot: '^lib/responses/gov-ar-(progress|wizard-steps)\\.ts$',
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'ar-is-facts-and-formats',
      comment:
        'lib/ar holds Argentine facts and formats only (GOBL is a format too): no database, no HTTP, no service; heavy crypto goes through the off-loop pool.',
      severity: 'error',
      from: { path: [room('ar'), room('gobl')] },
      to: { path: '^lib/(?!ar/|gobl/|crypto/off-loop|process-singleton)' },
    },
    {
      name: 'emulator-plays-an-outside-system',
      comment:
        'The stand-in authority shares only the formats (lib/ar) and the database with us, never our side of the wire.',
      severity: 'error',
      from: { path: room('emulator') },
      to: { path: '^lib/(gov-ar|authority|transform|silo|access|webhooks|console|wizard|server)/' },
    },
    {
      name: 'authority-clients-call-no-service',
      comment:
        'Our clients of the authority serve the gov-ar service; they never call back into it, the engine or the silo.',
      severity: 'error',
      from: { path: room('authority') },
      to: { path: '^lib/(gov-ar|transform|silo|console|wizard)/' },
    },
    {
      name: 'platform-files-import-no-room',
      comment: "The platform files at lib/'s root (config, ids, process singletons...) are below every room.",
      severity: 'error',
      from: { path: '^lib/[^/]+$' },
      to: { path: '^lib/[^/]+/' },
    },
    {
      name: 'rooms-are-known',
      comment: 'Every room of lib/ has its floor in ROOMS_TOP_DOWN (and its place in docs/architecture.md).',
      severity: 'error',
      from: { path: '^lib/' },
      to: { path: '^lib/[^/]+/', pathNot: `^lib/(${ROOMS_TOP_DOWN.join('|')})/` },
    },
    {
      name: 'generic-rooms-know-no-country',
      comment:
        'The engine, the silo, the HTTP layer and what they stand on are generic: services plug into them by registering (their codes, events, workflow fields and column types by declaration merging), never the reverse; not even a type reaches Argentina from them.',
      severity: 'error',
      from: { path: `^lib/(${GENERIC_ROOMS.join('|')})/` },
      to: { path: ARGENTINE, reachable: true },
    },
    ...importsOnlyDown,
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['^lib/db/migrations/', '(^|/)\\.next'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
      extensions: ['.ts', '.tsx', '.mjs', '.js'],
    },
  },
};
