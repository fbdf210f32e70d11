/** useUrlFilters: an admin list's filters kept in the address bar (a search can be shared, Back works). */
import type { FormEvent } from 'react';
import { useSearchParams } from 'react-router';

export interface UrlFilters<K extends string> {
  /** Each filter's value in the address ('' when it is not there). */
  values: Record<K, string>;
  /** The filters that have a value, as a query string in the keys' order. */
  search: string;
  /** Changes with the address: the form keyed by it shows the address's values again (after Back). */
  formKey: string;
  /** A filter form's submit: its fields named by the keys (trimmed, empty ones left out) make the address. */
  submit: (e: FormEvent<HTMLFormElement>) => void;
  /** Every filter off. */
  clear: () => void;
}

/** `onChange` runs whenever the form changes the address (the list goes back to its first page). */
export function useUrlFilters<K extends string>(keys: readonly K[], onChange?: () => void): UrlFilters<K> {
  const [params, setParams] = useSearchParams();
  const values = Object.fromEntries(keys.map((k) => [k, params.get(k) ?? ''])) as Record<K, string>;
  const apply = (next: URLSearchParams) => {
    onChange?.();
    setParams(next);
  };
  return {
    values,
    search: new URLSearchParams(Object.entries<string>(values).filter(([, v]) => v)).toString(),
    formKey: params.toString(),
    submit: (e) => {
      e.preventDefault();
      const data = new FormData(e.currentTarget);
      const next = new URLSearchParams();
      for (const k of keys) {
        const v = String(data.get(k) ?? '').trim();
        if (v) next.set(k, v);
      }
      apply(next);
    },
    clear: () => apply(new URLSearchParams()),
  };
}
