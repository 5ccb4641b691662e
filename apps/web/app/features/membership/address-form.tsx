import { useState } from 'react';
import { ADDRESS_NO_PARTY, type Address } from '@fretline/contract';
import { Button, Card, Field } from '../../components/ui';
import { api } from '../../lib/api.client';
import { ApiError, errorMessage } from '../../lib/api-client';
import { useStatusMessage } from '../../lib/status-message';

const FIELDS = [
  { name: 'address_line_1', label: 'Address line 1', autoComplete: 'address-line1' },
  { name: 'address_line_2', label: 'Address line 2', autoComplete: 'address-line2' },
  { name: 'address_city', label: 'Town or city', autoComplete: 'address-level2' },
  { name: 'address_county', label: 'County', autoComplete: 'address-level1' },
  { name: 'address_postcode', label: 'Postcode', autoComplete: 'postal-code' },
  { name: 'address_country', label: 'Country', autoComplete: 'country-name' },
] as const;
type FieldName = (typeof FIELDS)[number]['name'];

/** The billing address of the user's own party, sent whole (product.md#entities, #validation). */
export function AddressForm({ idParty, initial }: { idParty: number | null; initial: Address | null }) {
  const [values, setValues] = useState<Record<FieldName, string>>(
    () => Object.fromEntries(FIELDS.map((f) => [f.name, initial?.[f.name] ?? ''])) as Record<FieldName, string>,
  );
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<{ message: string; field?: string } | null>(null);
  const status = useStatusMessage();
  const saved = status.message !== null;

  async function save(event: React.FormEvent) {
    event.preventDefault();
    if (idParty === null) return;
    setPending(true);
    setError(null);
    status.show(null);
    try {
      await api.call('finance.saveAddress', { params: { id: idParty }, body: values });
      status.show('Address saved.');
    } catch (err) {
      setError({ message: errorMessage(err), ...(err instanceof ApiError && err.field ? { field: err.field } : {}) });
      status.announce();
    } finally {
      setPending(false);
    }
  }

  return (
    <Card as="section" aria-labelledby="address-heading">
      <h2 id="address-heading" className="text-lg font-bold">
        Billing address
      </h2>
      {idParty === null ? (
        <p role="alert" className="mt-3 text-red-800">
          {ADDRESS_NO_PARTY}
        </p>
      ) : (
        <form onSubmit={(e) => void save(e)} className="mt-4 grid gap-4 sm:grid-cols-2" noValidate>
          {FIELDS.map((f) => (
            <div key={f.name} className={f.name.startsWith('address_line') ? 'sm:col-span-2' : undefined}>
              <Field
                label={f.label}
                name={f.name}
                autoComplete={f.autoComplete}
                value={values[f.name]}
                onChange={(e) => {
                  // A confirmation is about what was saved, not what is being typed now.
                  status.show(null);
                  setValues((v) => ({ ...v, [f.name]: e.target.value }));
                }}
                error={error?.field === f.name ? error.message : undefined}
              />
            </div>
          ))}
          <div className="flex flex-wrap items-center gap-4 sm:col-span-2">
            <Button type="submit" busy={pending}>
              Save address
            </Button>
            {saved ? (
              <p role="status" className="text-sm font-medium text-emerald-800">
                {status.message}
              </p>
            ) : null}
            {error && !error.field ? (
              <p role="alert" className="text-sm font-semibold text-red-800">
                {error.message}
              </p>
            ) : null}
          </div>
        </form>
      )}
    </Card>
  );
}
