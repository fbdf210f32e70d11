/** A labelled on/off switch (button role="switch") with an optional description, shared by the overlays. */
import { useId } from 'react';
import {
  SWITCH_DESCRIPTION_CLASS,
  SWITCH_LABEL_CLASS,
  SWITCH_ROW_CLASS,
  switchClass,
  switchThumbClass,
} from './switch-class.ts';

export interface SwitchRowProps {
  label: string;
  description?: string;
  checked: boolean;
  onCheckedChange?: (checked: boolean) => void;
  disabled?: boolean;
}

export function SwitchRow({ label, description, checked, onCheckedChange, disabled }: SwitchRowProps) {
  const id = useId();
  return (
    <div className={SWITCH_ROW_CLASS}>
      <div className="flex-1">
        <label id={`${id}-label`} htmlFor={id} className={SWITCH_LABEL_CLASS}>
          {label}
        </label>
        {description && (
          <p id={`${id}-desc`} className={SWITCH_DESCRIPTION_CLASS}>
            {description}
          </p>
        )}
      </div>
      <button
        id={id}
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={`${id}-label`}
        aria-describedby={description ? `${id}-desc` : undefined}
        disabled={disabled}
        onClick={() => onCheckedChange?.(!checked)}
        className={switchClass(checked, disabled)}
      >
        <span aria-hidden="true" className={switchThumbClass(checked)} />
      </button>
    </div>
  );
}
