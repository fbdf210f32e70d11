/**
 * The 'Accessibility Settings' panel, opened from the header's button on wide screens and from the Menu and
 * the footer on narrower ones (nothing floats over the page, issue 12), or by Alt+Shift+A; and the 'Accessibility Settings' panel (SPEC §2.9): tabs
 * Display, Interaction and Screen Reader, 'Reset to defaults' and 'Save & Close'. Every change applies to the
 * whole app at once and is kept in the browser (see settings.ts for what each setting does). The polite
 * live region behind announce() is LiveRegion.tsx, rendered at once by the shell (this menu loads later).
 */
import * as Dialog from '@radix-ui/react-dialog';
import * as Tabs from '@radix-ui/react-tabs';
import { Minus, Plus, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { FONT_SIZE } from '../../../shared/preferences.ts';
import { returnFocus } from '../../app/shell/focus.ts';
import { Button } from '../../components/ui/button.tsx';
import {
  DIALOG_CENTRED,
  DIALOG_CLOSE,
  DIALOG_DESCRIPTION,
  DIALOG_HEADER,
  DIALOG_TITLE,
} from '../../components/ui/dialog-class.ts';
import {
  type OnOffSetting,
  PANEL_TABS,
  PANEL_TEXT,
  switchAnnouncement,
  TAB_TRIGGER,
  textSizePercent,
} from './panel-text.ts';
import { SwitchRow } from './Switch.tsx';
import {
  announce,
  getAccessibilitySettings,
  onOpenAccessibilitySettings,
  openAccessibilitySettings,
  resetAccessibilitySettings,
  updateAccessibilitySettings,
  useAccessibilitySettings,
} from './settings.ts';

export function AccessibilityMenu() {
  const [open, setOpen] = useState(false);
  // Where the focus goes back to on close: the control that opened the panel, else the main content.
  const returnTo = useRef<Element | null>(null);
  useEffect(
    () =>
      onOpenAccessibilitySettings((target) => {
        returnTo.current = target;
        setOpen(true);
      }),
    [],
  );
  useKeyboardShortcuts();

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (next) returnTo.current = document.activeElement;
        setOpen(next);
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content
          className={DIALOG_CENTRED}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocus(returnTo.current);
          }}
        >
          <div className={DIALOG_HEADER}>
            <div>
              <Dialog.Title className={DIALOG_TITLE}>{PANEL_TEXT.title}</Dialog.Title>
              <Dialog.Description className={DIALOG_DESCRIPTION}>{PANEL_TEXT.description}</Dialog.Description>
            </div>
            <Dialog.Close className={DIALOG_CLOSE} aria-label="Close">
              <X className="h-5 w-5" aria-hidden="true" />
            </Dialog.Close>
          </div>
          <SettingsTabs />
          <div className="flex flex-wrap justify-between gap-2 border-t border-slate-200 p-4">
            <Button
              variant="secondary"
              onClick={() => {
                resetAccessibilitySettings();
                announce(PANEL_TEXT.reset);
              }}
            >
              Reset to defaults
            </Button>
            <Button
              onClick={() => {
                setOpen(false);
                announce(PANEL_TEXT.saved);
              }}
            >
              Save &amp; Close
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function SettingsTabs() {
  const s = useAccessibilitySettings();
  const [display, ...others] = PANEL_TABS;
  return (
    <Tabs.Root defaultValue={display.value} className="flex min-h-0 flex-1 flex-col">
      <Tabs.List aria-label={PANEL_TEXT.tabsLabel} className="flex gap-1 p-4 pb-0">
        {PANEL_TABS.map((tab) => (
          <Tabs.Trigger key={tab.value} value={tab.value} className={TAB_TRIGGER}>
            {tab.label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      <div className="min-h-0 flex-1 overflow-y-auto px-4 py-2">
        <Tabs.Content value={display.value} className="divide-y divide-slate-200">
          <FontSizeControl value={s.fontSizeMultiplier} />
          {display.switches.map((t) => (
            <SettingSwitch key={t.setting} {...t} />
          ))}
        </Tabs.Content>
        {others.map((tab) => (
          <Tabs.Content key={tab.value} value={tab.value} className="divide-y divide-slate-200">
            {tab.switches.map((t) => (
              <SettingSwitch key={t.setting} {...t} />
            ))}
            {tab.value === 'screen-reader' && (
              <div className="py-3">
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={!s.screenReaderEnabled}
                  onClick={() => announce(PANEL_TEXT.testAnnouncement)}
                >
                  Test announcement
                </Button>
              </div>
            )}
          </Tabs.Content>
        ))}
      </div>
    </Tabs.Root>
  );
}

/**
 * One on/off setting's switch: a change applies at once and is announced ("Reduce motion on."). Turning
 * the announcements themselves off says nothing, since announce() is then silent.
 */
function SettingSwitch({
  setting,
  label,
  description,
}: {
  setting: OnOffSetting;
  label: string;
  description: string;
}) {
  const checked = useAccessibilitySettings()[setting];
  return (
    <SwitchRow
      label={label}
      description={description}
      checked={checked}
      onCheckedChange={(on) => {
        updateAccessibilitySettings({ [setting]: on });
        announce(switchAnnouncement(label, on));
      }}
    />
  );
}

function FontSizeControl({ value }: { value: number }) {
  const id = useId();
  const percent = textSizePercent(value);
  const set = (next: number) => {
    updateAccessibilitySettings({ fontSizeMultiplier: next });
    announce(`Text size ${textSizePercent(getAccessibilitySettings().fontSizeMultiplier)}.`);
  };
  return (
    <div className="py-3">
      <div className="flex items-center justify-between">
        <label htmlFor={id} className="font-medium text-slate-900">
          Text size
        </label>
        <output htmlFor={id} className="font-semibold text-slate-900" data-testid="font-size-value">
          {percent}
        </output>
      </div>
      <div className="mt-2 flex items-center gap-3">
        <Button
          variant="secondary"
          size="sm"
          aria-label="Decrease text size"
          disabled={value <= FONT_SIZE.min}
          onClick={() => set(value - FONT_SIZE.step)}
        >
          <Minus className="h-4 w-4" aria-hidden="true" />
        </Button>
        <input
          id={id}
          type="range"
          min={FONT_SIZE.min}
          max={FONT_SIZE.max}
          step={FONT_SIZE.step}
          value={value}
          aria-valuetext={percent}
          onChange={(e) => set(Number(e.target.value))}
          className="h-2 flex-1 accent-brand-600"
        />
        <Button
          variant="secondary"
          size="sm"
          aria-label="Increase text size"
          disabled={value >= FONT_SIZE.max}
          onClick={() => set(value + FONT_SIZE.step)}
        >
          <Plus className="h-4 w-4" aria-hidden="true" />
        </Button>
      </div>
    </div>
  );
}

/** Alt+Shift+A opens the panel, Alt+Shift+M moves to the main content, while keyboard shortcuts are on. */
function useKeyboardShortcuts() {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!e.altKey || !e.shiftKey || e.ctrlKey || e.metaKey) return;
      if (!getAccessibilitySettings().keyboardNavigationEnabled) return;
      if (e.code === 'KeyA') {
        e.preventDefault();
        openAccessibilitySettings();
      } else if (e.code === 'KeyM') {
        const main = document.getElementById('main-content');
        if (main) {
          e.preventDefault();
          main.focus();
          announce('Moved to main content.');
        }
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
