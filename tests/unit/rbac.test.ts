import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AuthProvider } from '../../src/web/features/auth/AuthProvider.tsx';
import { RBACProvider, useRBAC } from '../../src/web/features/auth/rbac.tsx';

function Probe() {
  const rbac = useRBAC();
  return createElement(
    'p',
    null,
    `${rbac.role} driver=${rbac.isDriver} view_quotes=${rbac.hasPermission('view_quotes')} dashboard=${rbac.canAccess('/dashboard')} about=${rbac.canAccess('/about')}`,
  );
}

describe('useRBAC', () => {
  it('throws the spec error outside its provider', () => {
    expect(() => renderToString(createElement(Probe))).toThrow('useRBAC must be used within an RBACProvider');
  });

  it('inside its provider, with no session yet, answers as a guest from the shared tables', () => {
    const html = renderToString(
      createElement(AuthProvider, null, createElement(RBACProvider, null, createElement(Probe))),
    );
    expect(html).toContain('guest driver=false view_quotes=false dashboard=false about=true');
  });
});
