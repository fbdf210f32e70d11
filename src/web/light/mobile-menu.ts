/**
 * The narrow-screen slide-out Menu on the public pages (ADR 034): the app's guest Menu (MobileMenu.tsx,
 * SPEC §2.1) without React, from the same links (nav.ts) and classes (menu-class.ts). Its links are
 * plain page loads; 'Accessibility settings' opens the panel, which gives the focus back to the Menu button.
 */
import { config } from '../app/config.ts';
import { MENU_CLASS, MENU_TOOL, menuLinkClass } from '../app/shell/menu-class.ts';
import { PUBLIC_NAV } from '../app/shell/nav.ts';
import { openAccessibilityPanel } from './accessibility-panel.ts';
import { openDialog } from './dialog.ts';
import { copyIcon, h, icon } from './dom.ts';

const here = () => window.location.pathname.replace(/(.)\/$/, '$1');

export function openMobileMenu(trigger: HTMLButtonElement) {
  if (trigger.getAttribute('aria-expanded') === 'true') return;
  const header = trigger.closest('header');
  const brand = copyIcon(header?.querySelector('a[href="/"]'), 'shrink-0 h-7 w-7');
  const accessibilityIcon = copyIcon(
    header?.querySelector('button[aria-label="Accessibility settings"]'),
    'h-5 w-5 shrink-0',
  );
  const title = h('h2', { class: MENU_CLASS.title }, 'Menu');
  // A link to another page leaves the focus to that page; anything else gives it back to the Menu button.
  let navigating = false;
  let openPanel = false;
  trigger.setAttribute('aria-expanded', 'true');
  trigger.setAttribute('aria-controls', 'mobile-menu');
  const link = (to: string, label: string, className: string) => {
    const active = to === here();
    return h(
      'a',
      {
        href: to,
        class:
          className === MENU_CLASS.signIn || className === MENU_CLASS.getStarted
            ? `${className}${active ? ' active' : ''}`
            : `${menuLinkClass(className, active)}${active ? ' active' : ''}`,
        'aria-current': active ? 'page' : undefined,
        onclick: () => {
          navigating = !active;
          menu.close();
        },
      },
      label,
    );
  };
  const menu = openDialog({
    id: 'mobile-menu',
    className: MENU_CLASS.content,
    title,
    onClose: () => {
      trigger.setAttribute('aria-expanded', 'false');
      trigger.removeAttribute('aria-controls');
      if (openPanel) openAccessibilityPanel(trigger);
      else if (!navigating) trigger.focus();
    },
    body: (close) => [
      h(
        'div',
        { class: 'flex items-center justify-between' },
        h('span', { class: 'flex items-center gap-2' }, brand, title),
        h(
          'button',
          { type: 'button', class: MENU_CLASS.close, 'aria-label': 'Close menu', onclick: close },
          icon('x', 'h-5 w-5'),
        ),
      ),
      h(
        'div',
        { class: MENU_CLASS.guestRow },
        link('/login', 'Sign In', MENU_CLASS.signIn),
        link('/signup', 'Get Started', MENU_CLASS.getStarted),
      ),
      h(
        'nav',
        { 'aria-label': 'Mobile', class: 'flex flex-col' },
        h('h2', { class: MENU_CLASS.groupTitle }, config.brandName),
        ...PUBLIC_NAV.map((l) => link(l.to, l.label, MENU_CLASS.publicItem)),
      ),
      h(
        'div',
        { class: MENU_CLASS.tools },
        h(
          'button',
          {
            type: 'button',
            class: MENU_TOOL,
            onclick: () => {
              openPanel = true;
              close();
            },
          },
          accessibilityIcon,
          'Accessibility settings',
        ),
      ),
    ],
  });
}
