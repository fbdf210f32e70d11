/**
 * A long page's "Jump to" menu (issue 32: the driver profile was one 6,500 px page on a phone): a row of
 * links to the page's sections that stays under the header while the page scrolls, marks the section in
 * view (aria-current), and moves the focus to the chosen section's heading (each heading has tabIndex -1).
 * Its height is published as --section-nav-height, so focused controls and jumped-to headings scroll clear
 * of it (styles.css, scroll-padding-top).
 */
import { type MouseEvent, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { cn } from '../../lib/cn.ts';

export interface Section {
  /** The id of the section's heading. */
  id: string;
  label: string;
}

export function SectionNav({ label, sections }: { label: string; sections: readonly Section[] }) {
  const ref = useRef<HTMLElement>(null);
  const [current, setCurrent] = useState(sections[0]?.id ?? '');

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const root = document.documentElement;
    const publish = () => root.style.setProperty('--section-nav-height', `${el.offsetHeight}px`);
    publish();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(publish);
    observer?.observe(el);
    return () => {
      observer?.disconnect();
      root.style.removeProperty('--section-nav-height');
    };
  }, []);

  // The section in view: the last one whose heading has passed under the menu.
  const ids = sections.map((s) => s.id).join(' ');
  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      const line = (ref.current?.getBoundingClientRect().bottom ?? 0) + 16;
      let seen = ids.split(' ')[0] ?? '';
      for (const id of ids.split(' ')) {
        const top = document.getElementById(id)?.getBoundingClientRect().top;
        if (top !== undefined && top <= line) seen = id;
      }
      setCurrent(seen);
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [ids]);

  // Keep the current section's link in view in the menu's own row (it scrolls sideways on a phone).
  useEffect(() => {
    const link = ref.current?.querySelector<HTMLElement>(`a[href="#${current}"]`);
    const row = link?.parentElement?.parentElement;
    if (!link || !row) return;
    const left = link.offsetLeft - row.offsetLeft;
    if (left < row.scrollLeft || left + link.offsetWidth > row.scrollLeft + row.clientWidth) {
      row.scrollTo({ left: Math.max(0, left - 16) });
    }
  }, [current]);

  const jump = (e: MouseEvent<HTMLAnchorElement>, id: string) => {
    const target = document.getElementById(id);
    if (!target) return;
    e.preventDefault();
    history.replaceState(history.state, '', `#${id}`);
    target.scrollIntoView({ block: 'start' });
    target.focus({ preventScroll: true });
    setCurrent(id);
  };

  return (
    <nav
      ref={ref}
      aria-label={label}
      className="sticky top-[var(--header-height,4rem)] z-30 min-w-0 rounded-xl border border-slate-200 bg-slate-50/95 px-2 py-1 backdrop-blur"
    >
      {/* One row that scrolls sideways inside itself on a phone (never the page). */}
      <ul className="flex min-w-0 gap-1 overflow-x-auto">
        {sections.map((s) => (
          <li key={s.id} className="shrink-0">
            <a
              href={`#${s.id}`}
              onClick={(e) => jump(e, s.id)}
              aria-current={current === s.id ? 'true' : undefined}
              className={cn(
                'inline-flex min-h-11 items-center whitespace-nowrap rounded-md px-3 text-sm font-semibold text-brand-800 hover:bg-brand-50',
                current === s.id && 'bg-brand-100 text-brand-900 underline underline-offset-4',
              )}
            >
              {s.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
