/** The forms' choice controls: a checkbox with its label beside it, and a fieldset of radio buttons. */
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

/** A checkbox followed by its label. `className` adds layout to the label (it must not set what it sets). */
export function Checkbox({
  label,
  checked,
  onCheckedChange,
  className,
}: {
  label: ReactNode;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  className?: string;
}) {
  return (
    <label className={cn('flex items-center gap-2 text-sm', className)}>
      <input
        type="checkbox"
        className="h-4 w-4"
        checked={checked}
        onChange={(e) => onCheckedChange(e.target.checked)}
      />
      {label}
    </label>
  );
}

/** One radio button per option, under a legend, one option a line; `labels` words each option. */
export function RadioGroup<T extends string>({
  legend,
  legendClassName,
  name,
  options,
  labels,
  value,
  onChange,
}: {
  legend: string;
  /** Added to the legend's 'text-sm font-medium' (a colour). */
  legendClassName?: string;
  /** The radios' shared form name. */
  name: string;
  options: readonly T[];
  labels: Readonly<Record<T, ReactNode>>;
  value: T;
  onChange: (value: T) => void;
}) {
  return (
    <fieldset>
      <legend className={cn('text-sm font-medium', legendClassName)}>{legend}</legend>
      <div className="mt-2 flex flex-col gap-2">
        {options.map((option) => (
          <label key={option} className="flex items-start gap-2 text-sm">
            <input
              type="radio"
              name={name}
              className="mt-0.5 h-4 w-4"
              checked={value === option}
              onChange={() => onChange(option)}
            />
            {labels[option]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
