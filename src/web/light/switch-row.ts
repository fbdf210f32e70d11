/** SwitchRow (features/accessibility/Switch.tsx) for the public pages' scripts: same markup and classes. */
import {
  SWITCH_DESCRIPTION_CLASS,
  SWITCH_LABEL_CLASS,
  SWITCH_ROW_CLASS,
  switchClass,
  switchThumbClass,
} from '../features/accessibility/switch-class.ts';
import { h, newId } from './dom.ts';

export function switchRow(opts: {
  label: string;
  description?: string;
  checked: boolean;
  disabled?: boolean;
  onChange?: (checked: boolean) => void;
}): HTMLElement {
  const id = newId('switch');
  let checked = opts.checked;
  const thumb = h('span', { 'aria-hidden': 'true', class: switchThumbClass(checked) });
  const button = h(
    'button',
    {
      id,
      type: 'button',
      role: 'switch',
      'aria-checked': String(checked),
      'aria-labelledby': `${id}-label`,
      'aria-describedby': opts.description ? `${id}-desc` : undefined,
      disabled: Boolean(opts.disabled),
      class: switchClass(checked, opts.disabled),
      onclick: () => {
        checked = !checked;
        button.setAttribute('aria-checked', String(checked));
        button.setAttribute('class', switchClass(checked, opts.disabled));
        thumb.setAttribute('class', switchThumbClass(checked));
        opts.onChange?.(checked);
      },
    },
    thumb,
  );
  return h(
    'div',
    { class: SWITCH_ROW_CLASS },
    h(
      'div',
      { class: 'flex-1' },
      h('label', { id: `${id}-label`, for: id, class: SWITCH_LABEL_CLASS }, opts.label),
      opts.description && h('p', { id: `${id}-desc`, class: SWITCH_DESCRIPTION_CLASS }, opts.description),
    ),
    button,
  );
}
