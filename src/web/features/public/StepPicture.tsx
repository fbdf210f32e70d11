/** A how-it-works step's drawing and its number, as the home page and /how-it-works show them. */
import type { HowItWorksStep } from '../../../shared/public-content.ts';
import { cn } from '../../lib/cn.ts';

export function StepPicture({ step, n, className }: { step: HowItWorksStep; n: number; className?: string }) {
  return (
    <>
      <img
        src={`/illustrations/${step.picture}.svg`}
        alt=""
        width={160}
        height={112}
        loading="lazy"
        className={cn('w-auto self-center', className)}
      />
      <span
        aria-hidden="true"
        className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-600 text-lg font-bold text-white"
      >
        {n}
      </span>
    </>
  );
}
