/**
 * The 'Accessibility Settings' panel on the public pages (ADR 034): the app's panel (AccessibilityMenu.tsx,
 * SPEC §2.9) without React, from the same texts and classes, writing the same stored settings
 * (features/accessibility/stored.ts), so the app reads what a visitor chose here. Also the keyboard
 * shortcuts Alt+Shift+A and Alt+Shift+M.
 */
import {
  ACCESSIBILITY_DEFAULTS,
  type AccessibilitySettings,
  FONT_SIZE,
  parseAccessibilitySettings,
} from '../../shared/preferences.ts';
import { mainContent } from '../app/shell/focus.ts';
import { buttonClass } from '../components/ui/button-class.ts';
import {
  PANEL_TABS,
  PANEL_TEXT,
  switchAnnouncement,
  TAB_TRIGGER,
  textSizePercent,
} from '../features/accessibility/panel-text.ts';
import {
  applyAccessibilitySettings,
  loadAccessibilitySettings,
  saveAccessibilitySettings,
} from '../features/accessibility/stored.ts';
import { announce } from './announce.ts';
import { openCentredDialog } from './dialog.ts';
import { h, icon, newId } from './dom.ts';
import { switchRow } from './switch-row.ts';

function update(patch: Partial<AccessibilitySettings>): AccessibilitySettings {
  const next = parseAccessibilitySettings({ ...loadAccessibilitySettings(), ...patch });
  applyAccessibilitySettings(next);
  saveAccessibilitySettings(next);
  return next;
}

let isOpen = false;

/** Opens the panel; closing gives the focus back to `returnTo` (or the main content). */
export function openAccessibilityPanel(returnTo: Element | null) {
  if (isOpen) return;
  isOpen = true;
  openCentredDialog({
    title: PANEL_TEXT.title,
    description: PANEL_TEXT.description,
    returnTo,
    onClose: () => {
      isOpen = false;
    },
    body: (close) => {
      const tabs = settingsTabs();
      return [
        tabs.element,
        h(
          'div',
          { class: 'flex flex-wrap justify-between gap-2 border-t border-slate-200 p-4' },
          h(
            'button',
            {
              type: 'button',
              class: buttonClass('secondary'),
              onclick: () => {
                update({ ...ACCESSIBILITY_DEFAULTS });
                tabs.fill();
                announce(PANEL_TEXT.reset);
              },
            },
            'Reset to defaults',
          ),
          h(
            'button',
            {
              type: 'button',
              class: buttonClass('primary'),
              onclick: () => {
                close();
                announce(PANEL_TEXT.saved);
              },
            },
            'Save & Close',
          ),
        ),
      ];
    },
  });
}

/** The tabs (Radix Tabs' roles, states and arrow keys) and `fill`, which draws their content afresh. */
function settingsTabs() {
  const triggers: HTMLButtonElement[] = [];
  const panels: HTMLElement[] = [];
  const select = (index: number, focus: boolean) => {
    triggers.forEach((t, i) => {
      const active = i === index;
      t.setAttribute('aria-selected', String(active));
      t.dataset.state = active ? 'active' : 'inactive';
      t.tabIndex = active ? 0 : -1;
      panels[i]?.toggleAttribute('hidden', !active);
      if (panels[i]) panels[i].dataset.state = active ? 'active' : 'inactive';
    });
    if (focus) triggers[index]?.focus();
  };
  PANEL_TABS.forEach((tab, i) => {
    const triggerId = newId('tab');
    const panelId = newId('tabpanel');
    triggers.push(
      h(
        'button',
        {
          type: 'button',
          role: 'tab',
          id: triggerId,
          'aria-controls': panelId,
          class: TAB_TRIGGER,
          onclick: () => select(i, false),
          onkeydown: (event) => {
            const key = (event as KeyboardEvent).key;
            const last = PANEL_TABS.length - 1;
            const to =
              key === 'ArrowRight'
                ? (i + 1) % PANEL_TABS.length
                : key === 'ArrowLeft'
                  ? (i + last) % PANEL_TABS.length
                  : key === 'Home'
                    ? 0
                    : key === 'End'
                      ? last
                      : null;
            if (to === null) return;
            event.preventDefault();
            select(to, true);
          },
        },
        tab.label,
      ),
    );
    panels.push(
      h('div', {
        role: 'tabpanel',
        id: panelId,
        'aria-labelledby': triggerId,
        tabindex: '0',
        class: 'divide-y divide-slate-200',
      }),
    );
  });
  const fill = () => {
    const s = loadAccessibilitySettings();
    const testButton = h(
      'button',
      {
        type: 'button',
        class: buttonClass('secondary', 'sm'),
        disabled: !s.screenReaderEnabled,
        onclick: () => announce(PANEL_TEXT.testAnnouncement),
      },
      'Test announcement',
    );
    PANEL_TABS.forEach((tab, i) => {
      const rows: HTMLElement[] = tab.switches.map((t) =>
        switchRowFor(t.setting, t.label, t.description, s, (next) => {
          testButton.disabled = !next.screenReaderEnabled;
        }),
      );
      if (tab.value === 'display') rows.unshift(fontSizeControl(s.fontSizeMultiplier));
      if (tab.value === 'screen-reader') rows.push(h('div', { class: 'py-3' }, testButton));
      panels[i]?.replaceChildren(...rows);
    });
  };
  fill();
  select(0, false);
  const element = h(
    'div',
    { class: 'flex min-h-0 flex-1 flex-col', dir: 'ltr', 'data-orientation': 'horizontal' },
    h(
      'div',
      {
        role: 'tablist',
        'aria-label': PANEL_TEXT.tabsLabel,
        'aria-orientation': 'horizontal',
        class: 'flex gap-1 p-4 pb-0',
      },
      ...triggers,
    ),
    h('div', { class: 'min-h-0 flex-1 overflow-y-auto px-4 py-2' }, ...panels),
  );
  return { element, fill };
}

function switchRowFor(
  setting: (typeof PANEL_TABS)[number]['switches'][number]['setting'],
  label: string,
  description: string,
  s: AccessibilitySettings,
  changed: (next: AccessibilitySettings) => void,
) {
  return switchRow({
    label,
    description,
    checked: s[setting],
    onChange: (on) => {
      changed(update({ [setting]: on }));
      announce(switchAnnouncement(label, on));
    },
  });
}

function fontSizeControl(initial: number): HTMLElement {
  const id = newId('text-size');
  const output = h(
    'output',
    { for: id, class: 'font-semibold text-slate-900', 'data-testid': 'font-size-value' },
    textSizePercent(initial),
  );
  const input = h('input', {
    id,
    type: 'range',
    min: FONT_SIZE.min,
    max: FONT_SIZE.max,
    step: FONT_SIZE.step,
    value: initial,
    'aria-valuetext': textSizePercent(initial),
    class: 'h-2 flex-1 accent-brand-600',
  });
  const step = (label: string, name: 'minus' | 'plus', delta: number) =>
    h(
      'button',
      {
        type: 'button',
        class: buttonClass('secondary', 'sm'),
        'aria-label': label,
        onclick: () => set(Number(input.value) + delta),
      },
      icon(name, 'h-4 w-4'),
    );
  const minus = step('Decrease text size', 'minus', -FONT_SIZE.step);
  const plus = step('Increase text size', 'plus', FONT_SIZE.step);
  const show = (value: number) => {
    const percent = textSizePercent(value);
    output.textContent = percent;
    input.value = String(value);
    input.setAttribute('aria-valuetext', percent);
    minus.disabled = value <= FONT_SIZE.min;
    plus.disabled = value >= FONT_SIZE.max;
  };
  const set = (next: number) => {
    const { fontSizeMultiplier } = update({ fontSizeMultiplier: next });
    show(fontSizeMultiplier);
    announce(`Text size ${textSizePercent(fontSizeMultiplier)}.`);
  };
  input.addEventListener('input', () => set(Number(input.value)));
  show(initial);
  return h(
    'div',
    { class: 'py-3' },
    h(
      'div',
      { class: 'flex items-center justify-between' },
      h('label', { for: id, class: 'font-medium text-slate-900' }, 'Text size'),
      output,
    ),
    h('div', { class: 'mt-2 flex items-center gap-3' }, minus, input, plus),
  );
}

/** Alt+Shift+A opens the panel, Alt+Shift+M moves to the main content, while keyboard shortcuts are on. */
export function listenForShortcuts() {
  window.addEventListener('keydown', (e) => {
    if (!e.altKey || !e.shiftKey || e.ctrlKey || e.metaKey) return;
    if (!loadAccessibilitySettings().keyboardNavigationEnabled) return;
    if (e.code === 'KeyA') {
      e.preventDefault();
      const focused = document.activeElement;
      openAccessibilityPanel(focused === document.body ? null : focused);
    } else if (e.code === 'KeyM') {
      const main = mainContent();
      if (main) {
        e.preventDefault();
        main.focus();
        announce('Moved to main content.');
      }
    }
  });
}
