/** The admin lists' filter form: a search landmark whose fields, described as data, become the address. */
import { useId } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FilterFold } from '../../../components/ui/filter-fold.tsx';
import type { UrlFilters } from './useUrlFilters.ts';

type Options = readonly (readonly [value: string, text: string])[];

/** One filter; `name` is its key in the address. */
export type FilterField<K extends string = string> = { name: K; label: string } & (
  | { kind: 'input'; type?: 'search' | 'date'; maxLength?: number; placeholder?: string; wide?: boolean }
  | { kind: 'select'; options: Options; any?: string }
);

/** A text, search or date field. `wide` spans two columns from 640 px. */
export const textFilter = <K extends string>(
  name: K,
  label: string,
  type?: 'search' | 'date',
  more: { maxLength?: number; placeholder?: string; wide?: boolean } = {},
): FilterField<K> => ({ kind: 'input', name, label, type, ...more });

/** A choice among `options`, with `any` (value '') first when given; else the first option is the default. */
export const selectFilter = <K extends string>(
  name: K,
  label: string,
  options: Options,
  any?: string,
): FilterField<K> => ({ kind: 'select', name, label, options, any });

const inputClass = 'rounded-md border border-slate-400 bg-white px-3 py-2';
// Whole class names, so Tailwind finds them.
const GRID = { 3: 'sm:grid-cols-2 lg:grid-cols-3', 4: 'sm:grid-cols-2 lg:grid-cols-4' } as const;
const FULL_ROW = { 3: 'sm:col-span-2 lg:col-span-3', 4: 'sm:col-span-2 lg:col-span-4' } as const;

export interface FilterFormProps<K extends string> {
  /** The search landmark's name: "Find bookings". */
  label: string;
  filters: UrlFilters<K>;
  fields: readonly FilterField<K>[];
  /** Columns from 1024 px (two from 640 px). */
  columns: keyof typeof GRID;
  submitLabel?: string;
  /** The buttons take the next cell instead of a row of their own. */
  buttonsInRow?: boolean;
}

export function FilterForm<K extends string>({
  label,
  filters,
  fields,
  columns,
  submitLabel = 'Filter',
  buttonsInRow = false,
}: FilterFormProps<K>) {
  // On phones the form folds behind "Filter (n)" so the first rows come first (issue 32).
  return (
    <FilterFold count={setFilterCount(fields, filters.values)}>
      {(fold) => (
        <form
          id={fold.id}
          key={filters.formKey}
          onSubmit={(e) => {
            filters.submit(e);
            fold.close();
          }}
          role="search"
          aria-label={label}
          className={`${fold.className} gap-3 rounded-xl border border-slate-200 bg-white p-4 ${GRID[columns]}`}
        >
          {fields.map((f) => (
            <Field key={f.name} field={f} value={filters.values[f.name]} />
          ))}
          <div
            className={buttonsInRow ? 'flex items-end gap-2' : `flex items-end gap-2 ${FULL_ROW[columns]}`}
          >
            <Button type="submit">{submitLabel}</Button>
            <Button type="button" variant="secondary" onClick={filters.clear}>
              Clear
            </Button>
          </div>
        </form>
      )}
    </FilterFold>
  );
}

/** Filters in the address that change the list: a value, and for a choice without "any" not its default. */
export function setFilterCount<K extends string>(
  fields: readonly FilterField<K>[],
  values: Record<K, string>,
): number {
  return fields.filter((f) => {
    const v = values[f.name];
    if (!v) return false;
    return !(f.kind === 'select' && f.any === undefined && v === f.options[0]?.[0]);
  }).length;
}

function Field({ field, value }: { field: FilterField; value: string }) {
  const id = useId();
  return (
    <div
      className={
        field.kind === 'input' && field.wide ? 'flex flex-col gap-1 sm:col-span-2' : 'flex flex-col gap-1'
      }
    >
      <label htmlFor={id} className="font-semibold">
        {field.label}
      </label>
      {field.kind === 'input' ? (
        <input
          id={id}
          name={field.name}
          type={field.type}
          defaultValue={value}
          maxLength={field.maxLength}
          placeholder={field.placeholder}
          className={inputClass}
        />
      ) : (
        <select
          id={id}
          name={field.name}
          defaultValue={field.any === undefined ? value || field.options[0]?.[0] : value}
          className={inputClass}
        >
          {field.any !== undefined && <option value="">{field.any}</option>}
          {field.options.map(([v, text]) => (
            <option key={v} value={v}>
              {text}
            </option>
          ))}
        </select>
      )}
    </div>
  );
}
