/**
 * A suburb picker over the NSW localities and the places people type (airports, ferry wharves, marinas,
 * landmarks...), an ARIA combobox, with a free-text street address beside it. Choosing a named place
 * fills the street address with its name ("Newcastle Airport (NTL), Williamtown") unless the person
 * wrote an address of their own there.
 */
import {
  BedDouble,
  Hospital,
  Landmark,
  type LucideIcon,
  MapPin,
  Plane,
  Sailboat,
  Ship,
  ShoppingBag,
  TrainFront,
} from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import type { PlaceSuggestionDto } from '../../../../shared/marketplace/api.ts';
import { cn } from '../../../lib/cn.ts';
import { searchPlaces } from '../api.ts';

type Kind = NonNullable<PlaceSuggestionDto['kind']>;

const KINDS: Record<Kind, { label: string; icon: LucideIcon }> = {
  airport: { label: 'Airport', icon: Plane },
  ferry: { label: 'Ferry wharf', icon: Ship },
  marina: { label: 'Marina', icon: Sailboat },
  station: { label: 'Station', icon: TrainFront },
  hospital: { label: 'Hospital', icon: Hospital },
  hotel: { label: 'Hotel', icon: BedDouble },
  shopping: { label: 'Shopping centre', icon: ShoppingBag },
  landmark: { label: 'Landmark', icon: Landmark },
};

/** The street address a named place fills in: its name, and its suburb when the name lacks it. */
export function addressOf(o: PlaceSuggestionDto): string | null {
  if (!o.name) return null;
  return o.name.toLowerCase().includes(o.locality.toLowerCase()) ? o.name : `${o.name}, ${o.locality}`;
}

export interface PlaceValue {
  locality: string;
  postcode: string;
  address: string;
  lat?: number;
  lng?: number;
  /** The named place chosen ("Newcastle Airport (NTL)"), while the address is still its name. */
  name?: string | null;
}

export function PlaceField({
  label,
  value,
  onChange,
  error,
  name,
  withAddress = true,
}: {
  label: string;
  value: PlaceValue;
  onChange: (v: PlaceValue) => void;
  error?: string;
  name: string;
  /** A street address field beside the locality (not for an area, such as a driver's base). */
  withAddress?: boolean;
}) {
  const id = useId();
  const listId = `${id}-list`;
  const [text, setText] = useState(value.locality ? `${value.locality} ${value.postcode}` : '');
  const [options, setOptions] = useState<PlaceSuggestionDto[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  /** The address this field last filled in from a named place (replaced or cleared by the next choice). */
  const filled = useRef<string | null>(null);

  useEffect(() => {
    if (value.locality) setText(`${value.locality} ${value.postcode}`);
  }, [value.locality, value.postcode]);

  function search(q: string) {
    clearTimeout(timer.current);
    if (q.trim().length < 2) {
      setOptions([]);
      setOpen(false);
      return;
    }
    timer.current = setTimeout(async () => {
      // The API's suggestions (PlaceSuggestionDto): named places carry their name and kind.
      const items: PlaceSuggestionDto[] = await searchPlaces(q.trim()).catch(() => []);
      setOptions(items);
      setOpen(items.length > 0);
      setActive(items.length > 0 ? 0 : -1);
    }, 150);
  }

  function choose(o: PlaceSuggestionDto) {
    const own = value.address.trim() !== '' && value.address !== filled.current;
    const fill = addressOf(o);
    let address = value.address;
    if (!own) {
      address = fill ?? '';
      filled.current = fill;
    }
    const name = o.name && fill !== null && address === fill ? o.name : null;
    onChange({ ...value, locality: o.locality, postcode: o.postcode, lat: o.lat, lng: o.lng, address, name });
    setText(`${o.locality} ${o.postcode}`);
    setOpen(false);
  }

  const errorId = `${id}-error`;
  return (
    <fieldset className="flex min-w-0 flex-col gap-2 rounded-lg border border-slate-200 p-3">
      <legend className="px-1 text-sm font-semibold text-slate-800">{label}</legend>
      <div className="relative flex flex-col gap-1">
        <label htmlFor={`${id}-suburb`} className="text-sm font-medium text-slate-800">
          {label} suburb
        </label>
        <input
          id={`${id}-suburb`}
          name={`${name}.suburb`}
          role="combobox"
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={open && active >= 0 ? `${listId}-${active}` : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          autoComplete="off"
          placeholder="Suburb, postcode, airport, wharf…"
          className={cn(
            'h-11 rounded-md border bg-white px-3 text-base',
            error ? 'border-red-700' : 'border-slate-400',
          )}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            if (value.locality)
              onChange({ ...value, locality: '', postcode: '', lat: undefined, lng: undefined });
            search(e.target.value);
          }}
          onKeyDown={(e) => {
            if (!open) return;
            if (e.key === 'ArrowDown') {
              e.preventDefault();
              setActive((a) => Math.min(options.length - 1, a + 1));
            } else if (e.key === 'ArrowUp') {
              e.preventDefault();
              setActive((a) => Math.max(0, a - 1));
            } else if (e.key === 'Enter' && active >= 0 && options[active]) {
              e.preventDefault();
              choose(options[active]);
            } else if (e.key === 'Escape') {
              setOpen(false);
            }
          }}
          onBlur={() => setTimeout(() => setOpen(false), 150)}
        />
        {open && (
          <ul
            id={listId}
            role="listbox"
            aria-label={`${label} suburbs and places`}
            className="absolute top-full z-30 mt-1 max-h-64 w-full overflow-auto rounded-md border border-slate-300 bg-white shadow-lg"
          >
            {options.map((o, i) => {
              const kind = o.kind ? KINDS[o.kind] : null;
              const Icon = kind?.icon ?? MapPin;
              return (
                <li
                  key={`${o.name ?? ''}|${o.locality}|${o.postcode}`}
                  id={`${listId}-${i}`}
                  role="option"
                  aria-selected={i === active}
                  className={cn(
                    'flex cursor-pointer items-start gap-2 px-3 py-2 text-sm',
                    i === active && 'bg-brand-100',
                  )}
                  onMouseDown={(e) => {
                    e.preventDefault();
                    choose(o);
                  }}
                >
                  <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-600" />
                  {o.name && kind ? (
                    <span className="flex min-w-0 flex-col">
                      <span className="font-medium text-slate-900">{o.name}</span>
                      <span className="text-xs text-slate-700">
                        {kind.label}
                        <span className="sr-only">,</span>
                        <span aria-hidden="true"> · </span>
                        {o.locality} NSW {o.postcode}
                      </span>
                    </span>
                  ) : (
                    <span>{o.label}</span>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </div>
      {withAddress && (
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-address`} className="text-sm font-medium text-slate-800">
            {label} street address (optional)
          </label>
          <input
            id={`${id}-address`}
            name={`${name}.address`}
            autoComplete="street-address"
            className="h-11 rounded-md border border-slate-400 bg-white px-3 text-base"
            value={value.address}
            onChange={(e) => onChange({ ...value, address: e.target.value })}
            maxLength={200}
          />
        </div>
      )}
      {error && (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
