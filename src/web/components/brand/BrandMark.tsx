/**
 * The brand mark (docs/DESIGN.md): a shuttle van in a quote bubble, "a ride, quoted". Drawn on a 32 px grid
 * so it stays crisp from 16 px (the favicon, public/favicon.svg, is the same drawing) to the hero. Colours
 * are the theme's (fill utilities), so high contrast mode recolours it too.
 */
import { cn } from '../../lib/cn.ts';

export function BrandMark({ className }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 32 32"
      aria-hidden="true"
      focusable="false"
      className={cn('shrink-0', className ?? 'h-8 w-8')}
    >
      <path
        className="fill-brand-900"
        d="M6 2h20a5 5 0 0 1 5 5v13a5 5 0 0 1-5 5H15l-6.2 5.2a.5.5 0 0 1-.8-.4V25H6a5 5 0 0 1-5-5V7a5 5 0 0 1 5-5z"
      />
      <path
        className="fill-white"
        d="M5.5 18.2v-6.4A2.8 2.8 0 0 1 8.3 9h11.9a2.8 2.8 0 0 1 2.2 1.1l3.5 4.4c.4.5.6 1.1.6 1.7v2a1 1 0 0 1-1 1H6.5a1 1 0 0 1-1-1z"
      />
      <path
        className="fill-brand-400"
        d="M8 11.2h4.2v3.3H8zM13.4 11.2h4.2v3.3h-4.2zM18.8 11.2h1.6a1 1 0 0 1 .8.4l2.3 2.9h-4.7z"
      />
      <circle cx="10.2" cy="19.6" r="2.3" className="fill-sun-400 stroke-brand-900" strokeWidth="1.3" />
      <circle cx="21.4" cy="19.6" r="2.3" className="fill-sun-400 stroke-brand-900" strokeWidth="1.3" />
    </svg>
  );
}
