import { formatDate, formatPounds, type Invoice } from '@fretline/contract';
import { Card } from '../../components/ui';

/** Paid invoices of a subscription, newest first, totals in GBP (product.md#validation: only totals ≥ 0.01). */
export function Invoices({ invoices }: { invoices: Invoice[] }) {
  return (
    <Card as="section" aria-labelledby="invoices-heading">
      <h2 id="invoices-heading" className="text-lg font-bold">
        Invoices
      </h2>
      {invoices.length === 0 ? (
        <p className="mt-3 text-stone-600">No payments yet. Invoices appear here after each payment.</p>
      ) : (
        <ul className="mt-3 divide-y divide-stone-200" data-testid="invoices">
          {invoices.map((invoice) => (
            <li key={invoice.id_stripe_invoice} className="flex flex-wrap items-center justify-between gap-2 py-3">
              <div>
                <p className="font-semibold">{formatDate(invoice.stripe_invoice_created, 'long')}</p>
                {invoice.stripe_invoice_number ? (
                  <p className="text-sm text-stone-600">Invoice {invoice.stripe_invoice_number}</p>
                ) : null}
              </div>
              <div className="flex items-center gap-4">
                <span className="font-semibold tabular-nums">{formatPounds(invoice.stripe_invoice_total)}</span>
                {invoice.stripe_invoice_url ? (
                  <a
                    className="text-sm font-semibold text-brand-700 underline"
                    href={invoice.stripe_invoice_url}
                    target="_blank"
                    rel="noreferrer"
                  >
                    View
                  </a>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
