import type { ReactNode } from 'react';
import { Controller } from 'react-hook-form';
import { COUNTRIES } from '@core/domain/country-list.js';
import { Checkbox } from '../../components/ui/checkbox.js';
import { Label } from '../../components/ui/label.js';
import { Select } from '../../components/ui/select.js';
import type { ApplicationFields } from './use-application-form.js';

/** One section of the form: a fieldset whose legend is its heading. */
export function Section({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-4 rounded-xl border border-slate-200 p-4 sm:p-6">
      {/* A heading in the legend: screen-reader users can jump between sections, and the headings
          inside a section (h3) follow an h2. */}
      <legend className="px-2">
        <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      </legend>
      {description ? <p className="text-sm text-slate-600">{description}</p> : null}
      {children}
    </fieldset>
  );
}

export function CountryOptions() {
  return (
    <>
      {COUNTRIES.map((country) => (
        <option key={country} value={country}>
          {country}
        </option>
      ))}
    </>
  );
}

/** A list of choices (radix Select) bound to a field; leaving it without a choice shows the field's message. */
export function ChoiceField({
  fields,
  name,
  options,
  placeholder,
}: {
  fields: ApplicationFields;
  name: 'gender' | 'maritalStatus' | 'purposeOfVisit' | 'entry';
  options: { value: string; label: string }[];
  placeholder?: string;
}) {
  return (
    <Controller
      control={fields.form.control}
      name={name}
      render={({ field }) => (
        <Select
          id={fields.id(name)}
          value={field.value}
          onValueChange={(v) => field.onChange(v)}
          onBlur={field.onBlur}
          options={options}
          placeholder={placeholder}
          invalid={Boolean(fields.error(name))}
        />
      )}
    />
  );
}

/** A yes/no question: ticking it reveals the fields it asks about. */
export function YesNoQuestion({ fields, name, label }: { fields: ApplicationFields; name: 'otherNationalities' | 'visitedEgyptBefore' | 'hasBeenDeported'; label: string }) {
  const id = fields.id(name);
  return (
    <div className="flex items-center gap-3">
      <Controller control={fields.form.control} name={name} render={({ field }) => <Checkbox id={id} checked={field.value} onCheckedChange={(checked) => field.onChange(checked === true)} />} />
      <Label htmlFor={id} className="font-normal">
        {label}
      </Label>
    </div>
  );
}
