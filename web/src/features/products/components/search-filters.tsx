import { useState, type FormEvent, type InputHTMLAttributes } from 'react';
import { CONDITION_OPTIONS } from '@/config/constants.ts';
import type { ProductSearch } from '../api/search-products.ts';
import { SORT_OPTIONS, searchOfParams } from '../search-params.ts';

/** The search a filter form holds now, read as the URL would be. */
function searchOfForm(form: HTMLFormElement): ProductSearch {
  const params = new URLSearchParams();
  for (const [name, value] of new FormData(form))
    if (typeof value === 'string' && value !== '') params.append(name, value);
  return searchOfParams(params);
}

function priceProblem(form: HTMLFormElement): string | null {
  const [min, max] = ['minPrice', 'maxPrice'].map((name) => {
    const value = new FormData(form).get(name);
    return typeof value === 'string' && value !== '' ? Number(value) : undefined;
  });
  return min !== undefined && max !== undefined && min > max
    ? 'Min price must not be more than max price'
    : null;
}

/** A number the search may hold (a price, years of use), labelled. */
function NumberFilter({
  id,
  label,
  ...input
}: { id: string; label: string } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div className="form-field">
      <label className="form-field__label" htmlFor={id}>
        {label}
      </label>
      <input id={id} type="number" min={0} {...input} />
    </div>
  );
}

/** A box that narrows the search, applied at once. */
function BoxFilter({
  label,
  ...input
}: { label: string } & Pick<
  InputHTMLAttributes<HTMLInputElement>,
  'name' | 'value' | 'defaultChecked' | 'onChange'
>) {
  return (
    <label>
      <input type="checkbox" {...input} /> {label}
    </label>
  );
}

/**
 * Keywords, price range, condition, years of use, verified sellers, availability and order. The
 * page keeps them in its URL: `search` comes from there and `onChange` puts a new one there.
 * Boxes and the order apply at once; typed values apply with 'Apply filters' (or Enter).
 */
export function SearchFilters({
  search,
  onChange,
  onClear,
}: {
  search: ProductSearch;
  onChange: (search: ProductSearch) => void;
  onClear: () => void;
}) {
  const [problem, setProblem] = useState<string | null>(null);

  const apply = (form: HTMLFormElement) => {
    const found = priceProblem(form);
    setProblem(found);
    if (!found) onChange(searchOfForm(form));
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    apply(event.currentTarget);
  };
  const applyNow = (event: FormEvent<HTMLInputElement | HTMLSelectElement>) => {
    const { form } = event.currentTarget;
    if (form) apply(form);
  };

  return (
    // Keyed by the search: a new URL (back, a link) shows its own values.
    <form
      key={JSON.stringify(search)}
      className="search-filters"
      aria-label="Search filters"
      onSubmit={onSubmit}
      noValidate
    >
      <div className="form-field search-filters__keywords">
        <label className="form-field__label" htmlFor="search-q">
          Keywords
        </label>
        <input
          id="search-q"
          name="q"
          type="search"
          maxLength={200}
          defaultValue={search.q ?? ''}
          placeholder="Name, brand or description"
        />
      </div>
      <NumberFilter
        id="search-min-price"
        label="Min price"
        name="minPrice"
        inputMode="decimal"
        defaultValue={search.minPrice ?? ''}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? 'search-price-problem' : undefined}
      />
      <NumberFilter
        id="search-max-price"
        label="Max price"
        name="maxPrice"
        inputMode="decimal"
        defaultValue={search.maxPrice ?? ''}
      />
      <NumberFilter
        id="search-max-years"
        label="Max years used"
        name="maxYears"
        max={100}
        inputMode="numeric"
        defaultValue={search.maxYears ?? ''}
      />
      <div className="form-field">
        <label className="form-field__label" htmlFor="search-sort">
          Sort by
        </label>
        <select
          id="search-sort"
          name="sort"
          defaultValue={search.sort ?? 'newest'}
          onChange={applyNow}
        >
          {SORT_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <fieldset className="search-filters__boxes">
        <legend>Condition</legend>
        {CONDITION_OPTIONS.map((condition) => (
          <BoxFilter
            key={condition}
            label={condition}
            name="condition"
            value={condition}
            defaultChecked={search.conditions?.includes(condition) ?? false}
            onChange={applyNow}
          />
        ))}
      </fieldset>
      <fieldset className="search-filters__boxes">
        <legend>Show</legend>
        <BoxFilter
          label="Verified sellers only"
          name="verified"
          value="true"
          defaultChecked={search.verifiedOnly ?? false}
          onChange={applyNow}
        />
        <BoxFilter
          label="Available only"
          name="available"
          value="true"
          defaultChecked={search.availableOnly ?? false}
          onChange={applyNow}
        />
      </fieldset>
      <div className="search-filters__actions">
        <button type="submit" className="button button--primary">
          Apply filters
        </button>
        <button type="button" className="button button--outline" onClick={onClear}>
          Clear filters
        </button>
      </div>
      {problem && (
        <p className="form-error" id="search-price-problem" role="alert">
          {problem}
        </p>
      )}
    </form>
  );
}
