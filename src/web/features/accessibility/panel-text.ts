/**
 * What the 'Accessibility Settings' panel says and how its tabs look, without React: the app's panel
 * (AccessibilityMenu.tsx) and the public pages' panel (src/web/light/accessibility-panel.ts) show the same.
 */
import type { AccessibilitySettings } from '../../../shared/preferences.ts';

export const PANEL_TEXT = {
  title: 'Accessibility Settings',
  description:
    'Changes apply straight away and are remembered on this device, and in your account when you are signed in.',
  tabsLabel: 'Accessibility settings sections',
  saved: 'Accessibility settings saved.',
  reset: 'Accessibility settings reset to defaults.',
  testAnnouncement: 'This is a test announcement.',
} as const;

export const TAB_TRIGGER =
  'flex-1 rounded-md px-3 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-100 data-[state=active]:bg-brand-600 data-[state=active]:text-white';

export type OnOffSetting = {
  [K in keyof AccessibilitySettings]: AccessibilitySettings[K] extends boolean ? K : never;
}[keyof AccessibilitySettings];

export interface SwitchText {
  setting: OnOffSetting;
  label: string;
  description: string;
}

/** The panel's tabs in order, each with its on/off settings (Display also has the text size first). */
export const PANEL_TABS = [
  {
    value: 'display',
    label: 'Display',
    switches: [
      {
        setting: 'highContrast',
        label: 'High contrast',
        description: 'Black text on white, underlined links, stronger borders and a yellow focus outline.',
      },
    ],
  },
  {
    value: 'interaction',
    label: 'Interaction',
    switches: [
      {
        setting: 'reducedMotion',
        label: 'Reduce motion',
        description: 'Turns off animations and transitions everywhere.',
      },
      {
        setting: 'keyboardNavigationEnabled',
        label: 'Keyboard shortcuts',
        description:
          'Alt+Shift+A opens these settings; Alt+Shift+M moves to the main content. Tab and Shift+Tab always work.',
      },
      {
        setting: 'focusIndicatorsVisible',
        label: 'Always show focus outline',
        description:
          'Outlines the focused control after mouse clicks too. When off, the outline shows for keyboard use only.',
      },
    ],
  },
  {
    value: 'screen-reader',
    label: 'Screen Reader',
    switches: [
      {
        setting: 'screenReaderEnabled',
        label: 'Screen reader announcements',
        description:
          'Announces changes such as saved settings and status updates. Notifications are always announced.',
      },
    ],
  },
] as const satisfies readonly { value: string; label: string; switches: readonly SwitchText[] }[];

/** "Reduce motion on." */
export const switchAnnouncement = (label: string, on: boolean) => `${label} ${on ? 'on' : 'off'}.`;
/** "Text size 110%." */
export const textSizePercent = (multiplier: number) => `${Math.round(multiplier * 100)}%`;
