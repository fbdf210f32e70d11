/**
 * The layout every information page shares: one h1 from PUBLIC_PAGES, an intro, then sections with h2s.
 * Pure render of props and config (the server renders it too, ADR 010); usePageMeta only runs in the browser.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PUBLIC_PAGES, type PublicPath } from '../../../shared/public-content.ts';
import { cn } from '../../lib/cn.ts';
import { usePageMeta } from '../../lib/page-meta.ts';

export function usePublicPageMeta(path: PublicPath) {
  const meta = PUBLIC_PAGES[path];
  usePageMeta(meta.title, meta.description);
  return meta;
}

export function PublicPage({
  path,
  intro,
  children,
  wide,
}: {
  path: PublicPath;
  intro?: ReactNode;
  children: ReactNode;
  wide?: boolean;
}) {
  const meta = usePublicPageMeta(path);
  return (
    <article className={cn('mx-auto flex w-full flex-col gap-10', wide ? 'max-w-5xl' : 'max-w-3xl')}>
      <header className="flex flex-col gap-4">
        <h1 className="text-3xl font-bold leading-tight text-slate-900 sm:text-4xl">{meta.heading}</h1>
        {intro && <div className="text-lg text-slate-700">{intro}</div>}
      </header>
      {children}
    </article>
  );
}

export function Section({
  title,
  id,
  children,
  className,
}: {
  title: string;
  id?: string;
  children: ReactNode;
  className?: string;
}) {
  const headingId = `${id ?? slug(title)}-heading`;
  return (
    <section id={id} aria-labelledby={headingId} className={cn('flex flex-col gap-3', className)}>
      <h2 id={headingId} className="text-2xl font-semibold text-slate-900">
        {title}
      </h2>
      <div className="flex flex-col gap-3 leading-relaxed text-slate-700">{children}</div>
    </section>
  );
}

export function Bullets({ items }: { items: ReactNode[] }) {
  return (
    <ul className="flex list-disc flex-col gap-2 pl-6">
      {items.map((item, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static copy, never reordered
        <li key={i}>{item}</li>
      ))}
    </ul>
  );
}

export function TextLink({ to, children }: { to: string; children: ReactNode }) {
  const cls = 'font-semibold text-brand-600 underline underline-offset-4 hover:text-brand-900';
  if (/^(mailto|tel|https?):/.test(to)) {
    return (
      <a href={to} className={cls}>
        {children}
      </a>
    );
  }
  return (
    <Link to={to} className={cls}>
      {children}
    </Link>
  );
}

/** A primary call-to-action link styled as a button. */
export function CtaLink({
  to,
  children,
  variant = 'primary',
}: {
  to: string;
  children: ReactNode;
  variant?: 'primary' | 'secondary' | 'inverse' | 'outline-inverse';
}) {
  const styles = {
    primary: 'bg-brand-600 text-white hover:bg-brand-700',
    secondary: 'border border-slate-300 bg-white text-brand-900 hover:bg-slate-100',
    inverse: 'bg-sun-400 text-brand-950 hover:bg-sun-300',
    'outline-inverse': 'border border-white text-white hover:bg-white/10',
  } as const;
  return (
    <Link
      to={to}
      className={cn(
        'inline-flex min-h-11 items-center justify-center rounded-md px-5 py-3 text-center font-semibold',
        styles[variant],
      )}
    >
      {children}
    </Link>
  );
}

function slug(s: string) {
  return s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}
