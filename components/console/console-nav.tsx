'use client';
// The console's sections; the current one is marked for screen readers (aria-current) and by eye.
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { CONSOLE_PATHS } from '@/lib/console/paths';

const SECTIONS = [
  {
    href: CONSOLE_PATHS.home,
    label: 'Suppliers',
    matches: (path: string) => path === CONSOLE_PATHS.home || path.startsWith('/console/suppliers'),
  },
  {
    href: CONSOLE_PATHS.invoices,
    label: 'Invoices',
    matches: (path: string) => path.startsWith(CONSOLE_PATHS.invoices),
  },
  {
    href: CONSOLE_PATHS.configuration,
    label: 'Configuration',
    matches: (path: string) => path.startsWith(CONSOLE_PATHS.configuration),
  },
];

export function ConsoleNav() {
  const pathname = usePathname() ?? '';
  return (
    <nav aria-label="Console" className="mx-auto w-full max-w-5xl px-4 sm:px-6">
      <ul className="flex gap-1">
        {SECTIONS.map(({ href, label, matches }) => {
          const current = matches(pathname);
          return (
            <li key={href}>
              <Link
                href={href}
                aria-current={current ? 'page' : undefined}
                className={`inline-flex min-h-11 items-center border-b-2 px-3 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-700 ${
                  current ? 'border-sky-700 text-sky-900' : 'border-transparent text-slate-700 hover:text-slate-900'
                }`}
              >
                {label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
