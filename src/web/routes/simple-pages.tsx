/**
 * Pages whose content later issues own (the marketplace, app-wide features and public site issues).
 * Each has its real route, heading, title and description now, so navigation, the guard and the shell
 * can be built and tested against them.
 */
import { Link } from 'react-router';
import { usePageMeta } from '../lib/page-meta.ts';

export interface SimplePageDef {
  title: string;
  heading: string;
  description: string;
  links?: { to: string; label: string }[];
}

export const SIMPLE_PAGES = {
  testNotifications: {
    title: 'Test Notifications',
    heading: 'Test notifications and e-mail',
    description: 'Send yourself a test notification or e-mail.',
  },
  users: { title: 'Users', heading: 'Users', description: 'Everyone with an account.' },
} satisfies Record<string, SimplePageDef>;

export type SimplePageKey = keyof typeof SIMPLE_PAGES;

export function SimplePage({ page }: { page: SimplePageKey }) {
  const def: SimplePageDef = SIMPLE_PAGES[page];
  usePageMeta(def.title, def.description);
  return (
    <article className="max-w-3xl">
      <h1 className="text-3xl font-bold text-slate-900">{def.heading}</h1>
      <p className="mt-4 text-lg text-slate-700">{def.description}</p>
      {def.links && (
        <p className="mt-6 flex gap-4">
          {def.links.map((l) => (
            <Link key={l.to} to={l.to} className="font-semibold text-brand-600 underline underline-offset-4">
              {l.label}
            </Link>
          ))}
        </p>
      )}
    </article>
  );
}
