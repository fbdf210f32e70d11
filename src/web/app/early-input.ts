/**
 * Taps and submits on the server's page before the app has taken it over (hydration committed). Until
 * then its buttons have no handlers: a form would submit the browser's way (a reload, with what was typed
 * sent along) and a button such as 'Open menu' would do nothing. This holds the last submit and the last
 * press of a plain button, keeps them from React while it is still hydrating (so nothing runs twice), and
 * plays them back on the very same elements once the app owns the page. Links are left alone: they work
 * without the app.
 */
export function holdEarlyInput(root: HTMLElement) {
  let form: HTMLFormElement | null = null;
  let button: HTMLButtonElement | null = null;
  const onSubmit = (event: SubmitEvent) => {
    if (!(event.target instanceof HTMLFormElement)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    form = event.target;
  };
  const onClick = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target.closest('button') : null;
    if (target?.type !== 'button') return;
    event.stopImmediatePropagation();
    button = target;
  };
  // Capture phase on #root, registered before React's own listeners there, so these run first.
  root.addEventListener('submit', onSubmit, true);
  root.addEventListener('click', onClick, true);
  /** Stop holding (React receives events from now on) and play back what was held, if still on the page. */
  return function release() {
    root.removeEventListener('submit', onSubmit, true);
    root.removeEventListener('click', onClick, true);
    if (form?.isConnected) form.requestSubmit();
    if (button?.isConnected) button.click();
  };
}
