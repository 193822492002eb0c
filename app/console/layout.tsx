// The integrator's console: English only (the wizard it embeds keeps its own languages), out of search
// engines, with TanStack Query for its calls to the public API.
import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { Providers } from '@/components/providers';

export const metadata: Metadata = {
  title: { default: 'Console — AR supplier onboarding', template: '%s — Console' },
  robots: { index: false, follow: false },
};

export default function ConsoleLayout({ children }: { children: ReactNode }) {
  return (
    <div lang="en">
      <Providers locale="en">{children}</Providers>
    </div>
  );
}
